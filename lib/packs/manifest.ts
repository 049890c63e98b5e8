import { z } from "zod";

/**
 * The manifest of a reproducibility pack (`manifest.json` at the zip's root): what a ranked row was computed from
 * (data version and its content hashes, scorer version, judge or reward profile, the submission file's hash, the
 * bootstrap seed, dates), the figures as the server stores them, and every other file of the zip with its sha256,
 * so a copy that was changed after it left the server is found. Benchmark-neutral: the benchmark fills in the
 * `figures` and the files (lib/benchmarks/<id>/pack) and its verifier reads them back.
 */
const PACK_FORMAT = "leaderboard-pack/1";

export const PackFile = z.object({
  path: z.string().min(1),
  /** predictions: the submitted rows; results: per-instance results; gold: public gold the data folder lacks */
  role: z.enum(["predictions", "results", "gold", "other"]),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().min(0),
});
export type PackFile = z.infer<typeof PackFile>;

export const PackFigure = z.object({
  track: z.string(),
  /** the instances aggregated: the submission's own scope ("full", "dev", …) or one split of a full run */
  scope: z.string(),
  metric: z.string(),
  kind: z.enum(["deterministic", "judge"]),
  score_version: z.string(),
  value: z.number().nullable(),
  n: z.number().int().nullable(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  /** published noised and rounded (hidden test instances): only the server, which holds the exact figure, checks it */
  noised: z.boolean().optional(),
});
export type PackFigure = z.infer<typeof PackFigure>;

export const PackManifest = z.object({
  format: z.literal(PACK_FORMAT),
  generated_at: z.string(),
  benchmark: z.object({
    id: z.string(),
    data_version: z.string(),
    data_source: z.string(),
    data_imported_at: z.string(),
    /** per track: sha256 of the public gold the figures were scored against (benchmark-defined canonical form) */
    data_hashes: z.record(z.string(), z.string()),
  }),
  submission: z.object({
    id: z.string(),
    system: z.string(),
    system_slug: z.string(),
    source: z.string(),
    scope: z.string(),
    tracks: z.array(z.string()),
    file_name: z.string().nullable(),
    /** sha256 of the file as uploaded (null for the server's own runs, which have no upload) */
    file_sha256: z.string().nullable(),
    content_sha256: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  }),
  scorer_version: z.string().nullable(),
  score_versions: z.array(z.string()),
  bootstrap: z.object({ seed: z.string(), resamples: z.number().int(), level: z.number(), method: z.string() }),
  judge_profiles: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  reward_profile: z.unknown().nullable(),
  predictions_included: z.boolean(),
  /** what the pack leaves out and why (hidden test gold, predictions the submitter kept private) */
  notes: z.array(z.string()),
  figures: z.array(PackFigure),
  files: z.array(PackFile),
});
export type PackManifest = z.infer<typeof PackManifest>;
