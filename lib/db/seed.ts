import type { Db } from "@/lib/db/create-client";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";

/** What each hosted benchmark seeded, as phrases for the start log ("30 reported systems", "18 reported runs"). */
export type SeedReport = { benchmark: string; seeded: string[] }[];

/**
 * Everything a fresh database needs to show a working leaderboard: each hosted benchmark's own seeds, the one at
 * "/" first (its published figures and demo data, a module's published runs). Idempotent: safe on every start.
 */
export async function seed(db: Db): Promise<SeedReport> {
  const report: SeedReport = [];
  for (const benchmark of hostedBenchmarks()) {
    if (isPipelineBenchmark(benchmark)) {
      if (benchmark.seed) report.push({ benchmark: benchmark.id, seeded: await benchmark.seed(db) });
    } else if (benchmark.seedReported) {
      report.push({ benchmark: benchmark.id, seeded: [`${(await benchmark.seedReported(db)).reported} reported runs`] });
    }
  }
  return report;
}
