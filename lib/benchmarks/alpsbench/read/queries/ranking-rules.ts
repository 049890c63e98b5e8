import { DEFAULT_SORT } from "@/lib/benchmarks/alpsbench/read/metrics";
import { ALPSBENCH_CONTENTLESS_SLUGS, ALPSBENCH_REVIEW } from "@/lib/benchmarks/alpsbench/review";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { markBelowContentless } from "@/lib/leaderboard/baseline-marks";
import { holdForReview } from "@/lib/leaderboard/review-hold";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";

/**
 * The platform's ranking rules on AlpsBench's boards, with AlpsBench's declared settings (../../review.ts): a row of
 * any tier that does not beat a contentless reference row is marked (and keeps its rank), and an upload that beats
 * every reported and server-scored row is held for review. Pure: no I/O.
 */

/**
 * The columns a track's rows are compared on: its headline, and on Task 3 also the exact-id recall that places a
 * row where no judge scored its picks (else an unjudged perfect file would pass with no headline figure at all).
 */
function reviewColumns(track: TrackId): string[] {
  return track.startsWith("task3/") ? [DEFAULT_SORT[track], "recall"] : [DEFAULT_SORT[track]];
}

/** One track's board with its contentless marks and its review holds. */
export function withTrackRules(board: Leaderboard, track: TrackId): Leaderboard {
  let out = markBelowContentless(board, ALPSBENCH_CONTENTLESS_SLUGS, [DEFAULT_SORT[track]]);
  const rule = {
    margin: ALPSBENCH_REVIEW.marginByTrack?.[track] ?? 0,
    openBookReferenceSlugs: ALPSBENCH_REVIEW.openBookReferenceSlugs ?? [],
    reason: ALPSBENCH_REVIEW.reason,
  };
  const primary = reviewColumns(track);
  for (const column of primary) out = holdForReview(out, column, rule);
  // every other column the board can be sorted by: a precision-only file must not rank #1 unreviewed under ?sort=
  for (const column of board.columns) if (!primary.includes(column.id)) out = holdForReview(out, column.id, { ...rule, secondary: true });
  return out;
}

type Marks = Pick<LeaderboardRow, "review" | "belowContentless">;

/** Per submission: the marks its row carries on the track boards (held, rejected, below a contentless row). */
function marksBySubmission(trackBoards: readonly Leaderboard[]): Map<string, Marks> {
  const out = new Map<string, Marks>();
  for (const board of trackBoards)
    for (const row of board.rows) {
      if (!row.submissionId) continue;
      const held = row.review?.state === "pending" || row.review?.state === "rejected";
      if (!held && !row.belowContentless) continue;
      const mine = out.get(row.submissionId) ?? {};
      out.set(row.submissionId, {
        review: held && mine.review?.state !== "rejected" ? row.review : mine.review,
        belowContentless: mine.belowContentless ?? row.belowContentless ?? null,
      });
    }
  return out;
}

/**
 * A multi-track board (the overview, Task 3's and Task 4's views) with the marks of the runs each row shows: a row
 * one of whose runs is held or rejected on its track's board is unranked here too, for that reason; a run's
 * below-contentless mark is carried as a mark.
 */
export function withCarriedMarks(board: Leaderboard, trackBoards: readonly Leaderboard[]): Leaderboard {
  const marks = marksBySubmission(trackBoards);
  if (marks.size === 0) return board;
  const rows = board.rows.map((row): LeaderboardRow => {
    const found = (row.submissionIds ?? (row.submissionId ? [row.submissionId] : [])).map((id) => marks.get(id)).filter((m) => m !== undefined);
    if (found.length === 0) return row;
    const review = found.find((m) => m.review?.state === "rejected")?.review ?? found.find((m) => m.review)?.review ?? row.review;
    const belowContentless = found.find((m) => m.belowContentless)?.belowContentless ?? row.belowContentless ?? null;
    return { ...row, review, belowContentless };
  });
  return { ...board, rows };
}
