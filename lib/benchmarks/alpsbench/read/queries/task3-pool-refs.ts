import type { Db } from "@/lib/db/create-client";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * Task 3 pools as the database stores them (InstancePool: PoolMemory ids in the order shown), for a reader that
 * needs every pool of a track but only one candidate id of each: the server's BM25 baseline. Rebuilding 5.9 million
 * candidate objects through withTask3Candidates (lib/benchmarks/alpsbench/read/queries/task3-pools.ts) and looking each value up again
 * was most of that baseline's time; here each distinct memory is read once and a pool is a list of indexes.
 */
type Task3PoolRefs = {
  /** the benchmark's distinct memory values; pools refer to them by index */
  values: string[];
  /** the track's instances WITH GOLD (as getScorableInstances), ordered by benchmark id */
  pools: { instanceId: string; benchmarkId: string; query: unknown; memoryIndexes: Int32Array }[];
};

/** The pool refs of one track at a time, each track read once and the memories once for all of them. */
export type Task3PoolRefsReader = (track: TrackId) => Promise<Task3PoolRefs>;

/**
 * The pool refs of a data version's tracks, memoised while its pools do not change: the import's reference rows (BM25,
 * first and random candidate, the public-release lookup) each read every pool of every size, the same 5.9 million
 * memory ids four times over.
 */
export function cachedTask3PoolRefs(db: Db, benchmarkVersionId: string): Task3PoolRefsReader {
  let memories: Promise<PoolMemories> | null = null;
  const byTrack = new Map<TrackId, Promise<Task3PoolRefs>>();
  return (track) => {
    let refs = byTrack.get(track);
    if (!refs) {
      memories ??= poolMemories(db, benchmarkVersionId);
      refs = memories.then((m) => poolsOf(db, benchmarkVersionId, track, m));
      byTrack.set(track, refs);
      // a failed read is not kept: the next call reads again
      refs.catch(() => byTrack.delete(track));
    }
    return refs;
  };
}

type PoolMemories = { values: string[]; indexOf: Map<number, number> };

async function poolMemories(db: Db, benchmarkVersionId: string): Promise<PoolMemories> {
  const memories = await db.$queryRaw<{ id: number; value: string }[]>`
    SELECT "id", "value" FROM "PoolMemory" WHERE "benchmarkVersionId" = ${benchmarkVersionId} ORDER BY "id"`;
  return { values: memories.map((m) => m.value), indexOf: new Map(memories.map((m, index) => [m.id, index])) };
}

async function poolsOf(db: Db, benchmarkVersionId: string, track: TrackId, { values, indexOf }: PoolMemories): Promise<Task3PoolRefs> {
  // The ids are one text per pool (InstancePool.memoryIds), split here.
  const rows = await db.$queryRaw<{ instanceId: string; benchmarkId: string; query: unknown; memoryIds: string | null }[]>`
    SELECT i."id" AS "instanceId", i."benchmarkId", i."input"->'query' AS "query", p."memoryIds"
      FROM "Instance" i
      JOIN "InstanceGold" g ON g."instanceId" = i."id"
      LEFT JOIN "InstancePool" p ON p."instanceId" = i."id"
     WHERE i."benchmarkVersionId" = ${benchmarkVersionId} AND i."trackId" = ${track}
     ORDER BY i."benchmarkId" ASC`;
  const pools = rows.map((row) => {
    const ids = row.memoryIds ? row.memoryIds.split(",") : [];
    const memoryIndexes = new Int32Array(ids.length);
    ids.forEach((id, k) => {
      const index = indexOf.get(Number(id));
      // The importer writes the memories before the pools, in one transaction: a miss means a hand-edited database.
      if (index === undefined) throw new Error(`Task 3 pool of instance ${row.instanceId} refers to missing memory ${id}`);
      memoryIndexes[k] = index;
    });
    return { instanceId: row.instanceId, benchmarkId: row.benchmarkId, query: row.query, memoryIndexes };
  });
  return { values, pools };
}

/** The candidate id at a 0-based position of each instance's pool. */
export async function candidateIdsAt(db: Db, picks: readonly { instanceId: string; index: number }[]): Promise<Map<string, string>> {
  if (picks.length === 0) return new Map();
  const rows = await db.$queryRaw<{ instanceId: string; candidateId: string | null }[]>`
    SELECT p."instanceId",
           CASE WHEN left(p."candidateIds", 1) = '[' THEN p."candidateIds"::json ->> s.idx
                ELSE NULLIF(split_part(p."candidateIds", ',', s.idx + 1), '') END AS "candidateId"
      FROM unnest(${picks.map((p) => p.instanceId)}::text[], ${picks.map((p) => p.index)}::int[]) AS s(id, idx)
      JOIN "InstancePool" p ON p."instanceId" = s.id`;
  return new Map(rows.filter((r) => r.candidateId !== null).map((r) => [r.instanceId, r.candidateId!]));
}
