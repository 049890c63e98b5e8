import { z } from "zod";
import { declaredBenchmarkOf, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { checkActiveWithinTotal, factsOfUpload, MODEL_FACT_FIELDS } from "@/lib/model-facts/upload-fields";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { textProblem, VISIBLE_NAME } from "@/lib/security/safe-text";

/**
 * The metadata of an upload (multipart form fields, or query parameters of a raw-body upload): the one
 * schema that says what `POST /api/v1/submissions` accepts. Every value arrives as a string; an empty
 * string counts as absent (an HTML form sends "" for an untouched optional input). Unknown fields are an
 * error, so a typo ("modle") is reported instead of silently ignored.
 */

// given but invisible ("\u200b") is refused like an invisible model name (it showed as an empty organisation)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine(...VISIBLE_NAME)
    .optional();
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(500, "at most 500 characters")
  .optional();

/** an upload without `benchmark` goes to the default data version of the benchmark at "/" */
const DEFAULT_DATA_VERSION = capabilitiesOf(ROOT_BENCHMARK).dataVersions[0];

const BooleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: 'must be "true" or "false"' })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** The fields as sent (every value a string); exported for the API documentation (app/api/v1/_lib/api-routes.ts). */
export const UploadFieldsObject = z.strictObject(
  {
    /** a track of the benchmark named by `benchmark`: by any of its names for AlpsBench (task3_d300, task3/d300, task3-d300) */
    task: z
      .string()
      .trim()
      .min(1, "is required")
      .describe(
        "The track of the file: one of the tracks of the benchmark `benchmark` names (by any name it knows). Without it the upload is a run: each file's track comes from its path.",
      ),
    model: z
      .string({ error: "is required (the system's name)" })
      .trim()
      .min(1, "is required (the system's name)")
      .max(120, "at most 120 characters")
      .refine(...VISIBLE_NAME)
      .describe("The system's name, as its row shows it."),
    split: z
      .enum(["full", "dev", "validation", "test"], { error: "must be full, dev, validation or test" })
      .default("full")
      .describe("The instances scored: `full` (every split the file covers) or one split."),
    benchmark: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be a benchmark slug such as alpsbench-v1, demo or personalllm")
      .default(DEFAULT_DATA_VERSION)
      .describe("A hosted benchmark's id or one of its data versions; default: the default data version of the benchmark at `/`."),
    organisation: optionalText(120).describe("Who made the system (shown as claimed until an admin verifies it)."),
    kind: z
      .enum(["general_llm", "memory_system", "retrieval_baseline"], { error: "must be general_llm, memory_system or retrieval_baseline" })
      .default("general_llm")
      .describe("What the system is."),
    backbone: optionalText(120).describe("The model under a memory system or retrieval pipeline."),
    description: optionalText(2000).describe("Free text about the system (line breaks allowed)."),
    paper_url: httpUrl.describe("Its paper."),
    code_url: httpUrl.describe("Its code."),
    open_weights: BooleanText.optional().describe("Whether its weights are public."),
    // model facts and run cost (lib/model-facts/upload-fields.ts): optional, validated
    ...MODEL_FACT_FIELDS,
    visibility: z
      .enum(["public", "private"], { error: "must be public or private" })
      .default("public")
      .describe("`private`: only you and admins see the upload and its figures."),
    /** publish the prediction file in the run's reproducibility pack (GET …/{id}/pack); default false */
    publish_predictions: BooleanText.optional().describe("Put the prediction file in the run's reproducibility pack (`…/{id}/pack`); default false."),
    /** raw-body uploads only: the file name to record (multipart takes the file part's name) */
    filename: z
      .string()
      .trim()
      .min(1)
      .max(200, "at most 200 characters")
      .refine(...VISIBLE_NAME)
      .optional()
      .describe("Raw-body uploads only: the file name to record (`run.tar.gz` tells a tar.gz run from a gzipped file)."),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);

/**
 * `task` read against `benchmark`: a registered module's track id as the module declares it ("rewards"), else an
 * AlpsBench track by any of its names (normalised to its id).
 */
export const UploadFields = UploadFieldsObject.superRefine(checkActiveWithinTotal).transform((fields, ctx) => {
  const checked = checkTask(fields.benchmark, fields.task);
  if (checked.ok) return { ...fields, task: checked.task };
  ctx.addIssue({ code: "custom", path: ["task"], message: checked.message });
  return z.NEVER;
});

/**
 * A track by its id as declared ("rewards"), or by any name its benchmark's `parseTrack` knows (AlpsBench: "task1",
 * "task3_d300" and "task4_ability2" as the official harness names them, "task3/d300", the slug "task3-d300"), as
 * its id (hosted-capabilities.ts `namedTask`).
 */
function checkTask(benchmark: string, task: string): { ok: true; task: string } | { ok: false; message: string } {
  // a name no benchmark declares is a release imported under its own slug or a typo: only the database knows, so
  // the creation path (resolveBenchmarkName) reads it, and refuses a typo with the names that exist
  const hosted = benchmark === "" ? ROOT_BENCHMARK : declaredBenchmarkOf(benchmark);
  return hosted === null ? { ok: true, task } : capabilitiesOf(hosted).namedTask(task);
}
export type UploadFields = z.infer<typeof UploadFields>;

/** A run's fields: the same without `task` (each file's track comes from its path). */
export const RunFields = UploadFieldsObject.omit({ task: true }).superRefine(checkActiveWithinTotal);
export type RunFields = z.infer<typeof RunFields>;

type FieldProblem = { field: string; message: string };

/** Fields that may hold line breaks and tabs (free text); no field may hold any other control character. */
const MULTILINE_FIELDS = new Set(["description"]);

/** Parses string fields; problems name the field ("task", "paper_url", …). */
export function parseUploadFields(
  raw: Record<string, string> | ReadonlyMap<string, string>,
): { ok: true; fields: UploadFields } | { ok: false; problems: FieldProblem[] };
export function parseUploadFields(
  raw: Record<string, string> | ReadonlyMap<string, string>,
  run: true,
): { ok: true; fields: RunFields } | { ok: false; problems: FieldProblem[] };
export function parseUploadFields(
  raw: Record<string, string> | ReadonlyMap<string, string>,
  run = false,
): { ok: true; fields: RunFields } | { ok: false; problems: FieldProblem[] } {
  const entries = raw instanceof Map ? [...raw.entries()] : Object.entries(raw);
  const textProblems = entries.flatMap(([field, value]) => {
    const problem = textProblem(value, MULTILINE_FIELDS.has(field)) ?? textProblem(field);
    return problem ? [{ field: textProblem(field) ? "(field name)" : field, message: problem }] : [];
  });
  if (textProblems.length > 0) return { ok: false, problems: textProblems };
  const present = Object.fromEntries(entries.filter(([, value]) => value.trim() !== ""));
  const parsed = (run ? RunFields : UploadFields).safeParse(present);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") return { field: issue.keys.join(", "), message: issue.message };
    const field = issue.path.map(String).join(".") || "(form)";
    // zod's "expected string, received undefined" means a required field is missing
    const message = issue.code === "invalid_type" && present[field] === undefined ? "is required" : issue.message;
    return { field, message };
  });
  // the track is checked against the benchmark after the fields parse, so with another field wrong it is checked here
  if (!run && present.task !== undefined && !problems.some((p) => p.field === "task")) {
    const checked = checkTask(present.benchmark?.trim() || DEFAULT_DATA_VERSION, present.task.trim());
    if (!checked.ok) problems.unshift({ field: "task", message: checked.message });
  }
  return { ok: false, problems };
}

/** `field "task": unknown track …; field "model": is required` */
export function describeFieldProblems(problems: readonly FieldProblem[]): string {
  return problems.map((p) => `field "${p.field}": ${p.message}`).join("; ");
}

/** The system part of NewSubmission from the fields. */
export function systemOf(fields: RunFields): NewSubmission["system"] {
  return {
    name: fields.model,
    organisation: fields.organisation ?? null,
    kind: fields.kind,
    backbone: fields.backbone ?? null,
    paperUrl: fields.paper_url ?? null,
    codeUrl: fields.code_url ?? null,
    openWeights: fields.open_weights ?? null,
    description: fields.description ?? null,
    ...factsOfUpload(fields),
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
