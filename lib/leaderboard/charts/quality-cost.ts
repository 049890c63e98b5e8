import type { ResultTier } from "../enums";
import { tierOf, type PackedLeaderboard } from "../packed-board";

/** Fewer ranked rows with a reported cost than this draw no chart: two points say nothing about a trade-off. */
const MIN_COST_ROWS = 3;
/** The cost axis turns logarithmic when the dearest run costs at least this many times the cheapest. */
const LOG_SPREAD = 20;

export type QualityCostPoint = { rowId: string; name: string; tier: ResultTier; costUsd: number; value: number };

export type QualityCost = {
  /** the view's headline column: the y axis */
  metric: { id: string; label: string; decimals: number; direction: "higher" | "lower" };
  xScale: "log" | "linear";
  points: QualityCostPoint[];
};

/**
 * The quality-versus-cost scatter of a board: one point per ranked row (a figure in the view's headline column,
 * not published noised) whose run reports a cost in US dollars (LeaderboardRow.runCost.usd), x the cost and y the
 * headline figure. null when fewer than MIN_COST_ROWS rows qualify. The x axis is logarithmic when costs spread
 * over LOG_SPREAD times or more and none is zero (a log axis has no zero). Pure: the page decides with it whether
 * to draw at all, without loading the chart code.
 */
export function qualityCostOf(board: PackedLeaderboard, minRows = MIN_COST_ROWS): QualityCost | null {
  const at = board.columns.findIndex((c) => c.id === board.defaultSort);
  const column = board.columns[at];
  if (!column) return null;
  const points: QualityCostPoint[] = [];
  for (const row of board.rows) {
    const usd = row.rc?.usd;
    const cell = row.c[at];
    const value = cell?.[0];
    // PackedCell index 9: published noised, not an exact figure
    const noised = cell?.[9] !== undefined && cell?.[9] !== null;
    if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || noised) continue;
    points.push({ rowId: row.id ?? `${row.s}~${tierOf(row)}`, name: row.n, tier: tierOf(row), costUsd: usd, value });
  }
  if (points.length < minRows) return null;
  const costs = points.map((p) => p.costUsd);
  const low = Math.min(...costs);
  const xScale = low > 0 && Math.max(...costs) / low >= LOG_SPREAD ? "log" : "linear";
  points.sort((a, b) => a.costUsd - b.costUsd || a.name.localeCompare(b.name));
  return { metric: { id: column.id, label: column.label, decimals: column.decimals, direction: column.direction }, xScale, points };
}
