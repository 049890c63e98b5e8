import type { Db } from "@/lib/db/create-client";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { ensurePipelineRows } from "@/lib/benchmarks/pipeline-rows";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";

/** What each hosted benchmark seeded, as phrases for the start log ("30 reported systems", "18 reported runs"). */
type SeedReport = { benchmark: string; seeded: string[] }[];

/**
 * Everything a fresh database needs to show a working leaderboard: each hosted benchmark's own seeds, the one at
 * "/" first (its published figures and demo data, a module's published runs; a pipeline benchmark without a seed
 * gets its declared data versions and tracks). Idempotent: safe on every start.
 */
export async function seed(db: Db): Promise<SeedReport> {
  const report: SeedReport = [];
  for (const benchmark of hostedBenchmarks()) {
    if (isPipelineBenchmark(benchmark)) {
      // its own seed writes its data versions (AlpsBench's); without one, the declared ones are created here
      report.push({ benchmark: benchmark.id, seeded: benchmark.seed ? await benchmark.seed(db) : await ensurePipelineRows(db, benchmark) });
    } else if (benchmark.seedReported) {
      report.push({ benchmark: benchmark.id, seeded: [`${(await benchmark.seedReported(db)).reported} reported runs`] });
    }
  }
  return report;
}
