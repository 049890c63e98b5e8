import { z } from "zod";

/*
 * The JSON answers of the /api/v1 routes whose shape no parser in lib/ already states, as zod schemas for the API
 * declaration (api-routes.ts): /api-docs lists their fields, GET /api/v1/openapi.json publishes them. Loose objects:
 * a route may add a field without breaking a client that reads these. Where a route builds its answer in one
 * place, it checks it against its schema at compile time (`satisfies z.input<typeof ReleaseList>`).
 */

const Problem = z.looseObject({ line: z.number().int().optional(), field: z.string().optional(), message: z.string() });

/** A stored upload's check, as the upload's answer shows it (lib/submissions/contracts.ts UploadValidation). */
const UploadValidationSummary = z
  .looseObject({
    format: z.enum(["jsonl", "json-array", "csv", "parquet"]).nullable(),
    gzip: z.boolean(),
    rows: z.number().int(),
    bytes: z.number().int(),
    coverage: z.looseObject({
      expected: z.number().int(),
      valid: z.number().int(),
      missing: z.number().int(),
      duplicate: z.number().int(),
      unknown: z.number().int(),
    }),
    problems: z.array(Problem).describe("The first problems, each with its line and field."),
    problemsTotal: z.number().int(),
  })
  .describe("The file's check: format, rows, coverage of the track's instances, problems by line and field.");

/** What the uploader has left of the limits for the data version (lib/submissions/upload-quota.ts). */
const UploadQuotaAnswer = z.object({
  uploads: z
    .object({ perDay: z.number().int(), usedToday: z.number().int(), leftToday: z.number().int() })
    .describe("Uploads of the last 24 hours (a run counts once), against the daily limit."),
  test: z
    .object({
      perDay: z.number().int(),
      perMonth: z.number().int(),
      usedToday: z.number().int(),
      usedMonth: z.number().int(),
      leftToday: z.number().int().describe("Test answers left in the last 24 hours: `leftToday` of `perDay`."),
      leftMonth: z.number().int().describe("Test answers left in the last 30 days: `leftMonth` of `perMonth`."),
      nextAllowedAt: z.string().nullable().describe("When one more test answer is allowed (ISO 8601); null: now."),
    })
    .nullable()
    .describe(
      "Test-split answers: a test upload (the test split, or the full benchmark with test rows) is one answer, or as many as its files that are scored on the same hidden test instances; dev and validation uploads spend none. null: this data version's test uploads are not limited (the demo).",
    ),
});

export const QuotaAnswer = UploadQuotaAnswer.extend({ benchmark: z.string().describe("The data version these figures are for.") });

export const SubmissionAccepted = z.object({
  id: z.string(),
  status: z.string().describe("`queued` for a new upload; a retry with the same Idempotency-Key answers the first upload's status."),
  duplicate: z.boolean().describe("true: the answer is an earlier upload with the same Idempotency-Key."),
  validation: UploadValidationSummary.optional(),
  quota: UploadQuotaAnswer.describe("What is left of your limits for this data version, this upload counted."),
  links: z.object({ self: z.string() }),
});

export const RunAccepted = z.object({
  run_id: z.string(),
  duplicate: z.boolean(),
  submissions: z.array(
    z.object({
      id: z.string(),
      task: z.string(),
      split: z.string(),
      status: z.string(),
      file: z.string().describe("The file's path in the archive or upload."),
      validation: UploadValidationSummary.optional(),
      links: z.object({ self: z.string(), page: z.string() }),
    }),
  ),
  ignored: z.array(z.unknown()).describe("Files that are no prediction file (README, hidden files), with the reason."),
  skipped: z
    .array(
      z.object({
        file: z.string(),
        task: z.string(),
        existing: z.object({ id: z.string().nullable(), track: z.string(), url: z.string().nullable() }),
        reason: z.string(),
      }),
    )
    .describe("Files not stored because an earlier submission holds the same predictions on their track (`existing` links it); the run's other files were stored."),
  quota: UploadQuotaAnswer.describe("What is left of your limits for this data version, this run counted."),
  links: z.object({ page: z.string() }),
});

const Figure = z.looseObject({
  value: z.number().nullable(),
  n: z.number().int().nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  judgeProfile: z.string().nullable().optional(),
  scoreVersion: z.string(),
});

export const SubmissionStatusAnswer = z.looseObject({
  id: z.string(),
  status: z.enum(["queued", "validating", "scoring", "judging", "done", "failed"]),
  track: z.string().nullable().describe("The track of a one-track upload; null for a run's submission of several."),
  tracks: z.array(z.string()),
  split: z.string(),
  benchmark: z.string().describe("The data version it was scored on."),
  visibility: z.enum(["public", "private"]),
  progress: z.looseObject({}).describe("Steps done and to do while it is scored."),
  failureReason: z.string().nullable().optional(),
  metrics: z
    .record(z.string(), Figure)
    .describe('The current score version\'s figures by metric ("<track>:<metric>" when it covers several tracks), with n and 95% CI.'),
  explanation: z
    .looseObject({})
    .nullable()
    .describe("One-track uploads: every metric of the track, why a figure is missing, what keeps it unranked, the board its row is on."),
  review: z
    .looseObject({})
    .nullable()
    .describe("The ranking rules' state of a public finished upload (pending, rejected, approved, unranked); null: ranked as usual."),
});

export const VisibilityChanged = z.object({
  id: z.string(),
  visibility: z.enum(["public", "private"]),
  changed: z.boolean(),
  hidden_copies: z.array(z.string()).describe("Later public uploads of the same predictions, hidden by this change."),
});

export const SystemChanged = z.object({
  slug: z.string().describe("The system's slug: it stays the same, so every link keeps working."),
  name: z.string(),
  kind: z.string(),
  changed: z.array(z.enum(["name", "kind"])).describe("What changed; empty: it was so already."),
});

export const SubmissionDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const ModerationDone = z.object({
  id: z.string(),
  action: z.string(),
  state: z.looseObject({ verified: z.boolean(), hidden: z.boolean(), flagged: z.boolean() }),
  auditLogId: z.string(),
});

export const ModuleItemsAnswer = z.looseObject({
  submission: z.string(),
  benchmark: z.string(),
  track: z.string(),
  scoreVersion: z.string(),
  total: z.number().int(),
  columns: z.array(z.unknown()).describe("The item key, then the figures the track declares, in order."),
  rows: z.array(z.record(z.string(), z.unknown())),
});

export const LeaderboardAnswer = z.looseObject({
  leaderboard: z.string(),
  title: z.string(),
  benchmark: z.string(),
  split: z.string(),
  scoreVersion: z.string(),
  query: z.string().describe("The table query as the page's address carries it."),
  sort: z.unknown(),
  rankedBy: z.string().nullable().describe("The metric column the ranks are on."),
  total: z.number().int().describe("Matching rows, before `all` cuts a page."),
  columns: z.array(
    z.looseObject({ id: z.string(), label: z.string(), description: z.string(), direction: z.enum(["higher", "lower"]), decimals: z.number().int() }),
  ),
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      "Each row: `rank` (competition rank on the sorted metric; empty when the value is missing), `pinned`, `row_id` (the value for `pin`), the system's identity, its `tier`, source and note, and per metric `<metric>`, `<metric>__n`, `<metric>__ci_low`, `<metric>__ci_high` and, for judge metrics, `<metric>__judge`.",
    ),
  notes: z.array(z.string()),
});

export const ReleaseList = z.object({
  releases: z.array(
    z.object({
      id: z.string(),
      benchmark: z.string(),
      scorer_version: z.string(),
      data_version: z.string(),
      trigger: z.string().describe("`admin` or `automatic` (the benchmark's data or scorer version changed)."),
      note: z.string().nullable(),
      content_hash: z.string(),
      last_updated: z.string().describe("When it was cut (ISO 8601)."),
      url: z.string(),
      snapshot_url: z.string(),
    }),
  ),
});

export const QueueAnswer = z.looseObject({
  waiting: z.looseObject({ total: z.number().int(), jobs: z.array(z.looseObject({})) }),
  running: z.looseObject({ total: z.number().int(), jobs: z.array(z.looseObject({})).describe("With each job's progress.") }),
  recent: z.array(z.looseObject({})).describe("Finished uploads, with their wait and run durations."),
});

export const ReadinessAnswer = z.object({
  benchmark: z.string(),
  ready: z.boolean(),
  tracks: z.array(
    z.object({
      track: z.string(),
      ready: z.boolean(),
      missing: z.string().nullable().describe("The data the track still needs and how an operator imports it; null when ready."),
    }),
  ),
});

export const ListedInstanceAnswer = z.looseObject({ track: z.string(), benchmark_id: z.string() }).describe("The instance, as its benchmark shows it.");

export const OpenApiAnswer = z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({}), paths: z.looseObject({}) });
