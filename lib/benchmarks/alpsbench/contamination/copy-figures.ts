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

/**
 * Why a copy takes no rank, for its board row (LeaderboardRow.unranked: the downloads' "Why unranked", the API's
 * review reason). The run copied is named only while the reader may read it (`named`): the check named a run public
 * at the time, and one made private, hidden or deleted since must not be named by the copy's public row.
 */
export function copyReason(copy: CopyOfFigures, named: boolean): string {
  const source = named ? `"${copy.system}" (submission ${copy.submissionId})` : "an earlier run that is no longer public";
  return `A copy of ${source}: ${copy.shared} of its ${copy.compared} predicted rows on ${copy.track} are that run's, once item order, memory ids and trimmed rows are set aside, so it is not ranked.`;
}
