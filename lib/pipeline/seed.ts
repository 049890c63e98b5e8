import type { Db } from "@/lib/db/create-client";
import { seedDemo } from "./seed-demo";
import { seedReported } from "./seed-reported";

export type SeedReport = { reported: { systems: number; figures: number }; demo: { instances: number; systems: number } };

/** Everything a fresh database needs to show a working leaderboard. Idempotent: safe on every start. */
export async function seed(db: Db): Promise<SeedReport> {
  const reported = await seedReported(db);
  const demo = await seedDemo(db);
  return { reported, demo };
}
