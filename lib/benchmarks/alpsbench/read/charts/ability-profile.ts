import type { Leaderboard, ResultTier } from "@/lib/leaderboard/types";
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
import { niceDomain } from "./pool-scaling";

/** Task 4's abilities as radar axes. EI is a 1–5 rating; it is drawn as (x − 1) / 4 so every axis is 0–1. */
export const ABILITY_AXES = [
  { column: "task4/ability1:score", label: "PA", scale: "unit" },
  { column: "task4/ability2:score", label: "PF", scale: "unit" },
  { column: "task4/ability2:pf_general", label: "PF general", scale: "unit" },
  { column: "task4/ability2:pf_interaction", label: "PF interaction", scale: "unit" },
  { column: "task4/ability3:score", label: "VRA", scale: "unit" },
  { column: "task4/ability4:score", label: "CF", scale: "unit" },
  { column: "task4/ability5:ei_en", label: "EI EN", scale: "likert5" },
  { column: "task4/ability5:ei_zh", label: "EI ZH", scale: "likert5" },
] as const;

export const EI_DIMENSIONS = [
  { column: "task4/ability5:resonation_en", label: "Resonation EN", short: "Res. EN" },
  { column: "task4/ability5:expression_en", label: "Expression EN", short: "Exp. EN" },
  { column: "task4/ability5:reception_en", label: "Reception EN", short: "Rec. EN" },
  { column: "task4/ability5:resonation_zh", label: "Resonation ZH", short: "Res. ZH" },
  { column: "task4/ability5:expression_zh", label: "Expression ZH", short: "Exp. ZH" },
  { column: "task4/ability5:reception_zh", label: "Reception ZH", short: "Rec. ZH" },
] as const;

type AbilityAxisValue = { axis: string; raw: number | null; plotted: number };
export type AbilityProfile = { id: string; label: string; tier: ResultTier; axes: AbilityAxisValue[]; mean: number | null; pinned: boolean };

/** A Likert 1–5 rating on the 0–1 axis of the other abilities. */
export const likertToUnit = (v: number) => Math.min(1, Math.max(0, (v - 1) / 4));

/**
 * One profile per row that has at least three abilities (fewer make no shape), ordered by the mean of its
 * plotted values. A missing ability is plotted at 0 and reported as missing (raw null) so the text says so.
 */
export function abilityProfiles(
  board: Leaderboard,
  limit = CHART_ROW_LIMIT,
  pinned: ReadonlySet<string> = new Set(),
): { profiles: AbilityProfile[]; total: number; sources: string } {
  for (const a of ABILITY_AXES) requireColumn(board, a.column);
  const keys = seriesKeys(board.rows);
  const all = board.rows
    .map((row, i): AbilityProfile => {
      const axes = ABILITY_AXES.map((a) => {
        const raw = cellValue(row, a.column);
        const plotted = raw === null ? null : a.scale === "likert5" ? likertToUnit(raw) : raw;
        return { axis: a.label, raw, plotted };
      });
      return {
        id: row.rowId,
        label: keys[i]!.label,
        tier: row.tier,
        axes: axes.map((a) => ({ ...a, plotted: a.plotted ?? 0 })),
        mean: meanOf(axes.map((a) => a.plotted)),
        pinned: isPinned(row.rowId, pinned),
      };
    })
    .filter((p) => p.axes.filter((a) => a.raw !== null).length >= 3)
    // pinned profiles first: the radars show six before "Show all", and a pinned system must be among them
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || (b.mean ?? 0) - (a.mean ?? 0) || a.label.localeCompare(b.label, "en"));
  const profiles = topWithPinned(all, limit);
  return { profiles, total: all.length, sources: tierSummary(profiles.map((p) => p.tier)) };
}

/** EI's three dimensions in two languages as a systems × dimensions heat map on the 1–5 scale. */
export function eiDimensions(
  board: Leaderboard,
  limit = CHART_ROW_LIMIT,
  pinned: ReadonlySet<string> = new Set(),
): { heatmap: HeatmapData; total: number; sources: string } {
  for (const d of EI_DIMENSIONS) requireColumn(board, d.column);
  const keys = seriesKeys(board.rows);
  const all = board.rows
    .map((row, i) => {
      const values = EI_DIMENSIONS.map((d) => cellValue(row, d.column));
      const intervals = EI_DIMENSIONS.map((d) => cellInterval(row, d.column));
      return {
        id: row.rowId,
        label: keys[i]!.label,
        name: keys[i]!.name,
        tier: row.tier,
        values,
        intervals,
        mean: meanOf(values),
        pinned: isPinned(row.rowId, pinned),
      };
    })
    .filter((r) => r.mean !== null)
    .sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0) || a.label.localeCompare(b.label, "en"));
  const rows = topWithPinned(all, limit);
  const figures = rows.flatMap((r) => r.values.filter((v): v is number => v !== null));
  const domain = niceDomain(figures, [1, 5]);
  return {
    heatmap: {
      columns: EI_DIMENSIONS.map((d) => ({ id: d.column, label: d.label, short: d.short })),
      rows: rows.map((r) => ({
        id: r.id,
        label: r.label,
        name: r.name,
        tier: r.tier,
        cells: colourCells(r.values, domain, 2, r.intervals),
        mean: r.mean,
        pinned: r.pinned,
      })),
      domain,
      decimals: 2,
    },
    total: all.length,
    sources: tierSummary(rows.map((r) => r.tier)),
  };
}
