import { shownKey } from "@/lib/leaderboard/round";
import type { LeaderboardRow, MetricCell, ResultTier } from "@/lib/leaderboard/types";

/**
 * Pure comparison of up to four systems' leaderboard cells, metric by metric: which system is best in the
 * metric's own direction, and whose 95% interval overlaps the best one's (those may be as good: the difference
 * can be noise). Kept apart from the query so it is tested without a database, and so the compare view's
 * numbers are the leaderboard's cells, never recomputed.
 */

export type MetricComparison = {
  /** one cell per system, in the order asked for (null: the system has no figure) */
  cells: (MetricCell | null)[];
  /** indexes of the best systems (several when equal at the displayed precision); empty when none is ranked */
  best: number[];
  /**
   * per system: does its interval overlap a best system's? null for a best system itself, a missing value,
   * or when an interval is missing
   */
  overlapsBest: (boolean | null)[];
  /** why there is no best although two systems have values */
  note: "different_judge_profiles" | null;
};

const present = (cell: MetricCell | null): cell is MetricCell & { value: number } => typeof cell?.value === "number" && Number.isFinite(cell.value);
const hasInterval = (cell: MetricCell | null) => cell?.ciLow != null && cell.ciHigh != null;

export function compareMetric(
  cells: readonly (MetricCell | null)[],
  def: { direction: "higher" | "lower"; decimals: number; kind: "deterministic" | "judge" },
): MetricComparison {
  const withValues = cells.flatMap((c, i) => (present(c) ? [i] : []));
  const none = { cells: [...cells], best: [], overlapsBest: cells.map(() => null), note: null };
  // Nothing to rank with fewer than two figures.
  if (withValues.length < 2) return none;
  // SCORING.md: scores from different judge profiles are never ranked against each other.
  if (def.kind === "judge" && new Set(withValues.map((i) => cells[i]?.judgeProfile ?? null)).size > 1) return { ...none, note: "different_judge_profiles" };
  // Equal at the precision shown is a tie, as in the table's ranks.
  const key = (i: number) => shownKey(cells[i]!.value!, def.decimals) * (def.direction === "higher" ? 1 : -1);
  const top = Math.max(...withValues.map(key));
  const best = withValues.filter((i) => key(i) === top);
  const overlapsBest = cells.map((cell, i) => {
    if (best.includes(i) || !present(cell) || !hasInterval(cell)) return null;
    const bestWithCi = best.filter((b) => hasInterval(cells[b]!));
    if (bestWithCi.length === 0) return null;
    return bestWithCi.some((b) => cell.ciLow! <= cells[b]!.ciHigh! && cells[b]!.ciLow! <= cell.ciHigh!);
  });
  return { cells: [...cells], best, overlapsBest, note: null };
}

const TIER_RANK: Record<ResultTier, number> = { rescored: 0, reported: 1, verified: 2, submitted: 3, claimed: 4 };

/**
 * The one leaderboard row of a system to compare on a track: a system can have several (several uploads, a
 * claimed import). The server's own figures first, as the boards rank them (a re-scored row carries the system's
 * reported figures beside its own, lib/leaderboard/one-row-per-system.ts), then reported, then verified; among
 * equals the last row, which is the most recently scored. A flagged row (contamination, or a copy of another run) is
 * never ranked on the boards (listed only on request, with its mark), so it is never a system's row here either.
 */
export function pickSystemRow(rows: readonly LeaderboardRow[], slug: string): LeaderboardRow | null {
  const own = rows.filter((row) => row.systemSlug === slug && !row.flag && !row.unranked);
  return own.reduce<LeaderboardRow | null>((best, row) => (best === null || TIER_RANK[row.tier] <= TIER_RANK[best.tier] ? row : best), null);
}
