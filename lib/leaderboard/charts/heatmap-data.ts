import type { ResultTier } from "@/lib/leaderboard/types";
import { normalise, textColorOn, viridis } from "./color-scale";

/** A heat map as plain, serializable data: rows × columns, each cell with its colour already chosen. */
type HeatmapCell = { value: number | null; text: string; background: string | null; color: string | null };
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
export function colourCells(values: readonly (number | null)[], domain: [number, number], decimals: number): HeatmapCell[] {
  return values.map((value) => {
    if (value === null) return { value: null, text: "–", background: null, color: null };
    const background = viridis(normalise(value, domain[0], domain[1]));
    return { value, text: value.toFixed(decimals), background, color: textColorOn(background) };
  });
}
