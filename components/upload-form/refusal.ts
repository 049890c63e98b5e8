import "@/lib/security/zod-jitless";
import { z } from "zod";
import { coverageOfReport } from "@/lib/submissions/coverage";
import { coverageSentence } from "@/lib/submissions/coverage-text";

// The API's answers, parsed (never cast). Tolerant of where the id and the problems sit.
const Problem = z.object({
  line: z.number().nullable().optional(),
  field: z.string().nullable().optional(),
  message: z.string(),
});
type Problem = z.infer<typeof Problem>;
const Coverage = z
  .looseObject({
    expected: z.number(),
    valid: z.number(),
    missing: z.number(),
    duplicate: z.number(),
    unknown: z.number(),
    rejected: z.number(),
  })
  .partial();
const Validation = z.looseObject({
  fatal: z.string().nullable().optional(),
  problems: z.array(Problem).optional(),
  problemsTotal: z.number().optional(),
  coverage: Coverage.optional(),
});
const ErrorBody = z.looseObject({
  error: z
    .union([
      z.string(),
      z.looseObject({
        code: z.string().optional(),
        message: z.string().optional(),
        problems: z.array(Problem).optional(),
        problemsTotal: z.number().optional(),
        validation: Validation.optional(),
        /** 400: one entry per bad form field */
        fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
        /** 429 upload limit: when the next upload is allowed */
        nextAllowedAt: z.string().nullable().optional(),
      }),
    ])
    .optional(),
  message: z.string().optional(),
  problems: z.array(Problem).optional(),
  problemsTotal: z.number().optional(),
  validation: Validation.optional(),
});

/** An accepted upload's answer, as the page to follow it on. */
export const SuccessBody = z.union([
  // a run: its page shows every track
  z.looseObject({ run_id: z.string().min(1) }).transform((b) => `/runs/${encodeURIComponent(b.run_id)}`),
  z.looseObject({ id: z.string().min(1) }).transform((b) => `/submissions/${encodeURIComponent(b.id)}`),
  z.looseObject({ submission: z.looseObject({ id: z.string().min(1) }) }).transform((b) => `/submissions/${encodeURIComponent(b.submission.id)}`),
]);

/**
 * The partial coverage an accepted upload's answer reports (one file's `validation`, or each file of a run), in
 * words; null when every file covers every instance of its track. A file of 3 rows of 454 is accepted; the form
 * says so before anyone reads a figure.
 */
export function acceptedCoverage(json: unknown): string | null {
  const body = z
    .looseObject({ validation: z.unknown().optional(), submissions: z.array(z.looseObject({ task: z.string(), validation: z.unknown().optional() })).optional() })
    .safeParse(json);
  if (!body.success) return null;
  const files = body.data.submissions ?? [{ task: "", validation: body.data.validation }];
  const partial = files.flatMap((file) => {
    const coverage = coverageOfReport(file.validation);
    return coverage && coverage.covered < coverage.expected ? [`${file.task ? `${file.task}: ` : ""}${coverageSentence(coverage)}`] : [];
  });
  return partial.length > 0 ? partial.join("; ") : null;
}

export type Refusal = {
  status: number;
  message: string;
  problems: Problem[];
  problemsTotal: number;
  coverage: z.infer<typeof Coverage> | null;
  nextAllowedAt?: string | null;
  code?: string | null;
};

/** A refused upload's answer (any status, JSON or not) as the form shows it. */
export function refusalFrom(status: number, text: string): Refusal {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: a proxy's error page, say
  }
  const parsed = ErrorBody.safeParse(json);
  const fallback =
    status === 401
      ? "You are not signed in any more. Sign in again, then resubmit."
      : status === 413
        ? "The file is too large."
        : status === 429
          ? "You have reached the submission limit. Try again later."
          : `The server refused the upload (HTTP ${status}).`;
  if (!parsed.success) return { status, message: fallback, problems: [], problemsTotal: 0, coverage: null };
  const body = parsed.data;
  const error = typeof body.error === "object" ? body.error : undefined;
  const validation = body.validation ?? error?.validation;
  const message = (typeof body.error === "string" ? body.error : error?.message) ?? body.message ?? validation?.fatal ?? fallback;
  const fieldProblems: Problem[] = (error?.fields ?? []).map((f) => ({ line: null, field: f.field, message: f.message }));
  const problems = body.problems ?? error?.problems ?? validation?.problems ?? fieldProblems;
  const problemsTotal = Math.max(problems.length, body.problemsTotal ?? error?.problemsTotal ?? validation?.problemsTotal ?? 0);
  return {
    status,
    message,
    problems,
    problemsTotal,
    coverage: validation?.coverage ?? null,
    nextAllowedAt: error?.nextAllowedAt ?? null,
    code: error?.code ?? null,
  };
}
