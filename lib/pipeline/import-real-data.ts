import type { Db } from "@/lib/db/create-client";
import { importDatasetFromDir, type ImportReport } from "./import-dataset";
import { seedBm25Baseline } from "./seed-bm25-baseline";
import { seedPacketsRescored } from "./seed-packets-rescored";
import { ensureRealBenchmark, REAL_BENCHMARK_SLUG } from "./seed-reported";

/**
 * Import the real data, then what the server computes from it: the packets' stored LLM outputs re-scored
 * (packets layout only) and the BM25 baseline on every pool. Used by `alpsbench import` and by start-up.
 */
export async function importRealData(
  db: Db,
  dir: string,
  log: (line: string) => void,
): Promise<ImportReport & { rescored: { created: number; unchanged: number } | null; bm25: string }> {
  let started = Date.now();
  const lap = (what: string) => {
    log(`${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
  };
  const report = await importDatasetFromDir(db, dir, { log, benchmark: REAL_BENCHMARK_SLUG });
  lap("instances imported");
  const benchmark = await ensureRealBenchmark(db);
  if (report.updated > 0) {
    // Instances changed under the server's own submissions: drop them so they are scored again below.
    const dropped = await db.submission.deleteMany({ where: { benchmarkVersionId: benchmark.id, source: "seed" } });
    log(`${report.updated} instances changed: ${dropped.count} server-made submissions will be scored again`);
  }
  const rescored = report.layout === "packets" ? await seedPacketsRescored(db, dir, benchmark.id) : null;
  lap("packet outputs re-scored");
  const bm25 = await seedBm25Baseline(db, benchmark.id, REAL_BENCHMARK_SLUG);
  lap("BM25 baseline");
  return { ...report, rescored, bm25 };
}
