import { beats } from "./baseline-marks";
import { isBaseline } from "./row-kind";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

/**
 * The review rule: a new #1 is not published unreviewed: where a benchmark's gold is public (AlpsBench's and
 * PersonalLLM's), no check on the server can prove a perfect-looking file honest. An unreviewed row
 * (an upload, or a claimed figure imported from another party's file) whose headline figure reaches, at the
 * precision shown, the bar of its board (same data version, track and split scope) is held "pending review":
 * listed only to its owner and the moderators (apply-table-query.ts drops it from public boards), unranked, with
 * the reason, until a moderator approves it with a note (lib/moderation/moderate-submission.ts); a rejected row
 * stays out with the moderator's reason. The bar is the best honest row that ranks (a reported figure or a
 * server-scored run that is not a reference row), so a row that would be #1 is held; where no such row exists,
 * the best reference row (copy-the-input, BM25, ...). A reference row above every ranked row does not lift the bar:
 * a file just under copy-the-input would otherwise rank #1 unreviewed. Pure: no I/O; the stored decision arrives
 * on the row (`review`, approved or rejected).
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
  /**
   * A secondary column (one the board can also be sorted by): a row reaching its bar is held as on the headline,
   * but a column no reference row has a figure on holds nothing (the headline already holds when it has no bar).
   */
  secondary?: boolean;
  /** why the benchmark's new best is checked, as the held row's reason says it (BenchmarkIdentity.review.reason) */
  reason?: string;
}

/** The reason of a benchmark that declares none: true of every board, whatever its gold. */
const DEFAULT_REASON = "a moderator checks a new best before it is ranked";

/**
 * The rows the rule applies to: uploads nobody has checked (a maintainer's `verified` is a review of its own) and
 * claimed figures (imported from another party's file, not recomputed here: a claim of 99.9 is a new best too).
 */
const isUnreviewed = (row: Pick<LeaderboardRow, "tier" | "submissionId">) => (row.tier === "submitted" && row.submissionId !== null) || row.tier === "claimed";

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Rows that are a board's honest references: reported figures and the server's own runs (its baselines included). */
function references(board: Leaderboard, columnId: string, rule: ReviewRule): { name: string; value: number; reference: boolean }[] {
  const openBook = new Set(rule.openBookReferenceSlugs ?? []);
  return board.rows.flatMap((r) => {
    const v = r.cells[columnId]?.value;
    const honest = (r.tier === "reported" || r.tier === "rescored") && !openBook.has(r.systemSlug) && !r.flag;
    return honest && finite(v) ? [{ name: r.systemName, value: v, reference: isBaseline(r) }] : [];
  });
}

/** The bar on a column: the best honest row that ranks, else the best reference row (null: nothing to compare with). */
function reviewBar(board: Leaderboard, column: LeaderboardColumn, rule: ReviewRule = {}): { name: string; value: number; reference: boolean } | null {
  const sign = column.direction === "higher" ? 1 : -1;
  const best = (rows: { name: string; value: number; reference: boolean }[]) =>
    rows.reduce<{ name: string; value: number; reference: boolean } | null>((b, r) => (b === null || sign * (r.value - b.value) > 0 ? r : b), null);
  const all = references(board, column.id, rule);
  return best(all.filter((r) => !r.reference)) ?? best(all);
}

/** The reason a held row shows (page, API, CSV). */
function holdReason(bar: { name: string; value: number } | null, column: LeaderboardColumn, margin: number, why: string): string {
  if (bar === null)
    return `Pending review: this board has no reported or server-scored row on ${column.label} to compare with, so every upload is held until a moderator approves it (${why}).`;
  const within = margin > 0 ? ` (or comes within ${margin} of it)` : "";
  return `Pending review: reaches the best reported or server-scored row on ${column.label} (${bar.name}, ${bar.value.toFixed(column.decimals)}; equal at the precision shown counts)${within}; ${why}.`;
}

/**
 * Marks the held rows of one board on its headline column. Approved rows keep their note and rank; rejected
 * rows stay unranked with their reason whatever they score; an unreviewed row is held when its figure reaches
 * the bar (equal at the precision shown counts: a tie would share #1), or when there is no bar at all (nothing to
 * compare with: held, to be safe). Returns the board unchanged when it has no such column.
 */
export function holdForReview(board: Leaderboard, columnId: string, rule: ReviewRule = {}): Leaderboard {
  const column = board.columns.find((c) => c.id === columnId);
  if (!column) return board;
  const margin = Math.max(0, rule.margin ?? 0);
  const bar = reviewBar(board, column, rule);
  // a secondary column holds against the best honest row that ranks only: its reference rows alone (an empty
  // prediction at 0) would hold every row that scores nothing there
  if (rule.secondary === true && (bar === null || bar.reference)) return board;
  const threshold = bar === null ? null : bar.value - (column.direction === "higher" ? margin : -margin);
  const reason = holdReason(bar, column, margin, rule.reason ?? DEFAULT_REASON);
  const rows = board.rows.map((row): LeaderboardRow => {
    // approved, rejected, or held already (on another column of the board): the first reason stands
    if (!isUnreviewed(row) || row.review) return row;
    // a row its benchmark's check flagged or found no result of its own (a copy of another run) is never ranked and
    // is listed only on request, and a row scored on synthetic data is never ranked either: there is no rank to review
    if (row.flag || row.unranked || row.syntheticData === true) return row;
    const mine = row.cells[columnId]?.value;
    if (!finite(mine)) return row;
    // reaching the bar is what holds: not beating it is the threshold beating the row
    if (threshold !== null && beats(threshold, mine, column)) return row;
    return { ...row, review: { state: "pending", reason, note: null } };
  });
  return { ...board, rows };
}

/** Is the row kept out of the ranking by the review rule (pending or rejected)? */
export const heldByReview = (row: Pick<LeaderboardRow, "review">) => row.review?.state === "pending" || row.review?.state === "rejected";

/**
 * A board as the public sees it: without the rows the review rule keeps out (pending or rejected), which only their
 * owner (the submission page) and the moderators (/queue) see until a moderator approves them. Their figures must
 * not reach a public board, chart, download, pack or release. Pure.
 */
export function withoutHeldRows(board: Leaderboard): Leaderboard {
  return board.rows.some(heldByReview) ? { ...board, rows: board.rows.filter((r) => !heldByReview(r)) } : board;
}
