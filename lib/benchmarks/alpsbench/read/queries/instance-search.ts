import type { Db } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";

/** `%` and `_` (and the escape itself) match literally: a search for "a_b" is not a pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The instances of a submission's listed rows (current deterministic results, public splits) whose id, model input
 * or gold contains `q` (case-insensitive). Only dev and validation instances are searched: a search over test gold
 * would answer yes/no questions about it. The set is bounded by the track's public instances.
 *
 * The text match is a subquery of its own, one table per branch, so PostgreSQL answers each ILIKE from its trigram
 * index (migration instance_search_trigram: "benchmarkId", "input"::text, "gold"::text, the same expressions as
 * here) instead of casting every dialogue of the track to text (2-4 s for a search that finds nothing). The input's
 * index leaves the test split out (migration instance_search_public_splits): the subquery states the index's
 * predicate (`"split" <> 'test'`) word for word, or the planner could not use it. A query
 * with no three-character run (one or two letters) cannot use the index and reads the track as before; searches are
 * bounded per address (lib/security/rate-limit.ts, kind "search") and run a few at a time per process
 * (lib/http/heavy-read-gate.ts), so a burst of searches cannot take every database connection.
 */
export async function matchingInstanceIds(db: Db, submissionId: string, scoreVersion: string, track: string, q: string): Promise<string[]> {
  const rows = await throughHeavyReadGate("search", () => db.$queryRaw<{ id: string }[]>(instanceSearchSql(submissionId, scoreVersion, track, q)));
  return rows.map((r) => r.id);
}

/** The search's SQL (a test EXPLAINs it to see the indexes used). */
export function instanceSearchSql(submissionId: string, scoreVersion: string, track: string, q: string): Prisma.Sql {
  const pattern = likePattern(q);
  return Prisma.sql`
    SELECT i.id FROM "InstanceResult" r
      JOIN "Instance" i ON i.id = r."instanceId"
    WHERE r."submissionId" = ${submissionId} AND r."scoreVersion" = ${scoreVersion} AND i."trackId" = ${track}
      AND i.split::text IN ('dev', 'validation')
      AND i.id IN (
        SELECT m.id FROM "Instance" m WHERE m."split" <> 'test' AND (m."benchmarkId" ILIKE ${pattern} OR m.input::text ILIKE ${pattern})
        UNION
        SELECT g."instanceId" FROM "InstanceGold" g WHERE g.gold::text ILIKE ${pattern}
      )`;
}
