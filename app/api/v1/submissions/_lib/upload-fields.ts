import { z } from "zod";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { TRACK_IDS, TrackId } from "@/lib/tracks";

/**
 * The metadata of an upload (multipart form fields, or query parameters of a raw-body upload): the one
 * schema that says what `POST /api/v1/submissions` accepts. Every value arrives as a string; an empty
 * string counts as absent (an HTML form sends "" for an untouched optional input). Unknown fields are an
 * error, so a typo ("modle") is reported instead of silently ignored.
 */

const optionalText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).optional();
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(500, "at most 500 characters")
  .optional();

/** "task1", "task3/d300" and the URL slug "task3-d300" all name a track. */
export const TrackField = z.string().transform((value, ctx) => {
  const candidate = value.trim().toLowerCase().replace("-", "/");
  const parsed = TrackId.safeParse(candidate);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: `unknown track "${value}"; known: ${TRACK_IDS.join(", ")} (or slugs like task3-d300)` });
    return z.NEVER;
  }
  return parsed.data;
});

const BooleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: 'must be "true" or "false"' })
  .transform((value) => value === "true" || value === "1" || value === "yes");

export const UploadFields = z.strictObject(
  {
    task: TrackField,
    model: z.string({ error: "is required (the system's name)" }).trim().min(1, "is required (the system's name)").max(120, "at most 120 characters"),
    split: z.enum(["full", "dev", "validation", "test"], { error: "must be full, dev, validation or test" }).default("full"),
    benchmark: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be a benchmark slug such as alpsbench-v1 or demo")
      .default("alpsbench-v1"),
    organisation: optionalText(120),
    kind: z
      .enum(["general_llm", "memory_system", "retrieval_baseline"], { error: "must be general_llm, memory_system or retrieval_baseline" })
      .default("general_llm"),
    backbone: optionalText(120),
    description: optionalText(2000),
    paper_url: httpUrl,
    code_url: httpUrl,
    open_weights: BooleanText.optional(),
    visibility: z.enum(["public", "private"], { error: "must be public or private" }).default("public"),
    /** raw-body uploads only: the file name to record (multipart takes the file part's name) */
    filename: z.string().trim().min(1).max(200, "at most 200 characters").optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);
export type UploadFields = z.infer<typeof UploadFields>;

export type FieldProblem = { field: string; message: string };

/** Parses string fields; problems name the field ("task", "paper_url", …). */
export function parseUploadFields(raw: Record<string, string>): { ok: true; fields: UploadFields } | { ok: false; problems: FieldProblem[] } {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value.trim() !== ""));
  const parsed = UploadFields.safeParse(present);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") return { field: issue.keys.join(", "), message: issue.message };
    const field = issue.path.map(String).join(".") || "(form)";
    // zod's "expected string, received undefined" means a required field is missing
    const message = issue.code === "invalid_type" && present[field] === undefined ? "is required" : issue.message;
    return { field, message };
  });
  return { ok: false, problems };
}

/** `field "task": unknown track …; field "model": is required` */
export function describeFieldProblems(problems: readonly FieldProblem[]): string {
  return problems.map((p) => `field "${p.field}": ${p.message}`).join("; ");
}

/** The system part of NewSubmission from the fields. */
export function systemOf(fields: UploadFields): NewSubmission["system"] {
  return {
    name: fields.model,
    organisation: fields.organisation ?? null,
    kind: fields.kind,
    backbone: fields.backbone ?? null,
    paperUrl: fields.paper_url ?? null,
    codeUrl: fields.code_url ?? null,
    openWeights: fields.open_weights ?? null,
    description: fields.description ?? null,
  };
}

/** Idempotency-Key header: printable ASCII, 1-200 characters (Stripe's convention, more or less). */
export function parseIdempotencyKey(value: string | null): { ok: true; key: string | null } | { ok: false; message: string } {
  if (value === null) return { ok: true, key: null };
  const key = value.trim();
  if (key.length === 0 || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    return { ok: false, message: "the Idempotency-Key header must be 1-200 printable ASCII characters without spaces" };
  }
  return { ok: true, key };
}
