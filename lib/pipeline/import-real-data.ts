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
  const report = await importDatasetFromDir(db, dir, { log, benchmark: REAL_BENCHMARK_SLUG });
  const benchmark = await ensureRealBenchmark(db);
  const rescored = report.layout === "packets" ? await seedPacketsRescored(db, dir, benchmark.id) : null;
  const bm25 = await seedBm25Baseline(db, benchmark.id, REAL_BENCHMARK_SLUG);
  return { ...report, rescored, bm25 };
}
