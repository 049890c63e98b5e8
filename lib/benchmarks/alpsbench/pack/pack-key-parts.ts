import type { Db } from "@/lib/db/create-client";

/**
 * AlpsBench's part of a stored pack's key (lib/packs/pack-store.ts packKey): each score version's SplitScore rows,
 * counted with their latest time, so a re-score of a full upload rebuilds its pack. The strings are those packKey
 * built itself when it read this table, so the key of every pack already stored is unchanged and none is rebuilt.
 */
export async function alpsBenchPackKeyParts(db: Db, submissionId: string): Promise<string[]> {
  const groups = await db.splitScore.groupBy({ by: ["scoreVersion"], where: { submissionId }, _max: { computedAt: true }, _count: { _all: true } });
  return groups.map((g) => `p:${g.scoreVersion}:${g._count._all}:${g._max.computedAt?.toISOString()}`);
}
