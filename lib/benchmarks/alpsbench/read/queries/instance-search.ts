import type { Db } from "@/lib/db/create-client";

/** `%` and `_` (and the escape itself) match literally: a search for "a_b" is not a pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The instances of a submission's listed rows (current deterministic results, public splits) whose id, model input
 * or gold contains `q` (case-insensitive). Only dev and validation instances are searched: a search over test gold
 * would answer yes/no questions about it. The set is bounded by the track's public instances.
 */
export async function matchingInstanceIds(db: Db, submissionId: string, scoreVersion: string, track: string, q: string): Promise<string[]> {
  const pattern = likePattern(q);
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT i.id FROM "InstanceResult" r
      JOIN "Instance" i ON i.id = r."instanceId"
      LEFT JOIN "InstanceGold" g ON g."instanceId" = i.id
    WHERE r."submissionId" = ${submissionId} AND r."scoreVersion" = ${scoreVersion} AND i."trackId" = ${track}
      AND i.split::text IN ('dev', 'validation')
      AND (i."benchmarkId" ILIKE ${pattern} OR i.input::text ILIKE ${pattern} OR g.gold::text ILIKE ${pattern})`;
  return rows.map((r) => r.id);
}
