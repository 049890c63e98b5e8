import { validatePredictionRow, type PredictionRow, type Task4PredictionRow } from "@/lib/predictions";
import type { PredictionFileRow } from "@/lib/predictions/read-prediction-file";
import { bootstrapCI, readTask3Prediction, scoreMemorySet, scoreTask2Actions, type BootstrapInterval, type MemorySetResult } from "@/lib/scoring";
import { bootstrapRatioCI } from "@/lib/scoring/bootstrap-ratio-ci";
import { taskOf, type Split, type TrackId } from "@/lib/tracks";
import { keptSubmittedItems } from "./kept-submitted-items";

/**
 * Deterministic scoring of one track's predictions: validation with line and field, coverage, per-instance
 * metrics, and aggregates with 95% bootstrap intervals. Pure (no I/O): the CLI, the seeds and the worker all
 * call this. Judge metrics are not computed here (lib/judge). Bump SCORER_VERSION whenever a number this
 * produces could change: scores are stored per version and re-scoring writes a new one.
 */
export const SCORER_VERSION = "det-1.0.0";
export const BOOTSTRAP_RESAMPLES = 1000;

/** A benchmark instance as the scorer needs it: gold is server-side data, never sent to a client. */
export type ScorableInstance = { benchmarkId: string; input: unknown; gold: unknown };

export type InstanceScore = {
  benchmarkId: string;
  /** false when the submission had no (valid) row for this instance: it scores as an empty prediction */
  predicted: boolean;
  metrics: Record<string, number | null>;
  /** what explains the numbers: matched pairs, missing and extra items, the selected candidate */
  detail: Record<string, unknown>;
};

/**
 * `share`: the largest weight one instance has in `value` (1 / n for a mean, max den / Σ den for a pooled ratio);
 * the rounding of uploads' test-split figures reads it (lib/leaderboard/test-split-privacy.ts). Never stored.
 */
export type AggregateMetric = { value: number | null; n: number; ciLow: number | null; ciHigh: number | null; share?: number };

export type ScoringProblem = { line: number | null; benchmarkId: string | null; field: string | null; message: string };

export type TrackScore = {
  track: TrackId;
  scorerVersion: string;
  n: number;
  metrics: Record<string, AggregateMetric>;
  /** with options.splitOf: the same aggregates over each split's instances (for full-benchmark runs) */
  splitMetrics: Partial<Record<Split, Record<string, AggregateMetric>>>;
  instances: InstanceScore[];
  coverage: { expected: number; scored: number; missing: number; duplicate: number; unknown: number; rejected: number };
  problems: ScoringProblem[];
  /** problems beyond the kept ones, counted */
  problemsTotal: number;
};

const MAX_PROBLEMS = 200;

/** `value`: the row object as read (a JSON-text row already unwrapped); `row`: its validated view. */
type Collected = {
  byId: Map<string, { line: number; value: Record<string, unknown>; row: PredictionRow }>;
  problems: ScoringProblem[];
  total: number;
  duplicate: number;
  unknown: number;
  rejected: number;
};

/** Validates rows, keeps the first row per benchmark id, and reports unknown ids and rejected rows. */
function collectRows(track: TrackId, rows: readonly PredictionFileRow[], known: ReadonlySet<string>): Collected {
  const collected: Collected = { byId: new Map(), problems: [], total: 0, duplicate: 0, unknown: 0, rejected: 0 };
  const report = (problem: ScoringProblem) => {
    collected.total += 1;
    if (collected.problems.length < MAX_PROBLEMS) collected.problems.push(problem);
  };
  for (const { line, value } of rows) {
    const checked = validatePredictionRow(track, value);
    const benchmarkId = checked.ok ? checked.row.benchmark_id : null;
    for (const problem of checked.problems) report({ line, benchmarkId, field: problem.field, message: problem.message });
    if (!checked.ok || benchmarkId === null) {
      collected.rejected += 1;
      continue;
    }
    if (!known.has(benchmarkId)) {
      collected.unknown += 1;
      report({ line, benchmarkId, field: "benchmark_id", message: `unknown benchmark_id "${benchmarkId}" for ${track}` });
      continue;
    }
    const first = collected.byId.get(benchmarkId);
    if (first) {
      collected.duplicate += 1;
      report({ line, benchmarkId, field: "benchmark_id", message: `duplicate of line ${first.line}; the first row is scored` });
      continue;
    }
    collected.byId.set(benchmarkId, { line, value: checked.value, row: checked.row });
  }
  return collected;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const ratio = (num: number, den: number): number | null => (den > 0 ? num / den : null);

function interval(ci: BootstrapInterval, share: number | undefined): AggregateMetric {
  return { value: ci.mean, n: ci.n, ciLow: ci.low, ciHigh: ci.high, ...(share !== undefined ? { share } : {}) };
}

/** Largest share of the denominator one instance holds (undefined when the ratio is undefined). */
function ratioShare(den: readonly number[]): number | undefined {
  let total = 0;
  let max = 0;
  for (const d of den) {
    total += d;
    max = Math.max(max, d);
  }
  return total > 0 ? max / total : undefined;
}

function bootstraps(seed: string) {
  return {
    boot: (values: number[], metric: string) => {
      const ci = bootstrapCI(values, { seed: `${seed}:${metric}`, resamples: BOOTSTRAP_RESAMPLES });
      return interval(ci, ci.n > 0 ? 1 / ci.n : undefined);
    },
    bootRatio: (num: number[], den: number[], metric: string) =>
      interval(bootstrapRatioCI(num, den, { seed: `${seed}:${metric}`, resamples: BOOTSTRAP_RESAMPLES }), ratioShare(den)),
  };
}

function memorySetDetail(result: MemorySetResult): Record<string, unknown> {
  return {
    pairs: result.pairs,
    missingGold: result.missingGold,
    extraPred: result.extraPred,
    nGold: result.nGold,
    nPred: result.nPred,
    ...(result.problems.length ? { problems: result.problems.slice(0, 20) } : {}),
  };
}

export type ScoreTrackOptions = {
  seed?: string;
  /** each instance's split: also aggregate per split (the split views of a run scored on every instance) */
  splitOf?: (benchmarkId: string) => Split | undefined;
};

export function scoreTrack(track: TrackId, instances: readonly ScorableInstance[], rows: readonly PredictionFileRow[], options: ScoreTrackOptions = {}): TrackScore {
  const known = new Set(instances.map((i) => i.benchmarkId));
  const collected = collectRows(track, rows, known);
  const { scored, aggregate } = scoreInstances(track, instances, collected);
  const seed = `${options.seed ?? "alpsbench"}:${track}`;
  const metrics = aggregate(
    instances.map((_, k) => k),
    seed,
  );
  const splitMetrics: TrackScore["splitMetrics"] = {};
  if (options.splitOf) {
    const bySplit = new Map<Split, number[]>();
    instances.forEach((instance, k) => {
      const split = options.splitOf!(instance.benchmarkId);
      if (split) bySplit.set(split, [...(bySplit.get(split) ?? []), k]);
    });
    // a seed of its own per split: the full aggregate's interval stays exactly what it was
    for (const [split, indices] of bySplit) splitMetrics[split] = aggregate(indices, `${seed}:${split}`);
  }
  const missing = instances.length - collected.byId.size;
  return {
    track,
    scorerVersion: SCORER_VERSION,
    n: instances.length,
    metrics,
    splitMetrics,
    instances: scored,
    coverage: {
      expected: instances.length,
      scored: collected.byId.size,
      missing,
      duplicate: collected.duplicate,
      unknown: collected.unknown,
      rejected: collected.rejected,
    },
    problems: collected.problems,
    problemsTotal: collected.total,
  };
}

type Aggregate = (indices: readonly number[], seed: string) => Record<string, AggregateMetric>;

/** Per-instance metrics, and a function aggregating any subset of the instances (by index) with its own seed. */
function scoreInstances(track: TrackId, instances: readonly ScorableInstance[], collected: Collected): { scored: InstanceScore[]; aggregate: Aggregate } {
  const task = taskOf(track);
  const scored: InstanceScore[] = [];
  const pick = <T>(values: readonly T[], indices: readonly number[]) => indices.map((k) => values[k]!);

  if (task === "task1" || task === "task2") {
    const results: MemorySetResult[] = [];
    const actions: { num: number[]; den: number[]; byKind: Record<string, { num: number[]; den: number[] }> } = {
      num: [],
      den: [],
      byKind: { retention: { num: [], den: [] }, modification: { num: [], den: [] }, addition: { num: [], den: [] } },
    };
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const gold = list(record(instance.gold).memory_items);
      // Raw items go to the scorer (it reads anything, as the authors' scorer does); a missing row is empty.
      const pred = row ? list(row.value.memory_items) : [];
      const result = scoreMemorySet(gold, pred);
      results.push(result);
      const perInstance: Record<string, number | null> = {
        precision: result.precision,
        recall: result.recall,
        f1: result.f1,
        algo_score_100: result.algoScore100,
        direct_recall: ratio(result.directMatched, result.directGold),
        indirect_recall: ratio(result.indirectMatched, result.indirectGold),
      };
      // a missing row keeps nothing: the page then says "no prediction row"
      const detail: Record<string, unknown> = { ...memorySetDetail(result), ...(row ? keptSubmittedItems(pred) : {}) };
      if (task === "task2") {
        const a = scoreTask2Actions(record(instance.input).memory, gold, record(instance.gold).selected_memory_id, pred, result);
        const total = a.byKind.retention.total + a.byKind.modification.total + a.byKind.addition.total;
        const realized = a.byKind.retention.realized + a.byKind.modification.realized + a.byKind.addition.realized;
        actions.num.push(realized);
        actions.den.push(total);
        for (const kind of ["retention", "modification", "addition"] as const) {
          actions.byKind[kind]!.num.push(a.byKind[kind].realized);
          actions.byKind[kind]!.den.push(a.byKind[kind].total);
          perInstance[`${kind}_recall`] = ratio(a.byKind[kind].realized, a.byKind[kind].total);
        }
        perInstance.action_accuracy = a.accuracy;
        detail.actions = a.actions;
      }
      scored.push({ benchmarkId: instance.benchmarkId, predicted: row !== undefined, metrics: perInstance, detail });
    }
    const aggregate: Aggregate = (indices, seed) => {
      const { boot, bootRatio } = bootstraps(seed);
      const subset = pick(results, indices);
      const metrics: Record<string, AggregateMetric> = {};
      metrics.precision = boot(
        subset.map((r) => r.precision),
        "precision",
      );
      metrics.recall = boot(
        subset.map((r) => r.recall),
        "recall",
      );
      metrics.f1 = boot(
        subset.map((r) => r.f1),
        "f1",
      );
      metrics.algo_score_100 = boot(
        subset.map((r) => r.algoScore100),
        "algo_score_100",
      );
      metrics.direct_recall = bootRatio(
        subset.map((r) => r.directMatched),
        subset.map((r) => r.directGold),
        "direct_recall",
      );
      metrics.indirect_recall = bootRatio(
        subset.map((r) => r.indirectMatched),
        subset.map((r) => r.indirectGold),
        "indirect_recall",
      );
      if (task === "task2") {
        metrics.action_accuracy = bootRatio(pick(actions.num, indices), pick(actions.den, indices), "action_accuracy");
        for (const kind of ["retention", "modification", "addition"] as const) {
          metrics[`${kind}_recall`] = bootRatio(pick(actions.byKind[kind]!.num, indices), pick(actions.byKind[kind]!.den, indices), `${kind}_recall`);
        }
      }
      return metrics;
    };
    return { scored, aggregate };
  } else if (task === "task3") {
    const hits: number[] = [];
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const goldId = String(record(instance.gold).selected_memory_id ?? "");
      const read = row ? readTask3Prediction(row.value) : null;
      const hit = read !== null && read.selectedMemoryId !== null && goldId !== "" && read.selectedMemoryId === goldId;
      hits.push(hit ? 1 : 0);
      scored.push({
        benchmarkId: instance.benchmarkId,
        predicted: row !== undefined,
        metrics: { recall: hit ? 1 : 0 },
        detail: { selected: read?.selectedMemoryId ?? null },
      });
    }
    return { scored, aggregate: (indices, seed) => ({ recall: bootstraps(seed).boot(pick(hits, indices), "recall") }) };
  } else {
    // Task 4 has judge metrics only; the deterministic pass records which queries were answered.
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const queries = list(record(instance.input).queries).length;
      // the validated responses: an official row's single answer counts as one, as the judge sees it
      const responses = row ? (row.row as Task4PredictionRow).responses.length : 0;
      scored.push({ benchmarkId: instance.benchmarkId, predicted: row !== undefined, metrics: {}, detail: { queries, responses } });
    }
    return { scored, aggregate: () => ({}) };
  }
}
