import type { Db } from "@/lib/db/create-client";
import { writeSeededFacts } from "@/lib/model-facts/seeded-facts";
import { cachedTask3PoolRefs, type Task3PoolRefsReader } from "@/lib/benchmarks/alpsbench/read/queries/task3-pool-refs";
import { createIndexedBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { type ImportProgress, silentProgress } from "../import/import-progress";
import { isCurrent, seedScoredSubmission } from "./seed-scored-submission";
import { task3PickRows } from "./seed-reference-baselines";
import { SITE } from "@/lib/platform/site";
import { BM25_SERVER_SLUG } from "@/lib/benchmarks/alpsbench/read/reference-marks";

const BM25_SYSTEM = {
  slug: BM25_SERVER_SLUG,
  name: "BM25 (computed here)",
  organisation: SITE.name,
  // a reference row like the trivial baselines (lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines.ts): shown, never ranked
  kind: "baseline" as const,
  backbone: null,
  description:
    "The authors' BM25 baseline (their scripts/run_task3_bm25.py: NLTK word tokens lower-cased, stop words dropped, Porter stemming, rank_bm25 BM25Okapi between the query and each candidate memory's value), computed by this server on every pool size; it picks the top-scoring candidate. A lexical floor for Task 3, and the review bar's honest reference.",
};

/**
 * The server's own BM25 baseline: for every Task 3 pool of a benchmark, the candidate BM25 ranks first,
 * submitted as predictions and scored like any upload (so it gets n and a CI like everyone else).
 */
export async function seedBm25Baseline(
  db: Db,
  benchmarkVersionId: string,
  benchmarkSlug: string,
  progress: ImportProgress = silentProgress,
  /** the pools, when the caller reads them for other reference rows too (importRealData) */
  poolRefs: Task3PoolRefsReader = cachedTask3PoolRefs(db, benchmarkVersionId),
): Promise<"created" | "unchanged" | "no-pools"> {
  const system = await db.system.upsert({ where: { slug: BM25_SYSTEM.slug }, create: BM25_SYSTEM, update: BM25_SYSTEM });
  // computed here, nothing closed: open, unless an admin says otherwise (lib/model-facts/seeded-facts.ts)
  await writeSeededFacts(db, system.id, { openWeights: true });
  const id = `seed-bm25-${benchmarkSlug}`;
  // Loading every pool is the expensive part (d1000 pools are ~100 KB each): skip it when already scored.
  if (await isCurrent(db, id)) return "unchanged";
  const pools = await db.instance.count({ where: { benchmarkVersionId, trackId: { startsWith: "task3/" }, gold: { isNot: null } } });
  const phase = progress.phase("BM25 baseline", pools, "pools");
  // Pools as memory indexes: each distinct memory is tokenized once, and only the chosen candidate's id is read.
  const predictions = await task3PickRows(db, poolRefs, (refs) => {
    const select = createIndexedBm25Selector(refs.values);
    return refs.pools.map((pool) => {
      phase.tick();
      return select(pool.query ?? "", pool.memoryIndexes).selectedIndex;
    });
  });
  if (Object.keys(predictions).length === 0) {
    phase.done();
    return "no-pools";
  }
  const outcome = await seedScoredSubmission(db, {
    id,
    systemId: system.id,
    benchmarkVersionId,
    note: "Computed by this server, the authors' way (NLTK tokens, Porter stemming, BM25Okapi), over this data version's pools.",
    predictions,
  });
  // done after the picks are scored and stored too, so the phase's time is all of it
  phase.done("picks scored and stored");
  return outcome;
}
