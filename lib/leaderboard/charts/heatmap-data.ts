import type { ResultTier } from "@/lib/leaderboard/types";
import { normalise, textColorOn, viridis } from "./color-scale";

/** A heat map as plain, serializable data: rows × columns, each cell with its colour already chosen. */
/** `interval`: the figure's 95% interval where it has one, shown in the cell's title and the data table (a cell has no room for a bar) */
type HeatmapCell = { value: number | null; text: string; background: string | null; color: string | null; interval?: [number, number] | null };
/**
 * `label` is unique in the chart (data table); `name` and `tier`, when given, are drawn instead (the tier as a
 * mark with a legend); `pinned`: the row is pinned in the table (always drawn, and marked)
 */
type HeatmapRow = { id: string; label: string; name?: string; tier?: ResultTier; cells: HeatmapCell[]; mean: number | null; pinned?: boolean };
export type HeatmapData = {
  /** `short` replaces the label on phones, where a long header cannot fit its column */
  columns: { id: string; label: string; short?: string }[];
  rows: HeatmapRow[];
  /** the colour scale's domain, shown in its legend */
  domain: [number, number];
  decimals: number;
};

/**
 * Colours each cell on one viridis scale over `domain` and picks a readable text colour for it. A missing
 * value gets no colour (the component draws it as an empty, hatched cell with "–").
 */
export function colourCells(
  values: readonly (number | null)[],
  domain: [number, number],
  decimals: number,
  intervals: readonly ([number, number] | null)[] = [],
): HeatmapCell[] {
  return values.map((value, i) => {
    if (value === null) return { value: null, text: "–", background: null, color: null };
    const background = viridis(normalise(value, domain[0], domain[1]));
    return { value, text: value.toFixed(decimals), background, color: textColorOn(background), interval: intervals[i] ?? null };
  });
}

/** A heat-map cell's title: its figure and, where it has one, the 95% interval ("0.41, 95% CI [0.37, 0.45]"). */
export function cellTitle(cell: HeatmapCell, decimals: number): string {
  if (cell.value === null) return "no figure";
  const ci = cell.interval;
  return ci ? `${cell.text}, 95% CI [${ci[0].toFixed(decimals)}, ${ci[1].toFixed(decimals)}]` : `${cell.text} (no interval)`;
}
