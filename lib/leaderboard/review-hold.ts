import { beats } from "./baseline-marks";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

/**
 * The review rule: a new #1 is not published unreviewed. The gold of every split is public (the authors'
 * annotation repository), so no check on the server can prove a perfect-looking file honest. An upload whose
 * headline figure beats every reported and server-scored row of its board (same data version, track and split
 * scope) is held "pending review": shown on the board and its page, unranked, with the reason, until a moderator
 * approves it with a note (lib/moderation/moderate-submission.ts); a rejected upload stays unranked with the
 * moderator's reason. Pure: no I/O; the stored decision arrives on the row (`review`, approved or rejected).
 */

/** What a benchmark declares per board (BenchmarkIdentity.review): a margin on the track, and reference rows that do not count. */
interface ReviewRule {
  /**
   * In the column's units: a row is held when it beats the best honest reference less this margin, so a benchmark
   * can hold rows that come within it of the top as well (a file tuned to sit just below #1). Default 0.
   */
  margin?: number;
  /** reference rows (by System slug) that read the public answers, so beating them proves nothing: not the bar */
  openBookReferenceSlugs?: readonly string[];
}

/** The rows the rule applies to: uploads nobody has checked (a maintainer's `verified` is a review of its own). */
const isUnreviewedUpload = (row: Pick<LeaderboardRow, "tier" | "submissionId">) => row.tier === "submitted" && row.submissionId !== null;

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Rows that are a board's honest references: reported figures and the server's own runs (its baselines included). */
function references(board: Leaderboard, columnId: string, rule: ReviewRule): { name: string; value: number }[] {
  const openBook = new Set(rule.openBookReferenceSlugs ?? []);
  return board.rows.flatMap((r) => {
    const v = r.cells[columnId]?.value;
    const honest = (r.tier === "reported" || r.tier === "rescored") && !openBook.has(r.systemSlug) && r.contamination?.flagged !== true;
    return honest && finite(v) ? [{ name: r.systemName, value: v }] : [];
  });
}

/** The best honest reference on a column (null: nothing to beat). */
function reviewBar(board: Leaderboard, column: LeaderboardColumn, rule: ReviewRule = {}): { name: string; value: number } | null {
  const sign = column.direction === "higher" ? 1 : -1;
  return references(board, column.id, rule).reduce<{ name: string; value: number } | null>((b, r) => (b === null || sign * (r.value - b.value) > 0 ? r : b), null);
}

/** The reason a held row shows (page, API, CSV). */
function holdReason(bar: { name: string; value: number } | null, column: LeaderboardColumn, margin: number): string {
  const why = "the gold of every split is public, so a moderator checks a new best before it is ranked";
  if (bar === null)
    return `Pending review: this board has no reported or server-scored row on ${column.label} to compare with, so every upload is held until a moderator approves it (${why}).`;
  const within = margin > 0 ? ` (or comes within ${margin} of it)` : "";
  return `Pending review: beats every reported and server-scored row on ${column.label} (best: ${bar.name}, ${bar.value.toFixed(column.decimals)})${within}; ${why}.`;
}

/**
 * Marks the held uploads of one board on its headline column. Approved rows keep their note and rank; rejected
 * rows stay unranked with their reason whatever they score; an unreviewed upload is held when its figure beats
 * the bar, or when there is no bar at all (nothing to beat: held, to be safe). Returns the board unchanged when
 * it has no such column.
 */
export function holdForReview(board: Leaderboard, columnId: string, rule: ReviewRule = {}): Leaderboard {
  const column = board.columns.find((c) => c.id === columnId);
  if (!column) return board;
  const margin = Math.max(0, rule.margin ?? 0);
  const bar = reviewBar(board, column, rule);
  const threshold = bar === null ? null : bar.value - (column.direction === "higher" ? margin : -margin);
  const reason = holdReason(bar, column, margin);
  const rows = board.rows.map((row): LeaderboardRow => {
    if (!isUnreviewedUpload(row) || row.review?.state === "approved" || row.review?.state === "rejected") return row;
    const mine = row.cells[columnId]?.value;
    if (!finite(mine)) return row;
    if (threshold !== null && !beats(mine, threshold, column)) return row;
    return { ...row, review: { state: "pending", reason, note: null } };
  });
  return { ...board, rows };
}

/** Is the row kept out of the ranking by the review rule (pending or rejected)? */
export const heldByReview = (row: Pick<LeaderboardRow, "review">) => row.review?.state === "pending" || row.review?.state === "rejected";
