import { isFlagged } from "@/lib/leaderboard/apply-table-query";
import { heldByReview } from "@/lib/leaderboard/review-hold";
import { isBaseline } from "@/lib/leaderboard/row-kind";
import { unrankedReason } from "@/lib/leaderboard/to-table";
import type { LeaderboardRow } from "@/lib/leaderboard/types";

/**
 * May a row be exported as a result? Not while a moderator has not approved it (held pending review, or rejected)
 * nor when a check flagged it (its benchmark's, or the copy check): such a row is shown only beside the board's ranked rows (or only to
 * its owner and the moderators), and a file another site reads would carry it as a result without its context.
 */
export const exportable = (row: LeaderboardRow): boolean => !heldByReview(row) && !isFlagged(row);

/** Why a row takes no rank, in words, for every cause the board has (review, contentless, reference, synthetic). */
function unrankedOf(row: LeaderboardRow): string | null {
  const reason = unrankedReason(row);
  if (reason) return reason;
  if (isBaseline(row)) return "A reference baseline: shown for comparison, never ranked.";
  if (row.syntheticData === true) return "Scored on synthetic data: not comparable with runs on the real data, never ranked.";
  return null;
}

/**
 * Every mark the board shows on a row, as the format's free string map (`source_metadata.additional_details`):
 * review state and note, the benchmark's own fields (LeaderboardRow.extras), the reference row it does not beat, partial coverage
 * and why it takes no rank. A mark the row does not have is left out (the format's maps hold strings only).
 */
export function marksOf(row: LeaderboardRow): Record<string, string | number | boolean | null | undefined> {
  return {
    review_state: row.review?.state,
    review_note: row.review?.state === "approved" ? row.review.note : undefined,
    ...row.extras,
    below_baseline: row.belowBaseline ? `${row.belowBaseline.system} (${row.belowBaseline.column} ${row.belowBaseline.value})` : undefined,
    below_contentless: row.belowContentless ? `${row.belowContentless.system} (${row.belowContentless.column} ${row.belowContentless.value})` : undefined,
    synthetic_data: row.syntheticData === true ? true : undefined,
    covered_instances: row.coverage?.covered,
    expected_instances: row.coverage?.expected,
    unranked_reason: unrankedOf(row),
  };
}

/**
 * A row's links on this site, absolute with the site's public origin (lib/http/public-origin.ts; "" leaves them
 * relative): its system page (when it has one), its reproducibility pack and its browsable items.
 */
export function linksOf(row: LeaderboardRow, origin: string): { system_url?: string; pack_url?: string; items_url?: string } {
  const at = (path: string | null | undefined) => (path ? `${origin}${path}` : undefined);
  return {
    system_url: row.systemPage === false ? undefined : at(`/systems/${encodeURIComponent(row.systemSlug)}`),
    pack_url: at(row.packUrl),
    items_url: at(row.itemsUrl),
  };
}
