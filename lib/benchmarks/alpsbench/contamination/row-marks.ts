import type { LeaderboardRow, RowExtraField } from "@/lib/leaderboard/types";
import type { ContaminationFigures } from "./figures";

/**
 * The contamination check on AlpsBench's board rows, through the platform's benchmark-neutral row fields: a flagged
 * run's `flag` (never ranked, listed only with flagged runs shown) and the figures as the row's `extras`, which its
 * boards declare (CONTAMINATION_FIELDS) so downloads and Every Eval Ever marks carry them where they always stood.
 */

/** The row fields, in download order (after the uploader's), with their CSV headers: shares at 4 decimals (0.0166 is 1.66 %). */
export const CONTAMINATION_FIELDS: RowExtraField[] = [
  // null on a row whose run was never checked (reported figures); false on a checked, clean run
  { id: "contamination_flagged", header: "Contamination flag" },
  { id: "contamination_public_share", header: "Share copied from public inputs", decimals: 4 },
  { id: "contamination_submission_share", header: "Share copied from other submissions", decimals: 4 },
];

/** Why a flagged upload is unranked, for its explanation (run page, GET /api/v1/submissions/{id}, `submit --wait`). */
export const CONTAMINATION_FLAG_REASON =
  'Flagged by the contamination check: its values copy public inputs of other tracks, so the row is left out of the ranking (shown, unranked, with "show flagged runs").';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** What the row's mark says of a flagged run's figures (its hover note): why the row is not ranked. */
function flagDetail(figures: ContaminationFigures): string {
  return (
    `Contamination check: ${percent(figures.publicShare)} of ${figures.values.toLocaleString("en-US")} predicted values contain a value of other tracks' public inputs ` +
    `(Task 2 memory pools ${percent(figures.task2InputShare)}, Task 3 candidates ${percent(figures.task3CandidateShare)}); ` +
    `${percent(figures.submissionShare)} in one earlier submission. Threshold ${percent(figures.threshold)}.` +
    (figures.split ? ` Its ${figures.split.name} rows alone: ${percent(figures.split.publicShare)} of ${figures.split.values} values.` : "") +
    " Not ranked."
  );
}

/** A row's flag and extras from its run's figures (null: never checked, the row has neither). */
export function contaminationOnRow(figures: ContaminationFigures | null): Pick<LeaderboardRow, "flag" | "extras"> {
  if (figures === null) return { flag: null };
  return {
    flag: figures.flagged ? { label: "contamination", detail: flagDetail(figures) } : null,
    extras: {
      contamination_flagged: figures.flagged,
      contamination_public_share: figures.publicShare,
      contamination_submission_share: figures.submissionShare,
    },
  };
}
