import type { Task4PredictionRow } from "@/lib/benchmarks/alpsbench/upload/schemas";
import { validatePredictionRow, type PredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import type { PredictionFileRow } from "@/lib/uploads/read-prediction-file";
import type { MemorySetResult } from "@/lib/benchmarks/alpsbench/scoring/memory-set-result";
import { readTask3Prediction } from "@/lib/benchmarks/alpsbench/scoring/read-task3-prediction";
import { releasedIdOf, task3Hit } from "@/lib/benchmarks/alpsbench/scoring/task3-hit";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { scoreTask2Actions } from "@/lib/benchmarks/alpsbench/scoring/task2-actions";
import { bootstrapCI, type BootstrapInterval } from "@/lib/stats/bootstrap-ci";
import { bootstrapRatioCI } from "@/lib/stats/bootstrap-ratio-ci";
import { ratio } from "@/lib/metrics/aggregate";
import { taskOf, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { keptSubmittedItems } from "./kept-submitted-items";
import { SCORER_VERSION } from "./scorer-version";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * Deterministic scoring of one track's predictions: validation with line and field, coverage, per-instance
 * metrics, and aggregates with 95% bootstrap intervals. Pure (no I/O): the CLI, the seeds and the worker all
 * call this. Judge metrics are not computed here (lib/judge). Bump SCORER_VERSION (./scorer-version.ts) whenever a
 * number this produces could change: scores are stored per version and re-scoring writes a new one.
 */
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
 * the rounding of uploads' test-split figures reads it (lib/benchmarks/alpsbench/read/test-split-privacy.ts). Never stored.
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
  /** keyed by the instance's id; `released`: the row named it by its released id (server-pools-v4 gold) */
  byId: Map<string, { line: number; value: Record<string, unknown>; row: PredictionRow; released: boolean }>;
  problems: ScoringProblem[];
  total: number;
  duplicate: number;
  unknown: number;
  rejected: number;
};

/** Validates rows, keeps the first row per benchmark id, and reports unknown ids and rejected rows. */
function collectRows(track: TrackId, rows: readonly PredictionFileRow[], known: ReadonlySet<string>, aliases: ReadonlyMap<string, string>): Collected {
  const collected: Collected = { byId: new Map(), problems: [], total: 0, duplicate: 0, unknown: 0, rejected: 0 };
  const report = (problem: ScoringProblem) => {
    collected.total += 1;
    if (collected.problems.length < MAX_PROBLEMS) collected.problems.push(problem);
  };
  for (const { line, value } of rows) {
    const checked = validatePredictionRow(track, value);
    const written = checked.ok ? checked.row.benchmark_id : null;
    const alias = written !== null && !known.has(written) ? aliases.get(written) : undefined;
    const benchmarkId = alias ?? written;
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
    collected.byId.set(benchmarkId, { line, value: checked.value, row: checked.row, released: alias !== undefined });
  }
  return collected;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

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
  /**
   * The seed of every aggregate over hidden test instances (the whole of a scope with test instances, and its test
   * split), in place of `seed`: a secret one (test-precision.ts testBootstrapSeed), so the published interval of a
   * test figure cannot be recomputed from candidate rows. Dev and validation keep `seed` (the documented one).
   */
  testSeed?: string;
};

export function scoreTrack(track: TrackId, instances: readonly ScorableInstance[], rows: readonly PredictionFileRow[], options: ScoreTrackOptions = {}): TrackScore {
  const known = new Set(instances.map((i) => i.benchmarkId));
  const collected = collectRows(track, rows, known, releasedAliases(track, instances));
  const { scored, inputs } = scoreInstances(track, instances, collected);
  const benchmarkIds = instances.map((i) => i.benchmarkId);
  const { metrics, splitMetrics } = aggregateScores(track, benchmarkIds, inputs, options);
  const { duplicate, unknown, rejected } = collected;
  return {
    track,
    scorerVersion: SCORER_VERSION,
    n: instances.length,
    metrics,
    splitMetrics,
    instances: scored,
    coverage: { expected: instances.length, scored: collected.byId.size, missing: instances.length - collected.byId.size, duplicate, unknown, rejected },
    problems: collected.problems,
    problemsTotal: collected.total,
  };
}

/**
 * Task 3 on server-pools-v4: each instance's released id (its session id, kept in the gold) stands for it too, so a
 * file written on the authors' released inputs is scored on the same instances without conversion.
 */
function releasedAliases(track: TrackId, instances: readonly ScorableInstance[]): Map<string, string> {
  const aliases = new Map<string, string>();
  if (taskOf(track) !== "task3") return aliases;
  for (const instance of instances) {
    const released = releasedIdOf(instance.gold);
    if (released !== null && released !== instance.benchmarkId) aliases.set(released, instance.benchmarkId);
  }
  return aliases;
}

/** The ids a file may key these instances by: their own, and on Task 3 their released ids (releasedAliases). */
export function rowIdsOf(track: TrackId, instances: readonly ScorableInstance[]): string[] {
  const ids = instances.map((i) => i.benchmarkId);
  return taskOf(track) === "task3" ? [...ids, ...releasedAliases(track, instances).keys()] : ids;
}

/**
 * What the aggregates read of one instance. It is stored with the instance's result (its metrics, and `counts` in
 * its detail), so the worker's aggregate step computes the aggregates from the stored rows (aggregateInputOf)
 * instead of scoring every instance again: exactly the numbers scoreTrack gives, in a bounded step.
 */
export type AggregateInput = MemoryInput | { kind: "hit"; hit: number } | { kind: "none" };
type MemoryInput = { kind: "memory"; precision: number; recall: number; f1: number; algoScore100: number } & StoredCounts;

const ACTION_KINDS = ["retention", "modification", "addition"] as const;
type ActionKind = (typeof ACTION_KINDS)[number];

/** The counts kept in a Task 1 / Task 2 result's detail (what its metrics alone do not give back). */
export type StoredCounts = {
  directMatched: number;
  directGold: number;
  indirectMatched: number;
  indirectGold: number;
  /** Task 2: realized and total actions of each kind */
  actions?: Record<ActionKind, [number, number]>;
};

/**
 * The aggregate input of a stored result (InstanceResult metrics and detail, as scoreTrack made them), or null
 * when the row does not carry what the aggregates need (a row stored before `counts` were kept).
 */
export function aggregateInputOf(track: TrackId, metrics: unknown, detail: unknown): AggregateInput | null {
  const task = taskOf(track);
  const m = record(metrics);
  if (task === "task3") return typeof m.recall === "number" ? { kind: "hit", hit: m.recall } : null;
  if (task !== "task1" && task !== "task2") return { kind: "none" };
  const counts = record(record(detail).counts) as Partial<StoredCounts>;
  const numbers = [m.precision, m.recall, m.f1, m.algo_score_100, counts.directMatched, counts.directGold, counts.indirectMatched, counts.indirectGold];
  if (!numbers.every((v) => typeof v === "number")) return null;
  if (task === "task2" && !ACTION_KINDS.every((kind) => Array.isArray(counts.actions?.[kind]) && counts.actions[kind].length === 2)) return null;
  return {
    kind: "memory",
    precision: m.precision as number,
    recall: m.recall as number,
    f1: m.f1 as number,
    algoScore100: m.algo_score_100 as number,
    directMatched: counts.directMatched!,
    directGold: counts.directGold!,
    indirectMatched: counts.indirectMatched!,
    indirectGold: counts.indirectGold!,
    ...(task === "task2" ? { actions: counts.actions } : {}),
  };
}

/**
 * The aggregates (and, with options.splitOf, the per-split aggregates) of a track over its instances' aggregate
 * inputs, in the instances' order (the bootstrap's resamples depend on it). Pure; scoreTrack and the worker's
 * aggregate step both call it.
 */
export function aggregateScores(
  track: TrackId,
  benchmarkIds: readonly string[],
  inputs: readonly AggregateInput[],
  options: ScoreTrackOptions = {},
): { metrics: Record<string, AggregateMetric>; splitMetrics: TrackScore["splitMetrics"] } {
  if (benchmarkIds.length !== inputs.length) throw new Error(`aggregateScores: ${benchmarkIds.length} ids for ${inputs.length} inputs`);
  const seed = `${options.seed ?? "alpsbench"}:${track}`;
  const testSeed = options.testSeed === undefined ? null : `${options.testSeed}:${track}`;
  const aggregate = aggregatorOf(track, inputs);
  const metrics = aggregate([...inputs.keys()], testSeed ?? seed);
  const splitMetrics: TrackScore["splitMetrics"] = {};
  if (options.splitOf) {
    const bySplit = new Map<Split, number[]>();
    benchmarkIds.forEach((id, k) => {
      const split = options.splitOf!(id);
      if (split) bySplit.set(split, [...(bySplit.get(split) ?? []), k]);
    });
    // a seed of its own per split: the full aggregate's interval stays exactly what it was
    for (const [split, indices] of bySplit) splitMetrics[split] = aggregate(indices, split === "test" && testSeed ? `${testSeed}:${split}` : `${seed}:${split}`);
  }
  return { metrics, splitMetrics };
}

type Aggregate = (indices: readonly number[], seed: string) => Record<string, AggregateMetric>;

function aggregatorOf(track: TrackId, inputs: readonly AggregateInput[]): Aggregate {
  const task = taskOf(track);
  const pick = <T>(values: readonly T[], indices: readonly number[]) => indices.map((k) => values[k]!);
  if (task === "task1" || task === "task2") {
    const results = inputs.map((input) => {
      if (input.kind !== "memory") throw new Error(`aggregateScores: a ${input.kind} input on ${track}`);
      return input;
    });
    const actions = {
      num: results.map((r) => (r.actions ? ACTION_KINDS.reduce((sum, kind) => sum + r.actions![kind][0], 0) : 0)),
      den: results.map((r) => (r.actions ? ACTION_KINDS.reduce((sum, kind) => sum + r.actions![kind][1], 0) : 0)),
    };
    return (indices, seed) => {
      const { boot, bootRatio } = bootstraps(seed);
      const subset = pick(results, indices);
      const col = (key: Exclude<keyof MemoryInput, "kind" | "actions">) => subset.map((r) => r[key]);
      const action = (kind: ActionKind, k: 0 | 1) => subset.map((r) => r.actions![kind][k]);
      const metrics: Record<string, AggregateMetric> = {};
      metrics.precision = boot(col("precision"), "precision");
      metrics.recall = boot(col("recall"), "recall");
      metrics.f1 = boot(col("f1"), "f1");
      metrics.algo_score_100 = boot(col("algoScore100"), "algo_score_100");
      metrics.direct_recall = bootRatio(col("directMatched"), col("directGold"), "direct_recall");
      metrics.indirect_recall = bootRatio(col("indirectMatched"), col("indirectGold"), "indirect_recall");
      if (task === "task2") {
        metrics.action_accuracy = bootRatio(pick(actions.num, indices), pick(actions.den, indices), "action_accuracy");
        for (const kind of ACTION_KINDS) metrics[`${kind}_recall`] = bootRatio(action(kind, 0), action(kind, 1), `${kind}_recall`);
      }
      return metrics;
    };
  }
  if (task === "task3") {
    const hits = inputs.map((input) => (input.kind === "hit" ? input.hit : 0));
    return (indices, seed) => ({ recall: bootstraps(seed).boot(pick(hits, indices), "recall") });
  }
  // Task 4 has judge metrics only
  return () => ({});
}

/** Per-instance metrics, with what the aggregates read of each instance. */
function scoreInstances(track: TrackId, instances: readonly ScorableInstance[], collected: Collected): { scored: InstanceScore[]; inputs: AggregateInput[] } {
  const task = taskOf(track);
  const scored: InstanceScore[] = [];
  const inputs: AggregateInput[] = [];

  if (task === "task1" || task === "task2") {
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const gold = list(record(instance.gold).memory_items);
      // Raw items go to the scorer (it reads anything, as the authors' scorer does); a missing row is empty.
      const pred = row ? list(row.value.memory_items) : [];
      const result = scoreMemorySet(gold, pred);
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
      const { directMatched, directGold, indirectMatched, indirectGold } = result;
      const counts: StoredCounts = { directMatched, directGold, indirectMatched, indirectGold };
      if (task === "task2") {
        const a = scoreTask2Actions(record(instance.input).memory, gold, record(instance.gold).selected_memory_id, pred, result);
        counts.actions = Object.fromEntries(ACTION_KINDS.map((kind) => [kind, [a.byKind[kind].realized, a.byKind[kind].total]])) as StoredCounts["actions"];
        for (const kind of ACTION_KINDS) perInstance[`${kind}_recall`] = ratio(a.byKind[kind].realized, a.byKind[kind].total);
        perInstance.action_accuracy = a.accuracy;
        detail.actions = a.actions;
      }
      detail.counts = counts;
      inputs.push({ kind: "memory", precision: result.precision, recall: result.recall, f1: result.f1, algoScore100: result.algoScore100, ...counts });
      scored.push({ benchmarkId: instance.benchmarkId, predicted: row !== undefined, metrics: perInstance, detail });
    }
  } else if (task === "task3") {
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const read = row ? readTask3Prediction(row.value) : null;
      const hit = read !== null && task3Hit(read, instance.gold, row!.released);
      inputs.push({ kind: "hit", hit: hit ? 1 : 0 });
      scored.push({
        benchmarkId: instance.benchmarkId,
        predicted: row !== undefined,
        metrics: { recall: hit ? 1 : 0 },
        detail: {
          selected: read?.selectedMemoryId ?? null,
          ...(read?.selectedMemoryId === null && read.selectedValue !== null ? { selectedValue: read.selectedValue } : {}),
          ...(row?.released ? { keyedBy: "released id" } : {}),
        },
      });
    }
  } else {
    // Task 4 has judge metrics only; the deterministic pass records which queries were answered.
    for (const instance of instances) {
      const row = collected.byId.get(instance.benchmarkId);
      const queries = list(record(instance.input).queries).length;
      // the validated responses: an official row's single answer counts as one, as the judge sees it
      const responses = row ? (row.row as Task4PredictionRow).responses.length : 0;
      inputs.push({ kind: "none" });
      scored.push({ benchmarkId: instance.benchmarkId, predicted: row !== undefined, metrics: {}, detail: { queries, responses } });
    }
  }
  return { scored, inputs };
}
