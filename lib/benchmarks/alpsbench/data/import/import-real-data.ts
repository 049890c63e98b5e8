import type { Db } from "@/lib/db/create-client";
import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import type { PacketOutputs } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { importDatasetFromDir, type ImportReport } from "./import-dataset";
import { type ImportProgress, lineProgress } from "./import-progress";
import { seedBm25Baseline } from "../seeds/seed-bm25-baseline";
import { seedPacketsRescored } from "../seeds/seed-packets-rescored";
import { seedReferenceBaselines } from "../seeds/seed-reference-baselines";
import { seedPublicLookup } from "../seeds/seed-public-lookup";
import type { ReleasedTask3 } from "@/lib/benchmarks/alpsbench/pipeline/public-lookup";
import { ensureRealBenchmark, REAL_BENCHMARK_SLUG } from "../seeds/seed-reported";
import { cachedTask3PoolRefs } from "@/lib/benchmarks/alpsbench/read/queries/task3-pool-refs";

export type ImportPhaseSeconds = { instances: number; rescored: number; bm25: number };

/**
 * Import the real data, then what the server computes from it: the packets' stored LLM outputs re-scored
 * (packets layout only), the BM25 baseline on every pool and the trivial reference baselines. Used by `alpsbench import`, start-up and the e2e
 * setup. `progress` reports every phase (default: plain lines through `log`, as in CI and server logs).
 */
export async function importRealData(
  db: Db,
  dir: string,
  log: (line: string) => void,
  options: {
    progress?: ImportProgress;
    /** the server's Task 3 pool version (importDatasetFromDir) */
    poolVersion?: Task3PoolVersion;
    /** the data version to import into (created when missing); default the real one, alpsbench-v1 */
    benchmark?: string;
  } = {},
): Promise<ImportReport & { rescored: { created: number; unchanged: number } | null; bm25: string; phases: ImportPhaseSeconds }> {
  const progress = options.progress ?? lineProgress(log);
  let started = Date.now();
  const lap = () => {
    const seconds = (Date.now() - started) / 1000;
    started = Date.now();
    return seconds;
  };
  const packetOutputs: PacketOutputs[] = [];
  const releasedTask3: ReleasedTask3[] = [];
  const slug = options.benchmark ?? REAL_BENCHMARK_SLUG;
  const benchmark = await dataVersion(db, slug, options.poolVersion);
  const report = await importDatasetFromDir(db, dir, {
    log,
    benchmark: slug,
    progress,
    packetOutputs,
    releasedTask3,
    ...(options.poolVersion ? { poolVersion: options.poolVersion } : {}),
  });
  const instancesSeconds = lap();
  log(`instances imported in ${instancesSeconds.toFixed(1)} s: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged`);
  if (report.updated > 0) {
    // Instances changed under the server's own submissions: drop them so they are scored again below.
    const dropped = await db.submission.deleteMany({ where: { benchmarkVersionId: benchmark.id, source: "seed" } });
    log(`${report.updated} instances changed: ${dropped.count} server-made submissions will be scored again`);
  }
  // the reported systems' re-scored rows keep one id each, so they belong to the real data version only
  const rescored =
    report.layout === "packets" && slug === REAL_BENCHMARK_SLUG
      ? await seedPacketsRescored(db, dir, benchmark.id, undefined, progress, packetOutputs.length ? packetOutputs : undefined)
      : null;
  const rescoredSeconds = lap();
  // every Task 3 pool, read once for the BM25, first, random and lookup rows (the pools do not change meanwhile)
  const poolRefs = cachedTask3PoolRefs(db, benchmark.id);
  const bm25 = await seedBm25Baseline(db, benchmark.id, slug, progress, poolRefs);
  const bm25Seconds = lap();
  // the trivial reference rows (empty, copy-the-input, first and random candidate), scored by the same scorer
  const baselines: Record<string, string> = await seedReferenceBaselines(db, benchmark.id, slug, progress, poolRefs);
  // the open book: what a file built from the public packets scores (read again only when the import skipped them)
  if (report.layout === "packets") {
    const lookup = await seedPublicLookup(db, benchmark.id, slug, dir, releasedTask3.length ? releasedTask3 : null, progress, poolRefs);
    baselines.publicLookup = lookup;
  }
  log(
    `reference baselines in ${lap().toFixed(1)} s: ${Object.entries(baselines)
      .map(([name, outcome]) => `${name} ${outcome}`)
      .join(", ")}`,
  );
  return { ...report, rescored, bm25, phases: { instances: instancesSeconds, rescored: rescoredSeconds, bm25: bm25Seconds } };
}

/** The real data version, or another one created on first use (`alpsbench import --benchmark`), named for its pools. */
async function dataVersion(db: Db, slug: string, poolVersion: Task3PoolVersion | undefined) {
  if (slug === REAL_BENCHMARK_SLUG) return ensureRealBenchmark(db);
  const pools = poolVersion ? ` (Task 3 pools ${poolVersion})` : "";
  return db.benchmarkVersion.upsert({
    where: { slug },
    create: { slug, name: `AlpsBench v1${pools}`, description: `The AlpsBench data imported as ${slug}${pools}.`, source: "alpsbench import --benchmark" },
    update: {},
  });
}
