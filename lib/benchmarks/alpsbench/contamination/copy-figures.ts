import { z } from "zod";

/** What the copy check found on an upload (AlpsBench's RowCopy table; row-copy.ts): the run copied, and how much of this upload it covers. */
export const CopyOfFigures = z.object({
  submissionId: z.string(),
  system: z.string(),
  track: z.string(),
  shared: z.number(),
  compared: z.number(),
  share: z.number(),
});
export type CopyOfFigures = z.infer<typeof CopyOfFigures>;

/** Stored figures as the readers take them; null when absent or not of this shape. */
export function readCopyFigures(stored: unknown): CopyOfFigures | null {
  const parsed = CopyOfFigures.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Why a copy takes no rank, for its board row (LeaderboardRow.unranked: the downloads' "Why unranked", the API's review reason). */
export function copyReason(copy: CopyOfFigures): string {
  return `A copy of "${copy.system}" (submission ${copy.submissionId}): ${copy.shared} of its ${copy.compared} predicted rows on ${copy.track} are that run's, once item order, memory ids and trimmed rows are set aside, so it is not ranked.`;
}
