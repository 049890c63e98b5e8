import type { Db } from "@/lib/db/create-client";
import { seedReported } from "./seed-reported";

export type SeedReport = { reported: { systems: number; figures: number } };

/** Everything a fresh database needs to show a working leaderboard. Idempotent: safe on every start. */
export async function seed(db: Db): Promise<SeedReport> {
  const reported = await seedReported(db);
  return { reported };
}
