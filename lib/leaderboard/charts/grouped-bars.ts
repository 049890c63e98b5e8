import { isBaseline } from "@/lib/leaderboard/row-kind";
import type { Leaderboard, ResultTier } from "@/lib/leaderboard/types";
import { CHART_ROW_LIMIT, cellInterval, cellValue, isPinned, requireColumn, seriesKeys, tierSummary, topWithPinned } from "./chart-rows";

type BarMetric = { column: string; label: string };
/** `label` is unique in the chart (tables, tooltips); `name` is the axis text (a mark beside it gives the tier) */
/** `intervals[i]`: metric i's 95% interval [low, high], drawn as an error bar; null where the row has none (reported figures) */
export type BarItem = {
  id: string;
  label: string;
  name: string;
  tier: ResultTier;
  values: (number | null)[];
  intervals: ([number, number] | null)[];
  pinned: boolean;
};
export type GroupedBars = {
  /** one bar per metric within each system's group; `key` is a safe Recharts dataKey ("m0", "m1", …) */
  metrics: { key: string; label: string }[];
  /** systems with at least one of the metrics, sorted by the first metric (missing last), best first (at most `limit`) */
  items: BarItem[];
  total: number;
  sources: string;
  /** the board's reference baselines (never bars): drawn as labelled lines at their first-metric figure */
  references?: { id: string; name: string; value: number }[];
};

/** A board's rows as grouped bars (one group per system, one bar per metric), e.g. paper Figure 5. */
export function groupedBars(board: Leaderboard, metrics: readonly BarMetric[], limit = CHART_ROW_LIMIT, pinned: ReadonlySet<string> = new Set()): GroupedBars {
  for (const m of metrics) requireColumn(board, m.column);
  const keys = seriesKeys(board.rows);
  const first = metrics[0];
  const references = board.rows.flatMap((row) => {
    const value = first ? cellValue(row, first.column) : null;
    return isBaseline(row) && value !== null ? [{ id: row.rowId, name: row.systemName, value }] : [];
  });
  const all = board.rows
    .map((row, i): BarItem & { baseline: boolean } => ({
      id: row.rowId,
      label: keys[i]!.label,
      name: keys[i]!.name,
      tier: row.tier,
      values: metrics.map((m) => cellValue(row, m.column)),
      intervals: metrics.map((m) => (cellValue(row, m.column) === null ? null : cellInterval(row, m.column))),
      pinned: isPinned(row.rowId, pinned),
      baseline: isBaseline(row),
    }))
    .filter((item) => !item.baseline && item.values.some((v) => v !== null))
    .sort((a, b) => (b.values[0] ?? -Infinity) - (a.values[0] ?? -Infinity) || a.label.localeCompare(b.label, "en"));
  // pinned rows are always drawn, in their place in the order (the bars stay sorted)
  const items = topWithPinned(all, limit).map(({ baseline: _, ...item }) => item);
  return {
    metrics: metrics.map((m, i) => ({ key: `m${i}`, label: m.label })),
    items,
    total: all.length,
    sources: tierSummary(items.map((i) => i.tier)),
    references,
  };
}

/**
 * Recharts' row-per-category shape: one object per system with a field per metric key, and beside it
 * `<key>_ci`, the interval as distances [below, above] the value (what Recharts' ErrorBar draws), where the
 * row has one.
 */
export function barPoints(bars: GroupedBars): Record<string, string | number | null | [number, number]>[] {
  return bars.items.map((item) => {
    const point: Record<string, string | number | null | [number, number]> = { label: item.label, id: item.id };
    bars.metrics.forEach((m, i) => {
      const value = item.values[i] ?? null;
      const ci = item.intervals[i] ?? null;
      point[m.key] = value;
      if (value !== null && ci !== null) point[`${m.key}_ci`] = [Math.max(0, value - ci[0]), Math.max(0, ci[1] - value)];
    });
    return point;
  });
}

/** "0.512 [0.488, 0.537]": a figure with its interval for tables and tooltips ("–" for no figure). */
export function figureWithInterval(value: number | null, interval: [number, number] | null, decimals = 3): string {
  if (value === null) return "–";
  return interval ? `${value.toFixed(decimals)} [${interval[0].toFixed(decimals)}, ${interval[1].toFixed(decimals)}]` : value.toFixed(decimals);
}
