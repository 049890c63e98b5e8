import type { ModelFacts } from "@/lib/model-facts/facts";
import type { UploadBudget } from "@/lib/uploads/upload-budget";

/**
 * Shapes shared by the submission pipeline's parts: upload validation (lib/benchmarks/alpsbench/upload/validate-upload.ts),
 * the single creation path (lib/submissions/create-submission.ts), the queue (lib/queue) and the worker
 * (lib/worker/score-submission.ts). Gold never appears in any of them.
 */

export type UploadLimits = {
  /** raw bytes of the upload as received (compressed or not) */
  maxBytes: number;
  /** bytes after gunzip: a gzip bomb stops here */
  maxDecompressedBytes: number;
  /** problems kept for the report; the total is still counted */
  maxProblems: number;
};

export type UploadProblem = { line: number | null; field: string | null; message: string };

export type UploadCoverage = {
  /** instances of the track (and split) the submission is scored on */
  expected: number;
  /** rows accepted for scoring (first row per id) */
  valid: number;
  missing: number;
  duplicate: number;
  unknown: number;
  /** rows that are not JSON or whose envelope is wrong */
  rejected: number;
  /**
   * the test-split instances among `expected`, and how many the file has a valid row for. A file with test rows
   * must cover every test instance (lib/submissions/test-coverage.ts): a partial one would reveal per-instance
   * test scores through its headline metrics. `empty`: covered test rows that predict nothing
   * (lib/benchmarks/alpsbench/upload/empty-prediction.ts); too many refuse the file (degenerateTestRefusal).
   */
  test?: { expected: number; covered: number; missing: number; empty?: number };
  /** first ids of each kind, for the report */
  missingIds: string[];
  unknownIds: string[];
  duplicateIds: string[];
};

export type UploadValidation = {
  /** false: the upload is refused and nothing is stored */
  ok: boolean;
  /** one sentence saying why it was refused (null when ok) */
  fatal: string | null;
  /** machine code for the refusal */
  code: "ok" | "too_large" | "decompressed_too_large" | "empty" | "not_text" | "bad_gzip" | "malformed" | "wrong_ids" | "no_rows";
  /** csv and parquet: uploads to a registered benchmark module (lib/submissions/prepare-module-file.ts) */
  format: "jsonl" | "json-array" | "csv" | "parquet" | null;
  gzip: boolean;
  /** sha256 (hex) of the decompressed content: a gzipped and a plain upload of the same file are the same */
  sha256: string | null;
  /** sha256 of the canonical rows (lib/uploads/content-hash.ts): equal for the same predictions however written */
  contentSha256: string | null;
  /** bytes received, and after decompression */
  bytes: number;
  decompressedBytes: number;
  rows: number;
  /** the decompressed content, gzip-compressed, for storage (null when refused) */
  storedGzip: Buffer | null;
  coverage: UploadCoverage;
  problems: UploadProblem[];
  problemsTotal: number;
  /**
   * A refused file's first row keys (or its CSV header's columns): the platform names the other benchmark's track
   * whose rows have them (create-submission.ts, otherBenchmarkHint)
   */
  looksLike?: { format: "csv" | "json"; keys: string[] };
};

/** What the worker gets from the queue. Safe to run twice (results are keyed by submission, instance and version). */
export type ScoreJobPayload = { submissionId: string; scoreVersion: string };

type SubmissionSystemInput = {
  name: string;
  organisation?: string | null;
  kind: "general_llm" | "memory_system" | "retrieval_baseline";
  backbone?: string | null;
  paperUrl?: string | null;
  codeUrl?: string | null;
  openWeights?: boolean | null;
  description?: string | null;
  /** model facts given at upload (lib/model-facts): only the ones given are stored */
  facts?: Omit<ModelFacts, "openWeights" | "paperUrl" | "codeUrl">;
  /** what this upload's run cost and the tokens it used, as the submitter reports them (stored on each submission) */
  runCost?: { usd: number | null; tokens: number | null };
};

export type NewSubmission = {
  ownerId: string;
  /** an AlpsBench track (any name parseTrackName takes), or a track of the registered module named by `benchmark` */
  track: string;
  /** "full" scores on every instance; a split only on that split's instances */
  split: "full" | "dev" | "validation" | "test";
  /** benchmark version slug (default "alpsbench-v1"), or the id of a registered benchmark module ("personalllm") */
  benchmark?: string;
  system: SubmissionSystemInput;
  fileName: string;
  /** the upload, streamed */
  body: AsyncIterable<Uint8Array>;
  idempotencyKey?: string | null;
  visibility?: "public" | "private";
  /** the submitter publishes the prediction file in the run's reproducibility pack (lib/packs); default no */
  publishPredictions?: boolean;
  /** the request's decompressed-bytes budget, shared by every file and nesting level (lib/uploads/upload-budget.ts) */
  budget?: UploadBudget;
};

/** The earlier submission an upload's content equals (id and link only when the uploader may open it). */
type ExistingSubmission = { id: string | null; track: string; url: string | null };

export type SubmissionRefusal = {
  ok: false;
  /**
   * maps to HTTP: invalid_file 422, too_large 413, limit_reached 429, bad_request 400, not_found 404, duplicate 409,
   * name_taken 409 (the system name or organisation poses as another's: lib/submissions/system-name-check.ts),
   * name_misleading 422 (the name is a reference system's plus tier or source words: "GPT-5.2 (reported)")
   */
  code: "invalid_file" | "too_large" | "limit_reached" | "bad_request" | "not_found" | "duplicate" | "name_taken" | "name_misleading";
  message: string;
  validation?: Omit<UploadValidation, "storedGzip">;
  /** for a run: the file (path inside the archive or upload) the refusal is about */
  file?: string;
  /** duplicate: the submission holding the same predictions */
  existing?: ExistingSubmission;
  /** limit_reached: when the next such upload is allowed (ISO 8601), null when such uploads are switched off */
  nextAllowedAt?: string | null;
};

/**
 * What the uploader has left of the limits for the data version just uploaded to (lib/submissions/upload-quota.ts),
 * answered with every accepted upload and by GET /api/v1/quota.
 */
export type UploadQuota = {
  uploads: { perDay: number; usedToday: number; leftToday: number };
  /** test-split answers (lib/submissions/upload-limits.ts); null: this data version's test uploads are not limited (the demo) */
  test: { perDay: number; perMonth: number; usedToday: number; usedMonth: number; leftToday: number; leftMonth: number; nextAllowedAt: string | null } | null;
};

export type CreateSubmissionResult =
  { ok: true; id: string; status: string; duplicate: boolean; validation: Omit<UploadValidation, "storedGzip">; quota: UploadQuota } | SubmissionRefusal;

/** One file of a run, as it arrives (from an archive, a multipart part, or a folder). */
export type RunFileInput = { path: string; body: AsyncIterable<Uint8Array> };

export type NewRun = Omit<NewSubmission, "track" | "fileName" | "body"> & {
  /** true when the uploader chose the split: a split folder in a path that says otherwise is refused */
  splitGiven: boolean;
  /** the archive's (or first file's) name */
  fileName: string;
  files: AsyncIterable<RunFileInput>;
};

export type RunSubmissionSummary = { id: string; task: string; split: string; status: string; file: string; validation: Omit<UploadValidation, "storedGzip"> };

/** A file of a run that was not stored because an earlier submission holds the same predictions on its track. */
export type SkippedFile = { file: string; task: string; existing: ExistingSubmission; reason: string };

export type CreateRunResult =
  | { ok: true; runId: string; duplicate: boolean; submissions: RunSubmissionSummary[]; ignored: string[]; skipped: SkippedFile[]; quota: UploadQuota }
  | SubmissionRefusal;
