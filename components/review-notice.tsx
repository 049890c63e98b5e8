import type { RowReviewState } from "@/lib/benchmarks/types";

/**
 * An upload's state under the ranking rules on its page (/submissions/[id]): held for a moderator's review,
 * rejected, unranked below a contentless reference row, each with its reason; or approved, with the moderator's
 * note. Public, like the board row that says the same.
 */
export function ReviewNotice({ review }: { review: RowReviewState | null }) {
  if (!review) return null;
  const title = { pending: "Pending review, unranked", rejected: "Rejected by a moderator, unranked", unranked: "Unranked", approved: "Approved by a moderator" }[
    review.state
  ];
  return (
    <p
      role="note"
      data-review-state={review.state}
      className="rounded-lg border border-tier-reported-line bg-tier-reported-bg px-4 py-3 text-sm text-tier-reported-fg"
    >
      <strong className="font-semibold">{title}</strong> <span className="text-xs">({review.board})</span>
      {review.reason ? <>: {review.reason}</> : null}
      {review.note ? <>: {review.note}</> : null}
    </p>
  );
}
