import type { Db } from "@/lib/db/create-client";
import { seedDemo } from "../benchmarks/alpsbench/data/seeds/seed-demo";
import { seedReported } from "../benchmarks/alpsbench/data/seeds/seed-reported";
import { BENCHMARKS } from "@/lib/benchmarks";

export type SeedReport = {
  reported: { systems: number; figures: number };
  demo: { instances: number; systems: number };
  /** each module's own published figures (PersonalLLM: the paper's plotted runs), seeded like AlpsBench's */
  modules: { benchmark: string; reported: number }[];
};

/** Everything a fresh database needs to show a working leaderboard. Idempotent: safe on every start. */
export async function seed(db: Db): Promise<SeedReport> {
  const reported = await seedReported(db);
  const demo = await seedDemo(db);
  const modules: SeedReport["modules"] = [];
  for (const benchmark of BENCHMARKS) if (benchmark.seedReported) modules.push({ benchmark: benchmark.id, reported: (await benchmark.seedReported(db)).reported });
  return { reported, demo, modules };
}
