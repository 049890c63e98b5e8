import { z } from "zod";
import { RESULT_TIERS, ROW_KINDS, SYSTEM_KINDS } from "./enums";

/**
 * The read model every leaderboard table, CSV/JSON export and the read API share.
 * Built on the server from Score rows (lib/db/queries), rendered by components/leaderboard-table.tsx.
 * Server only as values (the browser's table imports its types only, and the lists from ./enums): zod would add 24-31
 * KB gzip to every leaderboard page's JavaScript.
 */

export const SystemKind = z.enum(SYSTEM_KINDS);
export type SystemKind = z.infer<typeof SystemKind>;
const RowKind = z.enum(ROW_KINDS);

/**
 * How much to trust a row, and where it came from: `reported` (figures copied from the authors' paper or site),
 * `rescored` (scored here from the authors' released model outputs, or the server's own baselines), `submitted`
 * (uploaded by a user, scored here, unreviewed), `verified` (an upload a maintainer checked) and `claimed`
 * (figures an operator imported from a third party's Every Eval Ever file, not checked here: lib/eee). An upload
 * is never `reported`, `rescored` or `claimed`.
 */
export const ResultTier = z.enum(RESULT_TIERS);
export type ResultTier = z.infer<typeof ResultTier>;

const MetricKind = z.enum(["deterministic", "judge"]);

export const LeaderboardColumn = z.object({
  /** metric key, e.g. "f1" or "task3/d100:recall" on the overview */
  id: z.string(),
  label: z.string(),
  /** one line shown on hover: what the metric means */
  description: z.string(),
  direction: z.enum(["higher", "lower"]),
  decimals: z.number().int().min(0).max(6),
  /** "percent-like" 0..1 metrics vs 0..100 scores vs 1..5 ratings: only changes formatting hints */
  scale: z.enum(["unit", "hundred", "likert5", "raw"]),
  kind: MetricKind,
  /** optional column group header, e.g. "d100" or "Task 1" */
  group: z.string().optional(),
  /**
   * A detail column (PersonalLLM's mean z of each reward model): the page's table folds it away until the reader
   * asks for it (`detail=1`, lib/leaderboard/detail-columns.ts), so the headline columns fit the window; the API
   * and the downloads carry it as any other column.
   */
  detail: z.boolean().optional(),
  /**
   * A column ranked only among rows with full coverage (the overview's mean rank): when the table is sorted by it,
   * rows whose `column` cell is below `of` get no rank and follow the ranked ones, by coverage (more first), then
   * by this column. A mean over fewer tracks is not comparable with a mean over all of them.
   */
  coverage: z.object({ column: z.string(), of: z.number().int().min(1) }).optional(),
});
export type LeaderboardColumn = z.infer<typeof LeaderboardColumn>;

export const MetricCell = z.object({
  value: z.number().nullable(),
  n: z.number().int().nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  /** judge profile name for judge metrics; null for deterministic ones */
  judgeProfile: z.string().nullable(),
  /** after a re-score: the value under the previous score version, so the table can show what moved */
  previous: z.object({ value: z.number().nullable(), scoreVersion: z.string() }).nullable().optional(),
  /**
   * a test figure published with noise (TEST_FIGURE_NOISE=on, lib/benchmarks/alpsbench/read/test-split-privacy.ts): shown at its
   * rounding step's resolution (null: a figure built from a noised part, shown at the column's), marked, never bolded
   */
  noised: z.object({ step: z.number().nullable() }).nullable().optional(),
  /**
   * a reported figure beside the one the cell shows and ranks by: what it printed and which publication. Either
   * another publication contradicts a reported figure (the paper's Table 2 where the cell shows the official site's;
   * lib/benchmarks/alpsbench/data/seeds/published/reported-disagreements.ts), or the cell is the server's figure of a
   * system the authors reported too (one row per system, lib/leaderboard/one-row-per-system.ts)
   */
  otherReported: z.object({ value: z.number(), source: z.string() }).nullable().optional(),
  /**
   * the figure is a reported one (the source named), standing in a row the server scored where the server computed
   * none (lib/leaderboard/one-row-per-system.ts); absent: the figure is of the row's own tier
   */
  reportedBy: z.string().nullable().optional(),
});
export type MetricCell = z.infer<typeof MetricCell>;

/**
 * A field a benchmark adds to its board's rows (LeaderboardRow.extras): its id is the CSV/JSON field and the Every
 * Eval Ever mark, `header` the CSV's readable name, `decimals` the rounding of a number in downloads (default: none).
 */
export const RowExtraField = z.object({ id: z.string(), header: z.string(), decimals: z.number().int().min(0).max(6).optional() });
export type RowExtraField = z.infer<typeof RowExtraField>;

export const LeaderboardRow = z.object({
  /** unique per row: one system can have a reported and a re-scored row */
  rowId: z.string(),
  systemSlug: z.string(),
  systemName: z.string(),
  organisation: z.string().nullable(),
  kind: RowKind,
  backbone: z.string().nullable(),
  openWeights: z.boolean().nullable(),
  tier: ResultTier,
  /** where reported figures come from (paper table, official site) */
  sourceLabel: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  note: z.string().nullable(),
  submissionId: z.string().nullable(),
  /** the row's reproducibility pack (lib/packs): rows scored on this server; absent or null for reported figures */
  packUrl: z.string().nullable().optional(),
  /** where a row whose predictions are public browses its per-instance items (lib/submissions/prediction-access.ts) */
  itemsUrl: z.string().nullable().optional(),
  /** uploaded rows (submitted, verified): the uploader's display name and the upload date (ISO), else null */
  submittedBy: z.string().nullable().optional(),
  submittedAt: z.string().nullable().optional(),
  /**
   * A check of the row's benchmark found the run no result of its own (AlpsBench's copy check: it reproduces an
   * earlier public run of another system row for row): like a flagged row it is listed only on request, never
   * ranked, and its figure is no result; `reason` is why, in the benchmark's words (the downloads' "Why unranked",
   * the status API's review reason). Unlike `flag` it carries no mark of its own on the board.
   */
  unranked: z.object({ reason: z.string() }).nullable().optional(),
  /**
   * A check of the row's benchmark flagged the run behind it (AlpsBench's contamination check): the row is listed only
   * on request, never ranked, and its figure is no result. `label` names the check on the row's mark ("flagged:
   * <label>"), `detail` says what it found (the mark's hover note).
   */
  flag: z.object({ label: z.string(), detail: z.string() }).nullable().optional(),
  /**
   * The benchmark's own fields of the row, as its board declares them (Leaderboard.extraFields): download columns
   * after the uploader's, and marks of its Every Eval Ever records. Absent: none (e.g. a run its check never saw).
   */
  extras: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  /** false: the row has no /systems page (a reported run configuration, a computed baseline), so its name links nowhere */
  systemPage: z.boolean().optional(),
  /** a module upload whose reward scores the server's reward service (partly) supplied: the reward profile's short hash */
  rewardsFromService: z.string().nullable().optional(),
  /**
   * The reference baseline this row does not beat on the board's headline (lib/leaderboard/baseline-marks.ts):
   * on Task 2, returning the input memories unchanged. Absent when it beats it or the board has no such baseline.
   */
  belowBaseline: z.object({ system: z.string(), column: z.string(), value: z.number() }).nullable().optional(),
  /**
   * The contentless reference row (a benchmark's declared `contentlessReferenceSlugs`: predicting nothing, labels
   * and types with no content) this row does not beat (lib/leaderboard/baseline-marks.ts), whatever its tier: it keeps
   * its rank, with this mark beside it; `value` at the column's shown precision. Absent when it beats every one.
   */
  belowContentless: z.object({ system: z.string(), column: z.string(), value: z.number() }).nullable().optional(),
  /**
   * The review rule's state of an upload (lib/leaderboard/review-hold.ts): `pending` (it beats every reported and
   * server-scored row of the board and no moderator has decided yet) and `rejected` are unranked with `reason`;
   * `approved` ranks, with the moderator's `note`. Absent: the rule does not hold this row.
   */
  review: z
    .object({ state: z.enum(["pending", "approved", "rejected"]), reason: z.string().nullable(), note: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * a re-scored row that also carries the authors' reported figures of the same system (one row per system,
   * lib/leaderboard/one-row-per-system.ts): where they come from. The server's figures rank where it has them.
   */
  reported: z.object({ sourceLabel: z.string().nullable(), sourceUrl: z.string().nullable() }).nullable().optional(),
  /** the submissions a merged multi-track row shows (its first is `submissionId`); internal, not downloaded */
  submissionIds: z.array(z.string()).optional(),
  /**
   * true: scored on a synthetic evaluation set (a module's generated stand-in for its real data, e.g.
   * `personalllm-synthetic`): marked "synthetic data" wherever it shows and never ranked, so it cannot sit among
   * the runs scored on the real data.
   */
  syntheticData: z.boolean().optional(),
  /** the model's facts (lib/model-facts): parameters in billions, licence id, release date, model card; null: none known */
  facts: z
    .object({
      paramsB: z.number().nullable(),
      activeParamsB: z.number().nullable(),
      license: z.string().nullable(),
      releaseDate: z.string().nullable(),
      modelUrl: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /**
   * an upload whose file has rows for only some of its track's instances (the rest scored as empty predictions):
   * how many of how many (lib/submissions/coverage.ts); absent when it covers them all or is no upload
   */
  coverage: z.object({ covered: z.number().int(), expected: z.number().int() }).nullable().optional(),
  /** what the run cost (US dollars) and the tokens it used, as its submitter reported them; absent when not reported */
  runCost: z.object({ usd: z.number().nullable(), tokens: z.number().nullable() }).nullable().optional(),
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
  /** the benchmark's own row fields (LeaderboardRow.extras), in download order; absent: none */
  extraFields: z.array(RowExtraField).optional(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
