import { inject } from "vitest";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { REAL_BENCHMARK_SLUG } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reported";
import { realDataDatabase } from "../real-data-image";

/** how many real-data databases this process has started: each gets a folder of its own */
let started = 0;

/**
 * The real AlpsBench data for a file that reads it, as `npm start` imports it (importRealData: instances, gold, the
 * server's Task 3 pools, the re-scored packet outputs, the BM25, trivial and lookup reference rows) under the start-up
 * seed: a database of the file's own, in a cluster copied from the run's real-data image (tests/real-data-image.ts).
 * The import is paid once per run, by the image, for both lanes; each file starts from the image as built, so what
 * one file uploads or seeds no other file sees. `dispose` (afterAll) stops the cluster and removes its files.
 */
export async function realDataVersion(): Promise<{ db: Db; url: string; slug: string; benchmarkVersionId: string; dispose: () => Promise<void> }> {
  const log = (line: string) => process.stderr.write(`[real data] ${line}\n`);
  // one per file: the files of the integration project share one process (vitest.config.ts)
  const database = await realDataDatabase(`integration-real-${process.pid}-${++started}`, inject("realDataImageFolder"), log);
  const db = createPrismaClient(database.url);
  const { id } = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: REAL_BENCHMARK_SLUG }, select: { id: true } });
  return {
    db,
    url: database.url,
    slug: REAL_BENCHMARK_SLUG,
    benchmarkVersionId: id,
    dispose: async () => {
      await db.$disconnect();
      await database.dispose();
    },
  };
}
