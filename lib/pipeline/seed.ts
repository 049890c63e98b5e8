import type { Db } from "@/lib/db/create-client";
import { seedDemo } from "./seed-demo";
import { seedReported } from "./seed-reported";
import { seedPersonalLlmPaperRuns } from "@/lib/benchmarks/personalllm/db/seed-paper-runs";

export type SeedReport = {
  reported: { systems: number; figures: number };
  demo: { instances: number; systems: number };
  personalllm: { runs: number };
};

/** Everything a fresh database needs to show a working leaderboard. Idempotent: safe on every start. */
export async function seed(db: Db): Promise<SeedReport> {
  const reported = await seedReported(db);
  const demo = await seedDemo(db);
  const personalllm = await seedPersonalLlmPaperRuns(db);
  return { reported, demo, personalllm };
}
