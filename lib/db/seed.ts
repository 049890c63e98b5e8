import type { Db } from "@/lib/db/create-client";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";

/** What each hosted benchmark seeded, as phrases for the start log ("30 reported systems", "18 reported runs"). */
type SeedReport = { benchmark: string; seeded: string[] }[];

/**
 * Everything a fresh database needs to show a working leaderboard: each hosted benchmark's own seeds, the one at
 * "/" first (its published figures and demo data, a module's published runs; the platform's default seed of a
 * benchmark that prepares its own files writes its declared data versions and tracks). Idempotent: safe on every start.
 */
export async function seed(db: Db): Promise<SeedReport> {
  const report: SeedReport = [];
  for (const benchmark of hostedBenchmarks()) {
    const { seed: seedOf } = capabilitiesOf(benchmark);
    if (seedOf) report.push({ benchmark: benchmark.id, seeded: await seedOf(db) });
  }
  return report;
}
