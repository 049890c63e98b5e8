import { z } from "zod/mini";

/**
 * The read model every leaderboard table, CSV/JSON export and the read API share.
 * Built on the server from Score rows (lib/db/queries), rendered by components/leaderboard-table.tsx.
 * zod/mini (the same zod, tree-shakable functions instead of methods): the browser loads these schemas with the
 * table (lib/leaderboard/table-state.ts, packed-board.ts), and classic zod was 30 KB of every leaderboard page's
 * JavaScript. They mix freely with the classic schemas of the server.
 */

export const SystemKind = z.enum(["general_llm", "memory_system", "retrieval_baseline"]);
export type SystemKind = z.infer<typeof SystemKind>;

/**
 * How much to trust a row, and where it came from: `reported` (figures copied from the authors' paper or site),
 * `rescored` (scored here from the authors' released model outputs, or the server's own baselines), `submitted`
 * (uploaded by a user, scored here, unreviewed) and `verified` (an upload a maintainer checked). An upload is
 * never `reported` or `rescored`.
 */
export const ResultTier = z.enum(["reported", "rescored", "submitted", "verified"]);
export type ResultTier = z.infer<typeof ResultTier>;

export const MetricKind = z.enum(["deterministic", "judge"]);

export const LeaderboardColumn = z.object({
  /** metric key, e.g. "f1" or "task3/d100:recall" on the overview */
  id: z.string(),
  label: z.string(),
  /** one line shown on hover: what the metric means */
  description: z.string(),
  direction: z.enum(["higher", "lower"]),
  decimals: z.int().check(z.minimum(0), z.maximum(6)),
  /** "percent-like" 0..1 metrics vs 0..100 scores vs 1..5 ratings: only changes formatting hints */
  scale: z.enum(["unit", "hundred", "likert5", "raw"]),
  kind: MetricKind,
  /** optional column group header, e.g. "d100" or "Task 1" */
  group: z.optional(z.string()),
});
export type LeaderboardColumn = z.infer<typeof LeaderboardColumn>;

export const MetricCell = z.object({
  value: z.nullable(z.number()),
  n: z.nullable(z.int()),
  ciLow: z.nullable(z.number()),
  ciHigh: z.nullable(z.number()),
  /** judge profile name for judge metrics; null for deterministic ones */
  judgeProfile: z.nullable(z.string()),
  /** after a re-score: the value under the previous score version, so the table can show what moved */
  previous: z.optional(z.nullable(z.object({ value: z.nullable(z.number()), scoreVersion: z.string() }))),
});
export type MetricCell = z.infer<typeof MetricCell>;

/** What the contamination check measured on a Task 1 submission (stored on the submission, shown on its row). */
export const ContaminationFigures = z.object({
  /** distinct normalised predicted values checked */
  values: z.int(),
  /** share of them found verbatim in other tracks' public inputs (Task 2 memory pools, Task 3 candidates) */
  publicShare: z.number(),
  task2InputShare: z.number(),
  task3CandidateShare: z.number(),
  /** largest share found in one earlier submission of another system, and which one */
  submissionShare: z.number(),
  submissionId: z.nullable(z.string()),
  threshold: z.number(),
  flagged: z.boolean(),
  /**
   * The split whose rows alone reach the highest public share, when that is what flagged the file: junk values on
   * the dev rows diluted a test-row copy of the gold under the threshold (the outside review's third pass)
   */
  split: z.optional(z.object({ name: z.string(), values: z.int(), publicShare: z.number() })),
});
export type ContaminationFigures = z.infer<typeof ContaminationFigures>;

export const LeaderboardRow = z.object({
  /** unique per row: one system can have a reported and a re-scored row */
  rowId: z.string(),
  systemSlug: z.string(),
  systemName: z.string(),
  organisation: z.nullable(z.string()),
  kind: SystemKind,
  backbone: z.nullable(z.string()),
  openWeights: z.nullable(z.boolean()),
  tier: ResultTier,
  /** where reported figures come from (paper table, official site) */
  sourceLabel: z.nullable(z.string()),
  sourceUrl: z.nullable(z.string()),
  note: z.nullable(z.string()),
  submissionId: z.nullable(z.string()),
  /** uploaded rows (submitted, verified): the uploader's display name and the upload date (ISO), else null */
  submittedBy: z.optional(z.nullable(z.string())),
  submittedAt: z.optional(z.nullable(z.string())),
  /** the contamination check's figures when it flagged a submission behind this row (lib/contamination) */
  contamination: z.optional(z.nullable(ContaminationFigures)),
  /** a module upload whose reward scores the server's reward service (partly) supplied: the reward profile's short hash */
  rewardsFromService: z.optional(z.nullable(z.string())),
  cells: z.record(z.string(), MetricCell),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z.object({
  id: z.string(),
  title: z.string(),
  split: z.string(),
  /** which column ranks rows by default */
  defaultSort: z.string(),
  columns: z.array(LeaderboardColumn),
  rows: z.array(LeaderboardRow),
  notes: z.array(z.string()),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
