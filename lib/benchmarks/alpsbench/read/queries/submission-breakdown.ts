import type { Db } from "@/lib/db/create-client";
import { bootstrapCI } from "@/lib/stats/bootstrap-ci";
import { memoByLeaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";
import { BOOTSTRAP_RESAMPLES } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { record } from "@/lib/benchmarks/alpsbench/json-record";
import { metricsOf } from "./submission-instance-results";
import { orderBreakdownMetrics } from "../breakdown-metric-order";

/**
 * Per-instance and per-dimension results of one submission, from its InstanceResult rows under the current
 * score versions (deterministic + latest judge; see currentScoreVersions).
 *
 * HIDDEN GOLD: per-instance results on the TEST split are served to admins only. Their gold is never
 * published, and a per-instance score is a probe of it (vary one prediction, watch one number move). For
 * everyone else, a `full` submission's breakdown covers its dev and validation instances and says how many
 * test instances were withheld; a `test` submission's breakdown is empty, with the same count. The same
 * rule applies to the dimension level: a stratum can hold a single test instance, and then its mean is
 * that instance's score. The submission's headline metrics (GET /api/v1/submissions/{id}) do cover the
 * test split: an aggregate over hundreds of instances is what a leaderboard publishes.
 *
 * Only `metrics` is read: `detail` holds the matching explained, with gold items in it, and never leaves here.
 */

type BreakdownRow = {
  benchmark_id: string;
  track: string;
  split: "dev" | "validation" | "test";
  predicted: boolean | null;
  [metric: string]: string | number | boolean | null;
};

async function loadResults(db: Db, submissionId: string, versions: readonly string[], includeTest: boolean) {
  if (versions.length === 0) return [];
  return db.instanceResult.findMany({
    where: { submissionId, scoreVersion: { in: [...versions] }, ...(includeTest ? {} : { instance: { split: { not: "test" } } }) },
    select: { instanceId: true, metrics: true, instance: { select: { benchmarkId: true, trackId: true, split: true, meta: true } } },
  });
}

/** Test instances this submission has results for that a non-admin does not see. */
export async function countWithheldTestInstances(db: Db, submissionId: string, versions: readonly string[]): Promise<number> {
  if (versions.length === 0) return 0;
  const rows = await db.instanceResult.findMany({
    where: { submissionId, scoreVersion: { in: [...versions] }, instance: { split: "test" } },
    distinct: ["instanceId"],
    select: { instanceId: true },
  });
  return rows.length;
}

/** One row per instance: benchmark_id, track, split, predicted, then every metric (deterministic and judge). */
export async function getInstanceBreakdown(db: Db, submissionId: string, versions: readonly string[], includeTest: boolean) {
  const results = await loadResults(db, submissionId, versions, includeTest);
  const byInstance = new Map<string, BreakdownRow>();
  const metricNames = new Set<string>();
  for (const result of results) {
    const row =
      byInstance.get(result.instanceId) ??
      ({ benchmark_id: result.instance.benchmarkId, track: result.instance.trackId, split: result.instance.split, predicted: null } as BreakdownRow);
    for (const [name, value] of Object.entries(metricsOf(result.metrics))) {
      if (name === "predicted") {
        row.predicted = typeof value === "boolean" ? value : row.predicted;
        continue;
      }
      metricNames.add(name);
      row[name] = value;
    }
    byInstance.set(result.instanceId, row);
  }
  const rows = [...byInstance.values()].sort((a, b) => a.track.localeCompare(b.track) || a.benchmark_id.localeCompare(b.benchmark_id));
  return { rows, metrics: orderBreakdownMetrics([...metricNames], [...new Set(rows.map((r) => r.track))]) };
}

/**
 * Ratios pooled over instances (matched direct items / all direct gold items, and Task 2's action recalls):
 * a mean of per-instance ratios is a different number, so they are left out of the per-dimension means rather
 * than shown under the same name with another meaning.
 */
const POOLED_METRICS = new Set(["direct_recall", "indirect_recall", "action_accuracy", "retention_recall", "modification_recall", "addition_recall"]);

/** A metric's mean over a group's instances, with its 95% percentile-bootstrap interval (null bounds when n = 0). */
type DimensionMetric = { mean: number | null; n: number; ciLow: number | null; ciHigh: number | null };
export type DimensionGroup = { track: string; dimension: string; n: number; metrics: Record<string, DimensionMetric> };

/**
 * Per-dimension aggregates: instances grouped by their stratum, the authors' label of the memory an instance
 * is about (meta.stratum, a `Domain/Aspect[/Detail]` path from the 34-label taxonomy):
 *  - `by = "domain"` (default) groups by the first path part ("Preferences"), `by = "label"` by the full label;
 *  - task1 / task2: the mean per-instance precision, recall, f1 and algo_score_100 (and judge metrics when
 *    judged) per stratum, with n: which kinds of personal facts a system extracts or updates well;
 *  - task3/dN: recall (share of instances whose target memory was selected) per stratum;
 *  - task4: the judge metrics per stratum, when judged.
 * Means are macro means over the group's instances with a non-null value (`n` per metric), each with the
 * 95% percentile-bootstrap interval over those instances that the leaderboard's own figures get (same resamples;
 * seeded by submission, track, dimension and metric, so a reload gives the same bounds): a small stratum's mean
 * is read with its width. Instances without a stratum form the group "(none)". Same test-split rule as the
 * instance level.
 *
 * The bootstraps cost ~0.5 CPU-s for a large upload, so the answer is kept per (submission, score versions, test
 * included, by) under the leaderboard version (a re-score, a judge run or a visibility change bumps it), and a
 * computation waits for a place in the heavy-read gate: repeated requests and reloads of the page compute nothing.
 */
export async function getDimensionBreakdown(db: Db, submissionId: string, versions: readonly string[], includeTest: boolean, by: "domain" | "label") {
  const key = JSON.stringify([submissionId, versions, includeTest, by]);
  return memoByLeaderboardVersion(
    db,
    key,
    () => throughHeavyReadGate("breakdown", () => computeDimensionBreakdown(db, submissionId, versions, includeTest, by)),
    "dimension-breakdowns",
  );
}

async function computeDimensionBreakdown(db: Db, submissionId: string, versions: readonly string[], includeTest: boolean, by: "domain" | "label") {
  const results = await loadResults(db, submissionId, versions, includeTest);
  const groups = new Map<string, { track: string; dimension: string; instances: Set<string>; values: Map<string, number[]> }>();
  for (const result of results) {
    const stratum = record(result.instance.meta).stratum;
    const dimension = typeof stratum !== "string" ? "(none)" : by === "domain" ? (stratum.split("/").find((p) => p.length > 0) ?? stratum) : stratum;
    const key = `${result.instance.trackId}\u0000${dimension}`;
    const group = groups.get(key) ?? { track: result.instance.trackId, dimension, instances: new Set<string>(), values: new Map() };
    group.instances.add(result.instanceId);
    for (const [name, value] of Object.entries(metricsOf(result.metrics))) {
      if (name === "predicted" || POOLED_METRICS.has(name)) continue;
      const values = group.values.get(name) ?? [];
      if (typeof value === "number") values.push(value);
      group.values.set(name, values);
    }
    groups.set(key, group);
  }
  const out: DimensionGroup[] = [...groups.values()].map((g) => ({
    track: g.track,
    dimension: g.dimension,
    n: g.instances.size,
    metrics: Object.fromEntries(
      [...g.values.entries()].map(([name, values]) => {
        const ci = bootstrapCI(values, { seed: `${submissionId}:${g.track}:${g.dimension}:${name}`, resamples: BOOTSTRAP_RESAMPLES });
        return [name, { mean: ci.mean, n: ci.n, ciLow: ci.low, ciHigh: ci.high }];
      }),
    ),
  }));
  out.sort(compareDimensions);
  return { groups: out, metrics: orderBreakdownMetrics([...new Set(out.flatMap((g) => Object.keys(g.metrics)))], [...new Set(out.map((g) => g.track))]) };
}

/** Dimensions outside the taxonomy: UNMAPPED (the annotators found no fitting label) and instances without a stratum. */
const OFF_TAXONOMY = ["UNMAPPED", "(none)"];

/**
 * Track, then the taxonomy's labels by size (largest first), then the off-taxonomy groups (UNMAPPED, "(none)")
 * last whatever their size: they are not a dimension of personal facts, so they must not head the table.
 */
export function compareDimensions(a: { track: string; dimension: string; n: number }, b: { track: string; dimension: string; n: number }): number {
  const off = (d: string) => (OFF_TAXONOMY.includes(d) ? 1 : 0);
  return a.track.localeCompare(b.track) || off(a.dimension) - off(b.dimension) || b.n - a.n || a.dimension.localeCompare(b.dimension);
}
