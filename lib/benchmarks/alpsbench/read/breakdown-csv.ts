import { stringify } from "csv-stringify/sync";
import { TRACK_METRICS } from "./metrics";
import { roundToDigits } from "@/lib/leaderboard/round";
import { csvSafeString } from "@/lib/security/csv-safe";
import { TRACK_IDS, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { orderBreakdownMetrics } from "./breakdown-metric-order";

/*
 * A submission's per-instance and per-dimension breakdowns as spreadsheets read them: metric names as the
 * leaderboard shows them ("F1", "Score"), every mean at its metric's decimals, a UTF-8 BOM so that Excel reads
 * non-ASCII labels as UTF-8. The JSON of the same endpoint keeps the machine ids and full precision.
 */

type MetricLabel = { label: string; decimals: number };

/** Figures of a metric the leaderboard does not declare (a per-instance detail): four decimals. */
const FALLBACK_DECIMALS = 4;

/** A metric id as a name when no track declares it: `selected_correct` reads "Selected correct". */
const humanize = (id: string) => {
  const words = id.replace(/_+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Each metric's name and decimals, from the leaderboard's definition on the breakdown's tracks first (a label
 * can differ by track: task3's `recall` is "Recall (exact id)"), then any track's; names stay unique.
 */
export function breakdownMetricLabels(metrics: readonly string[], tracks: readonly string[]): Map<string, MetricLabel> {
  const known = tracks.filter((t): t is TrackId => TrackId.safeParse(t).success);
  const searched = [...new Set<TrackId>([...known, ...TRACK_IDS])];
  const out = new Map<string, MetricLabel>();
  for (const metric of metrics) {
    const def = searched.map((t) => TRACK_METRICS[t].find((m) => m.id === metric)).find(Boolean);
    out.set(metric, def ? { label: def.label, decimals: def.decimals } : { label: humanize(metric), decimals: FALLBACK_DECIMALS });
  }
  const seen = new Map<string, number>();
  for (const { label } of out.values()) seen.set(label, (seen.get(label) ?? 0) + 1);
  for (const [metric, entry] of out) if ((seen.get(entry.label) ?? 0) > 1) out.set(metric, { ...entry, label: `${entry.label} (${metric})` });
  return out;
}

/** A figure at its metric's decimals, as text so that every row of a column has the same number of digits. */
function figure(value: unknown, decimals: number): string | boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value !== "number") return null;
  const rounded = roundToDigits(value, decimals);
  return rounded === null ? null : rounded.toFixed(decimals);
}

function toCsv(records: Record<string, unknown>[], columns: { key: string; header: string }[]): string {
  return stringify(records, {
    bom: true,
    header: true,
    columns,
    // booleans as words (csv-stringify writes false as an empty cell); a figure such as "-0.0100" is a number,
    // any other text (dimension labels come from the data) must not start a spreadsheet formula
    cast: { boolean: (v) => (v ? "true" : "false"), string: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? v : csvSafeString(v)) },
  });
}

type InstanceCsvRow = { benchmark_id: string; track: string; split: string; predicted: boolean | null; [metric: string]: unknown };

/** One row per instance: its id, track, split, whether it was predicted, then each metric at its decimals, in the board's order. */
export function instanceBreakdownCsv(rows: readonly InstanceCsvRow[], given: readonly string[]): string {
  const tracks = [...new Set(rows.map((r) => r.track))];
  const metrics = orderBreakdownMetrics(given, tracks);
  const labels = breakdownMetricLabels(metrics, tracks);
  const records = rows.map((row) => ({
    benchmark_id: row.benchmark_id,
    track: row.track,
    split: row.split,
    predicted: row.predicted,
    ...Object.fromEntries(metrics.map((m) => [m, figure(row[m], labels.get(m)!.decimals)])),
  }));
  return toCsv(records, [
    { key: "benchmark_id", header: "Benchmark id" },
    { key: "track", header: "Track" },
    { key: "split", header: "Split" },
    { key: "predicted", header: "Predicted" },
    ...metrics.map((m) => ({ key: m, header: labels.get(m)!.label })),
  ]);
}

type DimensionCsvGroup = {
  track: string;
  dimension: string;
  n: number;
  metrics: Record<string, { mean: number | null; n: number; ciLow: number | null; ciHigh: number | null }>;
};

/**
 * One row per stratum: its instances, each metric's mean, its 95% interval's bounds (at the metric's decimals)
 * and n, in the board's order, and the splits it covers.
 */
export function dimensionBreakdownCsv(groups: readonly DimensionCsvGroup[], given: readonly string[], coverage: string): string {
  const tracks = [...new Set(groups.map((g) => g.track))];
  const metrics = orderBreakdownMetrics(given, tracks);
  const labels = breakdownMetricLabels(metrics, tracks);
  const records = groups.map((g) => ({
    track: g.track,
    dimension: g.dimension,
    n: g.n,
    ...Object.fromEntries(
      metrics.flatMap((m) => [
        [m, figure(g.metrics[m]?.mean, labels.get(m)!.decimals)],
        [`${m}__ci_low`, figure(g.metrics[m]?.ciLow, labels.get(m)!.decimals)],
        [`${m}__ci_high`, figure(g.metrics[m]?.ciHigh, labels.get(m)!.decimals)],
        [`${m}__n`, g.metrics[m]?.n ?? 0],
      ]),
    ),
    splits: coverage,
  }));
  return toCsv(records, [
    { key: "track", header: "Track" },
    { key: "dimension", header: "Dimension" },
    { key: "n", header: "Instances" },
    ...metrics.flatMap((m) => [
      { key: m, header: labels.get(m)!.label },
      { key: `${m}__ci_low`, header: `${labels.get(m)!.label} 95% CI low` },
      { key: `${m}__ci_high`, header: `${labels.get(m)!.label} 95% CI high` },
      { key: `${m}__n`, header: `${labels.get(m)!.label} (n)` },
    ]),
    { key: "splits", header: "Splits" },
  ]);
}
