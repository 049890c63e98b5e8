import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { importRealData } from "@/lib/benchmarks/alpsbench/data/import/import-real-data";
import { ensureRealBenchmark } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reported";
import { seed } from "@/lib/db/seed";
import { hasSharedData, SHARED_DATA_DIR } from "../shared-data";

const PERSONALLLM_FIGURES = path.resolve(process.env.PERSONALLLM_FIGURES_DIR ?? path.join(SHARED_DATA_DIR, "../personalllm"));

const E2E_POOL_SEED = "e2e-real-data-digests";

/**
 * What the e2e lane's database holds before its server starts (tests/e2e/global-setup.ts), in one place so that
 * scripts/bench/real-data-digests.ts fills a database of its own the same way: the digests it commits are the
 * ones tests/e2e/real-data-digests.test.ts computes from the lane's server.
 */
export async function fillE2eDatabase(db: Db, log: (line: string) => void): Promise<void> {
  await fillRealData(db, log);
  await fillPersonalLlm(db, log);
}

/**
 * The first part, which the real-data image holds (tests/real-data-image.ts): the start-up seed and the real
 * AlpsBench data under a known pool seed.
 */
export async function fillRealData(db: Db, log: (line: string) => void): Promise<void> {
  await seed(db);
  // A known Task 3 pool seed (a site draws its own at its first import, at random: PoolSeed), so that the pools, and
  // so every Task 3 figure and the overview, are the same from one fresh database to the next: the digests of
  // tests/e2e/real-data-digests.test.ts depend on it, as lib/benchmarks/alpsbench/bench/import.ts --digest does.
  const real = await ensureRealBenchmark(db);
  await db.poolSeed.upsert({ where: { benchmarkVersionId: real.id }, create: { benchmarkVersionId: real.id, seed: E2E_POOL_SEED }, update: {} });
  // The real data, as `ALPSBENCH_DATA_DIR=… npm start` would import it (about a minute here).
  if (hasSharedData) await importRealData(db, SHARED_DATA_DIR, log);
}

/** The second part, added to a copy of the image by the e2e setup. */
export async function fillPersonalLlm(db: Db, log: (line: string) => void): Promise<void> {
  // PersonalLLM beside it, as `BENCHMARK_DATA_DIRS=… npm start` would import it: synthetic evaluation set and test
  // prompts (the real parquet is not on these machines) and, when present, the authors' reported figures, so every
  // page of both benchmarks is there to crawl (tests/e2e/link-crawl.test.ts)
  const pllmDir = mkdtempSync(path.join(os.tmpdir(), "pllm-e2e-setup-"));
  writeSynthetic(pllmDir, { users: 30, prompts: 8 });
  await importBenchmarkFolder(db, pllmDir, log);
  rmSync(pllmDir, { recursive: true, force: true });
  if (existsSync(PERSONALLLM_FIGURES)) await importBenchmarkFolder(db, PERSONALLLM_FIGURES, log);
}
