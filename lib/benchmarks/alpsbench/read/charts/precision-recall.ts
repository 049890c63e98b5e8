import { isBaseline } from "@/lib/leaderboard/row-kind";
import type { Leaderboard, ResultTier } from "@/lib/leaderboard/types";
import { CHART_ROW_LIMIT, cellValue, isPinned, requireColumn, seriesKeys, tierSummary, topWithPinned } from "@/lib/leaderboard/charts/chart-rows";

/** `label` is unique in the chart (tables, tooltips); `name` is what is written beside the point (its shape gives the tier) */
export type PrPoint = { id: string; label: string; name: string; tier: ResultTier; precision: number; recall: number; f1: number | null; pinned: boolean };
/** `references`: the board's reference baselines, drawn as labelled reference marks, never as systems' points */
export type PrScatter = { points: PrPoint[]; total: number; sources: string; references: { id: string; name: string; precision: number; recall: number }[] };

/**
 * Systems with both precision and recall, for the precision–recall scatter (paper Figure 6): pinned rows first
 * (always drawn, and their names placed first), then best F1 first.
 */
export function precisionRecall(board: Leaderboard, limit = CHART_ROW_LIMIT, pinned: ReadonlySet<string> = new Set()): PrScatter {
  for (const c of ["precision", "recall", "f1"]) requireColumn(board, c);
  const keys = seriesKeys(board.rows);
  const points: PrPoint[] = [];
  const references: PrScatter["references"] = [];
  board.rows.forEach((row, i) => {
    const precision = cellValue(row, "precision");
    const recall = cellValue(row, "recall");
    if (precision === null || recall === null) return;
    if (isBaseline(row)) {
      references.push({ id: row.rowId, name: row.systemName, precision, recall });
      return;
    }
    const key = keys[i]!;
    points.push({
      id: row.rowId,
      label: key.label,
      name: key.name,
      tier: row.tier,
      precision,
      recall,
      f1: cellValue(row, "f1"),
      pinned: isPinned(row.rowId, pinned),
    });
  });
  points.sort((a, b) => Number(b.pinned) - Number(a.pinned) || (b.f1 ?? -Infinity) - (a.f1 ?? -Infinity) || a.label.localeCompare(b.label, "en"));
  const shown = topWithPinned(points, limit);
  return { points: shown, total: points.length, sources: tierSummary(shown.map((p) => p.tier)), references };
}

/**
 * Points of the curve where F1 = f (precision p, recall r with 2pr/(p+r) = f, so r = fp/(2p−f)), over
 * p in (f/2, 1]: the grey guide lines behind the scatter.
 */
export function f1Isoline(f: number, steps = 24): { precision: number; recall: number }[] {
  if (!(f > 0 && f < 1)) throw new Error(`F1 isoline needs 0 < f < 1, got ${f}`);
  const out: { precision: number; recall: number }[] = [];
  const start = f / (2 - f); // where recall reaches 1
  for (let i = 0; i <= steps; i++) {
    const p = start + ((1 - start) * i) / steps;
    out.push({ precision: p, recall: Math.min(1, (f * p) / (2 * p - f)) });
  }
  return out;
}
