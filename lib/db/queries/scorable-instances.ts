import type { Db } from "@/lib/db/create-client";
import type { ScorableInstance } from "@/lib/pipeline/score-track";
import type { TrackId } from "@/lib/tracks";

/**
 * A track's instances WITH GOLD, for the scoring pipeline only. No page or API route may import this file:
 * gold (test split included) must never leave the server.
 */
export async function getScorableInstances(
  db: Db,
  benchmarkVersionId: string,
  track: TrackId,
  splits?: readonly ("dev" | "validation" | "test")[],
): Promise<ScorableInstance[]> {
  const rows = await db.instance.findMany({
    where: { benchmarkVersionId, trackId: track, ...(splits ? { split: { in: [...splits] } } : {}), gold: { isNot: null } },
    select: { benchmarkId: true, input: true, gold: { select: { gold: true } } },
    orderBy: { benchmarkId: "asc" },
  });
  return rows.map((row) => ({ benchmarkId: row.benchmarkId, input: row.input, gold: row.gold?.gold ?? null }));
}
