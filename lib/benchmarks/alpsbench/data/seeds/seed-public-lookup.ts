import type { Db } from "@/lib/db/create-client";
import { writeSeededFacts } from "@/lib/model-facts/seeded-facts";
import { cachedTask3PoolRefs, type Task3PoolRefsReader } from "@/lib/benchmarks/alpsbench/read/queries/task3-pool-refs";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { lookupPositions, type ReleasedTask3, releasedTask3Of } from "@/lib/benchmarks/alpsbench/pipeline/public-lookup";
import { PUBLIC_LOOKUP_SLUG } from "@/lib/benchmarks/alpsbench/review";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import { type ImportProgress, silentProgress } from "../import/import-progress";
import { isCurrent, seedScoredSubmission } from "./seed-scored-submission";
import { task3PickRows } from "./seed-reference-baselines";
import { SITE } from "@/lib/platform/site";

/**
 * The open-book reference row of Task 3: the pick a file built from public files alone makes (the released packet
 * whose query is the pool's, its `task3_selected_memory`, that value found among the server's candidates). Kind
 * `baseline`: shown beside BM25 and the trivial rows, never ranked. AlpsBench's declaration lists its slug under
 * `review.openBookReferenceSlugs`: it is not an honest bar, so an upload is compared with the best honest row.
 */
export const PUBLIC_LOOKUP_SYSTEM = {
  slug: PUBLIC_LOOKUP_SLUG,
  name: "Lookup in the public release (not retrieval)",
  organisation: SITE.name,
  kind: "baseline" as const,
  backbone: null,
  description:
    "Task 3: reads no candidate's text against the query. For each pool it finds the released packet with the same query (the authors publish every packet, test included), takes its task3_selected_memory and picks the candidate with that value. Computed by this server from the public files; it shows what a file can score without retrieving anything (docs/task3-pools.md).",
};

/**
 * Seeds the lookup row of a data version whose Task 3 pools the server built from the packets. `released`: the
 * packets' public pairs when the import has just read them; otherwise (an unchanged re-import) they are read again
 * from `dir`, once, only when the row is not current. A release-layout directory has no packets: no row.
 */
export async function seedPublicLookup(
  db: Db,
  benchmarkVersionId: string,
  benchmarkSlug: string,
  dir: string,
  released: readonly ReleasedTask3[] | null,
  progress: ImportProgress = silentProgress,
  /** the pools, when the caller reads them for other reference rows too (importRealData) */
  poolRefs: Task3PoolRefsReader = cachedTask3PoolRefs(db, benchmarkVersionId),
): Promise<"created" | "unchanged" | "no-data"> {
  const system = await db.system.upsert({ where: { slug: PUBLIC_LOOKUP_SYSTEM.slug }, create: PUBLIC_LOOKUP_SYSTEM, update: PUBLIC_LOOKUP_SYSTEM });
  // computed here, nothing closed: open, unless an admin says otherwise (lib/model-facts/seeded-facts.ts)
  await writeSeededFacts(db, system.id, { openWeights: true });
  const id = `seed-public-lookup-${benchmarkSlug}`;
  if (await isCurrent(db, id)) return "unchanged";
  const pairs = released ?? releasedTask3Of(await readPacketsLayout(dir));
  if (pairs.length === 0) return "no-data";
  const phase = progress.phase("public-release lookup", POOL_SIZES.length, "pool sizes");
  const predictions = await task3PickRows(
    db,
    poolRefs,
    (refs) => lookupPositions(pairs, refs.values, refs.pools),
    () => phase.tick(),
  );
  phase.done();
  if (Object.keys(predictions).length === 0) return "no-data";
  return seedScoredSubmission(db, {
    id,
    systemId: system.id,
    benchmarkVersionId,
    note: "A lookup in the public release, not retrieval: the released packet with the pool's query names the target. Computed by this server from public files; never ranked.",
    predictions,
  });
}
