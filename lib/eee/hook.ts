import type { Db } from "@/lib/db/create-client";
import type { Leaderboard } from "@/lib/leaderboard/types";

/**
 * What a benchmark tells the Every Eval Ever export and import (its registry hook `eee`, lib/benchmarks/types.ts):
 * the dataset as the format names it, who publishes the board and who wrote the benchmark, and its boards one per
 * track (each board's columns are that track's metrics). The format code in lib/eee knows no benchmark.
 */
export interface EeeBenchmarkHook {
  datasetName: string;
  datasetUrls: [string, ...string[]];
  /** a Hugging Face dataset id for `.eval_results` (`dataset.id`); absent: the dataset name */
  hfDatasetId?: string;
  /** who runs this leaderboard: the source of rows it scored itself */
  publisher: { name: string; url: string };
  /** the benchmark's authors: the source of the figures they reported */
  authors: { name: string; url: string };
  /** the scorer's version (eval_library.version) */
  scorerVersion: string;
  /** every track's board of a data version and split, public rows only */
  boards(db: Db, scope: { dataVersion: string; split: "all" | "full" | "dev" | "validation" | "test"; scoreVersion?: string }): Promise<EeeBoard[]>;
  /** makes sure the data version an import writes to exists (its tracks and version row), returning its id */
  ensureDataVersion(db: Db, dataVersion: string): Promise<{ id: string }>;
  /** the metric a result names, for files written elsewhere (without this site's track/metric details); null: unknown */
  metricOf?(evaluationName: string): { track: string; metric: string } | null;
  /** is (track, metric) one of the benchmark's, and which kind */
  metricKind(track: string, metric: string): "deterministic" | "judge" | null;
  /** the scale of (track, metric)'s column (LeaderboardColumn.scale): an imported figure must lie on it; null: unknown */
  metricScale(track: string, metric: string): "unit" | "hundred" | "likert5" | "raw" | null;
  /** the score version reported figures are stored under */
  reportedScoreVersion: string;
  /**
   * optional, pure: the benchmark's own marks of a record (its rows' extras, in `additional_details` as strings) in a
   * few words each, for the Hugging Face `.eval_results` notes; absent: they are left out of the notes
   */
  marksNote?(details: Readonly<Record<string, string>>): string[];
  /**
   * A row's per-instance results for the per-item JSONL, at most `limit` of them; null when they are not public
   * (a reported row, an upload whose submitter did not publish the predictions, a private row). Never an instance
   * of a hidden split: the benchmark leaves those out entirely.
   */
  instances?(db: Db, rowId: string, limit: number): Promise<{ items: EeeInstanceItem[]; total: number } | null>;
}

/** One scored instance of a row, as the benchmark describes it (lib/eee/export-instances.ts writes the line). */
export interface EeeInstanceItem {
  /** the evaluation_name of the aggregate result it belongs to (the track's) */
  evaluationName: string;
  sampleId: string;
  /** a hash of the instance's content, when the benchmark keeps one */
  sampleHash: string | null;
  /** the model input as text (JSON for structured inputs) */
  input: string;
  /** the public gold as text */
  reference: string[];
  /** the prediction as scored, as text */
  output: string;
  score: number;
  isCorrect: boolean;
  metadata: Record<string, string>;
}

export interface EeeBoard {
  track: string;
  trackTitle: string;
  board: Leaderboard;
}
