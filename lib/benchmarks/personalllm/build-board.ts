import { z } from "zod";
import type { Leaderboard, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { metricColumn } from "../metric-column";
import type { BenchmarkView, MetricValue, UploadedRun } from "../types";
import { REWARD_ALIASES } from "./reward-models";
import type { ReportedRun } from "./reported-runs";
import { rewardsTrack } from "./rewards-track";
import { meanZMetric } from "./score-users";
import { selectionTrack } from "./selection-track";

/**
 * PersonalLLM's views as the platform's Leaderboard read model (same `rows` shape as AlpsBench views), plus
 * the settings of each row as filterable attributes. Pure: the database query hands in the rows.
 */

export interface ScoredRun {
  id: string;
  /** "submission" (re-scored upload) or "baseline" (computed in-app) */
  origin: "submission" | "baseline";
  track: "rewards" | "selection";
  name: string;
  organisation: string | null;
  setting: string | null;
  algorithm: string | null;
  shots: number | null;
  note: string | null;
  metrics: Record<string, MetricValue>;
  /** scored on the synthetic evaluation set (stored with the run: pllm_submission.synthetic_data, pllm_upload.synthetic_data) */
  syntheticData?: boolean;
  /** "rescored": stored by this server's own tools (saveRun); "submitted"/"verified": an upload through the platform */
  tier?: "rescored" | "submitted" | "verified";
  /** the platform Submission of an upload (its status page), else null */
  submissionId?: string | null;
  systemSlug?: string;
}

/**
 * A scored public upload of the platform (lib/benchmarks/load-benchmark-view.ts) as a board run; `syntheticData`:
 * it was scored on the synthetic evaluation set (pllm_upload, recorded when it was scored).
 */
export function uploadedRun(upload: UploadedRun, syntheticData: boolean): ScoredRun {
  return {
    id: upload.submissionId,
    origin: "submission",
    track: upload.track === "selection" ? "selection" : "rewards",
    name: upload.systemName,
    organisation: upload.organisation,
    setting: null,
    algorithm: null,
    shots: null,
    note: null,
    metrics: upload.metrics,
    tier: upload.tier,
    syntheticData,
    submissionId: upload.submissionId,
    systemSlug: upload.systemSlug,
  };
}

/** Settings shown as columns and used as filters (`?origin=paper&setting=setting2&algorithm=...&shots=3`). */
export const ATTRIBUTE_KEYS = ["origin", "setting", "algorithm", "shots", "responses", "embedding", "similar_users"] as const;
type Attributes = Record<(typeof ATTRIBUTE_KEYS)[number], string | number | null>;

const list = z
  .array(z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/, "letters, digits, _ . : -"))
  .max(50)
  .default([]);
/** The settings filter of a PersonalLLM view: each list keeps rows matching any of its values. */
export const SettingsFilter = z.object({
  origin: list.meta({ description: "`paper`, `log`, `submission` or `baseline` (comma-separated, any of)." }),
  setting: list.meta({ description: "`setting1` (own history in context) or `setting2` (learning from similar users)." }),
  algorithm: list.meta({ description: "Algorithm, e.g. `KShotICLAlgorithm`, `MetaLearnKShotICLAlgorithm`." }),
  shots: list.meta({ description: "Number of shots, e.g. `0`, `1`, `3`, `5`." }),
  responses: list.meta({ description: "Responses included in the shots, e.g. `winning_only`, `winning_and_losing`." }),
  embedding: list.meta({ description: "User embedding of meta-learning runs: `winning`, `losing`, `win_minus_lose`." }),
});
export type SettingsFilter = z.infer<typeof SettingsFilter>;

export function readSettingsFilter(params: URLSearchParams): { ok: true; filter: SettingsFilter } | { ok: false; issues: string[] } {
  const input: Record<string, string[]> = {};
  for (const key of Object.keys(SettingsFilter.shape)) {
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) input[key] = values;
  }
  const parsed = SettingsFilter.safeParse(input);
  if (parsed.success) return { ok: true, filter: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
}

function matchesSettings(attributes: Attributes, filter: SettingsFilter): boolean {
  return Object.entries(filter).every(([key, values]) => {
    const value = attributes[key as keyof SettingsFilter];
    return values.length === 0 || (value !== null && values.includes(String(value)));
  });
}

const shortAlgorithm = (a: string) => a.replace(/Algorithm$/, "");

function runName(run: Pick<ReportedRun, "algorithm" | "shots" | "responsesToInclude" | "userEmbeddingType" | "nSimilarUsers">): string {
  const parts = [shortAlgorithm(run.algorithm), `${run.shots}-shot`];
  if (run.responsesToInclude !== "none") parts.push(run.responsesToInclude);
  if (run.userEmbeddingType) parts.push(`emb ${run.userEmbeddingType}`);
  if (run.nSimilarUsers !== null) parts.push(`${run.nSimilarUsers} similar`);
  return parts.join(" · ");
}

const reportedCell = (value: number | null | undefined): MetricCell => ({
  value: value ?? null,
  n: null,
  ciLow: null,
  ciHigh: null,
  judgeProfile: null,
});

interface BoardRow {
  row: LeaderboardRow;
  attributes: Attributes;
}

function reportedRow(run: ReportedRun): BoardRow {
  const cells: Record<string, MetricCell> = {
    total_score: reportedCell(run.totalScore),
    win_rate_vs_best_response: reportedCell(run.winRateVsBest),
    win_rate_vs_gpt4o: reportedCell(run.winRateVsGpt4o),
  };
  for (const alias of REWARD_ALIASES) cells[meanZMetric(alias)] = reportedCell(run.meanZ?.[alias]);
  return {
    row: {
      rowId: run.id,
      // a run configuration of the authors' code, not a system with a page of its own
      systemSlug: `personalllm-${run.id}`,
      systemPage: false,
      systemName: runName(run),
      organisation: "PersonalLLM authors",
      kind: "general_llm",
      backbone: run.generator,
      openWeights: true,
      tier: "reported",
      sourceLabel: run.source === "paper" ? `PersonalLLM paper, main figure (${run.setting})` : "PersonalLLM logged evaluation runs",
      sourceUrl: "https://github.com/namkoong-lab/PersonalLLM",
      note: `${run.setting === "setting1" ? "Setting 1: the user's own history in context" : "Setting 2: learning from similar users"}; run log ${run.csvOutput}`,
      submissionId: null,
      cells,
    },
    attributes: {
      origin: run.source,
      setting: run.setting,
      algorithm: run.algorithm,
      shots: run.shots,
      responses: run.responsesToInclude,
      embedding: run.userEmbeddingType,
      similar_users: run.nSimilarUsers,
    },
  };
}

/** A baseline's row id from its name ("Per-user oracle" -> baseline-per-user-oracle): stable across re-imports. */
const baselineRowId = (name: string) =>
  `baseline-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

function scoredRow(run: ScoredRun): BoardRow {
  const cells: Record<string, MetricCell> = {};
  for (const [id, m] of Object.entries(run.metrics)) cells[id] = { value: m.value, n: m.n, ciLow: m.ciLow, ciHigh: m.ciHigh, judgeProfile: null };
  const baseline = run.origin === "baseline";
  return {
    row: {
      rowId: baseline ? baselineRowId(run.name) : run.submissionId ? `upload-${run.id}` : `sub-${run.id}`,
      systemSlug: run.systemSlug ?? `personalllm-${run.origin}-${run.id}`.replace(/[^A-Za-z0-9_-]/g, "-"),
      // only an upload's system has a /systems page; a baseline or a run stored by the server's tools has none
      ...(run.systemSlug ? {} : { systemPage: false }),
      systemName: run.name,
      organisation: run.organisation,
      // a reference row: drawn beside the ranked rows, never ranked (lib/leaderboard/apply-table-query.ts)
      kind: baseline ? "baseline" : "general_llm",
      backbone: null,
      openWeights: null,
      tier: run.tier ?? "rescored",
      sourceLabel: baseline
        ? "Reference baseline, computed by this server from the evaluation set and the test prompts' candidates (not ranked)"
        : run.track === "rewards"
          ? `${run.submissionId ? "Uploaded; " : ""}re-scored from submitted rewards (raw rewards are the submitter's)`
          : `${run.submissionId ? "Uploaded; " : ""}selection, scored by this server`,
      sourceUrl: null,
      note: run.note,
      submissionId: run.submissionId ?? null,
      cells,
    },
    attributes: {
      origin: run.origin,
      setting: run.setting,
      algorithm: run.algorithm,
      shots: run.shots,
      responses: null,
      embedding: null,
      similar_users: null,
    },
  };
}

interface BoardInput {
  paper: readonly ReportedRun[];
  logged: readonly ReportedRun[];
  submissions: readonly ScoredRun[];
  baselines: readonly ScoredRun[];
  /** the evaluation set held now is the synthetic one (not the real dataset): the board says so in a note */
  syntheticData?: boolean;
}

/** A re-scored row on a synthetic evaluation set: marked, said in its source, and never ranked (apply-table-query.ts). */
function markSynthetic(board: BoardRow): BoardRow {
  const row = board.row;
  return {
    ...board,
    row: { ...row, syntheticData: true, sourceLabel: `Synthetic evaluation data (not PersonalLLM's); ${row.sourceLabel ?? ""}`.replace(/; $/, "") },
  };
}

/**
 * The reference rows every view shows: the seeded random pick and the per-user oracle pick (selection-track.ts,
 * selectionBaselines). Their users' rewards are candidates' raw rewards, so they read as rewards-track rows too.
 * The selection view adds each source model alone.
 */
const REFERENCE_BASELINES = ["Random candidate", "Per-user oracle"];

/** "setting 1" for a run of the first setting: what tells two otherwise equal runs apart. */
const SETTING_LABEL = { setting1: "setting 1", setting2: "setting 2" } as const;

/**
 * Two runs of one configuration would stand as two identical names (the paper plots ZeroShot · 0-shot in both
 * settings' panels, from two logged runs with the same figures): such names get what differs, the setting, or, where
 * the setting is the same too, the run's log (its timestamp) in its place (the setting they share tells them apart
 * from nothing, and named beside the time it made the longest logged names wrap at 1280 px: 14 rows of 15 on the
 * first screen). Reported rows only (an upload is named by its system); rows with a name of their own keep it.
 */
function distinctNames(rows: BoardRow[]): BoardRow[] {
  const reportedCount = (list: BoardRow[]) => {
    const count = new Map<string, number>();
    for (const r of list) if (r.row.tier === "reported") count.set(r.row.systemName, (count.get(r.row.systemName) ?? 0) + 1);
    return (r: BoardRow) => (r.row.tier === "reported" ? (count.get(r.row.systemName) ?? 0) : 0);
  };
  const named = (r: BoardRow, extra: string | null) => (extra ? { ...r, row: { ...r.row, systemName: `${r.row.systemName} · ${extra}` } } : r);
  const twice = reportedCount(rows);
  const bySetting = rows.map((r) => (twice(r) > 1 ? named(r, r.attributes.setting ? SETTING_LABEL[r.attributes.setting as keyof typeof SETTING_LABEL] : null) : r));
  const stillTwice = reportedCount(bySetting);
  return bySetting.map((r, i) => (stillTwice(r) > 1 ? named(rows[i]!, runLogTime(r.row.note)) : r));
}

/** "2024-08-17 02:50" from a logged run's note, which names its scores file (…_2024-08-17-02-50.csv); null: none. */
function runLogTime(note: string | null | undefined): string | null {
  const m = /(\d{4}-\d{2}-\d{2})-(\d{2})-(\d{2})\.csv$/.exec(note ?? "");
  return m ? `${m[1]} ${m[2]}:${m[3]}` : null;
}

/** The column a view ranks by first, the others in the track's order: the first column a reader sees is the ranked one. */
function rankedFirst<T extends { id: string }>(columns: T[], ranked: string): T[] {
  return [...columns.filter((c) => c.id === ranked), ...columns.filter((c) => c.id !== ranked)];
}

/** Which rows each view shows: see views.ts. */
export function buildBoard(view: BenchmarkView, input: BoardInput, filter: SettingsFilter): { board: Leaderboard; attributes: Map<string, Attributes> } {
  const track = view.track === "selection" ? selectionTrack : rewardsTrack;
  // each run says which evaluation set it was scored on (stored with it), whatever set is imported now
  const rescored = (run: ScoredRun) => (run.syntheticData ? markSynthetic(scoredRow(run)) : scoredRow(run));
  const references = input.baselines.filter((b) => view.id === "selection" || REFERENCE_BASELINES.includes(b.name)).map(rescored);
  let rows: BoardRow[];
  if (view.id === "") rows = [...input.paper.map(reportedRow), ...input.submissions.filter((s) => s.track === "rewards").map(rescored)];
  else if (view.id === "rewards") rows = input.submissions.filter((s) => s.track === "rewards").map(rescored);
  else if (view.id === "selection") rows = input.submissions.filter((s) => s.track === "selection").map(rescored);
  else rows = input.logged.map(reportedRow);
  rows = distinctNames([...rows, ...references].filter((r) => matchesSettings(r.attributes, filter)));
  const notes = [
    "Win rates count a user only when the score is strictly greater than the baseline's reward (a tie is not a win; sums that differ only in the last bits, by summation order, are a tie, as in the authors' eval.py).",
    "Reference baselines (random pick, per-user oracle pick; on Selection also each source model alone) are computed by this server and shown for comparison, never ranked.",
    "Reported rows are the authors' figures (namkoong-lab/Private_PersonalLLM @0fd9a3c); re-scored rows are recomputed by this server with 95% bootstrap CIs over users.",
  ];
  if (view.id === "selection")
    notes.push(
      'Ranked by Score: "Win vs best-of-8" cannot exceed 0 for a pick among the same 8 candidates (at best it ties the best one), so it cannot separate picks.',
    );
  if (input.syntheticData)
    notes.unshift(
      "This server's evaluation set is SYNTHETIC (generated by `personalllm-synthetic` for tests and demos, not the PersonalLLM dataset): every re-scored row is marked \"synthetic data\" and none is ranked, as its figures cannot be compared with the paper's runs. An operator imports the real Hugging Face files to score on the real data (docs/benchmarks/personalllm.md).",
    );
  if (view.id === "logged")
    notes.push("Setting of a logged run: meta-learning algorithms learn from similar users (setting 2); the others use the user's own history (setting 1).");
  return {
    board: {
      id: view.id === "" ? "personalllm" : `personalllm-${view.id}`,
      title: view.title,
      split: "test",
      defaultSort: view.defaultSort,
      columns: rankedFirst(track.metrics.map(metricColumn), view.defaultSort),
      rows: rows.map((r) => r.row),
      notes,
    },
    attributes: new Map(rows.map((r) => [r.row.rowId, r.attributes])),
  };
}
