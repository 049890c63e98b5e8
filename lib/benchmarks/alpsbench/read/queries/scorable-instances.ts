import type { Db } from "@/lib/db/create-client";
import type { ScorableInstance } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { withTask3Candidates } from "./task3-pools";

/**
 * A track's instances WITH GOLD, for the scoring pipeline only. No page or API route may import this file:
 * gold (test split included) must never leave the server.
 */
export async function getScorableInstances(
  db: Db,
  benchmarkVersionId: string,
  track: TrackId,
  splits?: readonly ("dev" | "validation" | "test")[],
  /**
   * candidates false: Task 3 inputs without their candidate lists (the deterministic scorer reads only gold there);
   * input false: no input at all (null), for a scorer that does not read it (phaseReadsInput: Task 1's dialogues)
   */
  options: { candidates?: boolean; input?: boolean } = {},
): Promise<ScorableInstance[]> {
  const rows = await db.instance.findMany({
    where: { benchmarkVersionId, trackId: track, ...(splits ? { split: { in: [...splits] } } : {}), gold: { isNot: null } },
    select: { id: true, benchmarkId: true, input: options.input !== false, gold: { select: { gold: true } } },
    orderBy: { benchmarkId: "asc" },
  });
  const withPools =
    track.startsWith("task3/") && options.candidates !== false && options.input !== false
      ? await withTask3Candidates(db, rows as ((typeof rows)[number] & { input: unknown })[])
      : rows;
  return withPools.map((row) => ({ benchmarkId: row.benchmarkId, input: "input" in row ? row.input : null, gold: row.gold?.gold ?? null }));
}
