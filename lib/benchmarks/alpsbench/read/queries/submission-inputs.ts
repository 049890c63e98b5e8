import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Split, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { withTask3Candidates } from "./task3-pools";

/**
 * What a submitter downloads to run their system: a track's model inputs (Instance.input), never gold.
 * InstanceGold is not selected anywhere in this file, and Instance.meta is not either (its stratum is a gold
 * memory's label). Pages are read by benchmark id (the (benchmark, track, benchmark_id) unique index), so a
 * 230 MB download (task3/d1000, about 100 KB per instance) holds one page in memory at a time.
 */

export type InputScope = { benchmarkVersionId: string; track: TrackId; split: Split | null };
type InputRow = { benchmarkId: string; input: Prisma.JsonValue };

export async function findBenchmarkVersion(db: Db, slug: string) {
  return db.benchmarkVersion.findUnique({ where: { slug }, select: { id: true, slug: true } });
}

function where(scope: InputScope) {
  return { benchmarkVersionId: scope.benchmarkVersionId, trackId: scope.track, ...(scope.split ? { split: scope.split } : {}) };
}

export async function countInputs(db: Db, scope: InputScope): Promise<number> {
  return db.instance.count({ where: where(scope) });
}

/** One page of inputs after `afterBenchmarkId` (exclusive), in benchmark id order. */
export async function pageInputs(db: Db, scope: InputScope, afterBenchmarkId: string | null, take: number): Promise<InputRow[]> {
  const rows = await db.instance.findMany({
    where: { ...where(scope), ...(afterBenchmarkId === null ? {} : { benchmarkId: { gt: afterBenchmarkId } }) },
    orderBy: { benchmarkId: "asc" },
    take,
    select: { id: true, benchmarkId: true, input: true },
  });
  const withPools = scope.track.startsWith("task3/") ? await withTask3Candidates(db, rows) : rows;
  return withPools.map((row) => ({ benchmarkId: row.benchmarkId, input: row.input }));
}

/**
 * What a scope's download depends on, as one hash: its instances' ids and content hashes (a Task 3 instance's
 * hash covers its pool: contentHashOf). A re-import that changes anything in the scope changes it; one index scan.
 */
export async function inputsVersion(db: Db, scope: InputScope): Promise<string> {
  const rows = await db.$queryRaw<{ version: string | null; n: bigint }[]>`
    SELECT md5(string_agg("id" || ':' || coalesce("contentHash", ''), ',' ORDER BY "benchmarkId")) AS version, count(*) AS n
      FROM "Instance"
     WHERE "benchmarkVersionId" = ${scope.benchmarkVersionId} AND "trackId" = ${scope.track}
       AND (${scope.split}::text IS NULL OR "split"::text = ${scope.split}::text)`;
  return `${rows[0]?.n ?? 0}-${rows[0]?.version ?? "empty"}`;
}

/**
 * inputsVersion of every scope of `tracks` at once (each split and the whole track, split null), in one scan: what
 * a page needs to name the cached files whose sizes it shows. Scopes without instances are absent.
 */
export async function inputsVersions(
  db: Db,
  benchmarkVersionId: string,
  tracks: readonly TrackId[],
): Promise<{ track: TrackId; split: Split | null; version: string }[]> {
  const rows = await db.$queryRaw<{ track: TrackId; split: Split | null; version: string | null; n: bigint }[]>`
    SELECT "trackId" AS track, "split"::text AS split,
           md5(string_agg("id" || ':' || coalesce("contentHash", ''), ',' ORDER BY "benchmarkId")) AS version, count(*) AS n
      FROM "Instance"
     WHERE "benchmarkVersionId" = ${benchmarkVersionId} AND "trackId" = ANY(${[...tracks]}::text[])
     GROUP BY GROUPING SETS (("trackId", "split"), ("trackId"))`;
  return rows.map((r) => ({ track: r.track, split: r.split, version: `${r.n}-${r.version ?? "empty"}` }));
}
