import { isBaseline } from "@/lib/leaderboard/row-kind";
import type { Leaderboard, ResultTier } from "@/lib/leaderboard/types";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import {
  CHART_ROW_LIMIT,
  cellInterval,
  cellValue,
  isPinned,
  meanOf,
  requireColumn,
  seriesKeys,
  tierSummary,
  topWithPinned,
} from "@/lib/leaderboard/charts/chart-rows";
import { colourCells, type HeatmapData } from "@/lib/leaderboard/charts/heatmap-data";

/**
 * Task 3's recall columns; each is charted on its own (they are not comparable: see the task page). The reported
 * column (the paper's figures on the authors' pools, lib/benchmarks/alpsbench/read/task3-protocols.ts) is charted
 * where the board has it.
 */
const POOL_METRICS: readonly { metric: string; label: string; optional?: true }[] = [
  { metric: "reported", label: "Reported · authors' pools", optional: true },
  { metric: "judge_recall", label: "Recall (judge) · server pools" },
  { metric: "recall", label: "Recall (exact id) · server pools" },
];

/** `reference`: a reference baseline's line (drawn dashed and labelled, never counted among the systems) */
type PoolSeries = {
  key: string;
  label: string;
  name: string;
  tier: ResultTier;
  values: (number | null)[];
  /** each pool size's 95% interval where the row has one (reported figures have none) */
  intervals: ([number, number] | null)[];
  mean: number | null;
  pinned: boolean;
  reference?: boolean;
};

export type PoolScalingChart = {
  metric: string;
  label: string;
  poolSizes: number[];
  poolLabels: string[];
  /** systems sorted by mean recall over the pool sizes they have, best first (at most `limit`) */
  series: PoolSeries[];
  /** how many systems have this metric, drawn or not */
  total: number;
  heatmap: HeatmapData;
  sources: string;
};

const column = (size: number, metric: string) => `task3/d${size}:${metric}`;

/** Rounds a data range outwards to tenths, so the legend reads 0.3–0.9 rather than 0.3172–0.8841. */
export function niceDomain(values: readonly number[], bounds: [number, number] = [0, 1]): [number, number] {
  if (values.length === 0) return bounds;
  const lo = Math.max(bounds[0], Math.floor(Math.min(...values) * 10) / 10);
  const hi = Math.min(bounds[1], Math.ceil(Math.max(...values) * 10) / 10);
  return hi > lo ? [lo, hi] : [Math.max(bounds[0], lo - 0.1), Math.min(bounds[1], hi + 0.1)];
}

/**
 * Task 3's board (view "task3": `task3/d<size>:<metric>` columns) as one chart per recall metric that has any
 * value: the systems × pool-size heat map and the recall-vs-pool-size lines share the same series and order.
 */
export function poolScalingCharts(board: Leaderboard, limit = CHART_ROW_LIMIT, pinned: ReadonlySet<string> = new Set()): PoolScalingChart[] {
  const keys = seriesKeys(board.rows);
  const charts: PoolScalingChart[] = [];
  for (const { metric, label: defaultLabel, optional } of POOL_METRICS) {
    const first = board.columns.find((c) => c.id === column(POOL_SIZES[0], metric));
    if (optional && !first) continue;
    // the shared column is named by the board ("Recall · authors' pools" where the server's pools are the authors')
    const label = metric === "reported" && first ? first.label : defaultLabel;
    for (const size of POOL_SIZES) requireColumn(board, column(size, metric));
    const all = board.rows
      .map((row, i) => {
        const values = POOL_SIZES.map((size) => cellValue(row, column(size, metric)));
        const intervals = POOL_SIZES.map((size) => cellInterval(row, column(size, metric)));
        const { label, name, tier } = keys[i]!;
        // a reference line is always drawn, as a pinned row is: it is the floor the systems are read against
        const reference = isBaseline(row) ? { reference: true } : {};
        return { key: `s${i}`, label, name, tier, values, intervals, mean: meanOf(values), pinned: isPinned(row.rowId, pinned), ...reference };
      })
      .filter((s) => s.mean !== null)
      .sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0) || a.label.localeCompare(b.label, "en"));
    if (all.every((s) => s.reference)) continue;
    const ranked = all.filter((s) => !s.reference);
    const systems = topWithPinned(ranked, limit);
    const series = [...systems, ...all.filter((s) => s.reference)];
    const domain = niceDomain(series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
    charts.push({
      metric,
      label,
      poolSizes: [...POOL_SIZES],
      poolLabels: POOL_SIZES.map((size) => `d${size}`),
      series,
      total: ranked.length,
      heatmap: {
        columns: POOL_SIZES.map((size) => ({ id: `d${size}`, label: `d${size}` })),
        rows: series.map((s) => ({
          id: s.key,
          label: s.label,
          name: s.name,
          tier: s.tier,
          cells: colourCells(s.values, domain, 3, s.intervals),
          mean: s.mean,
          pinned: s.pinned,
        })),
        domain,
        decimals: 3,
      },
      sources: tierSummary(systems.map((s) => s.tier)),
    });
  }
  return charts;
}

/** Recharts' row-per-x shape: one object per pool size with a field per series key. */
export function linePoints(chart: Pick<PoolScalingChart, "poolSizes" | "series">): Record<string, number | null>[] {
  return chart.poolSizes.map((pool, p) => {
    const point: Record<string, number | null> = { pool };
    for (const s of chart.series) point[s.key] = s.values[p] ?? null;
    return point;
  });
}
