import type { Db } from "@/lib/db/create-client";

/**
 * The finished uploads whose test figures were published noised (they have a TestFigureNoise row), oldest first;
 * none while the noise is on (TEST_FIGURE_NOISE): figures published exactly are not noised afterwards, they have
 * been read. Each is re-scored exactly under its own score version: AlpsBench's `rescoreAtWorkerStart` hook
 * (data/start-hooks.ts) names them and scripts/worker.ts queues them (lib/submissions/queue-rescores.ts).
 */
export async function noisedTestFigureUploads(db: Db, options: { noise: boolean }): Promise<string[]> {
  if (options.noise) return [];
  const noised = await db.submission.findMany({
    where: { source: "upload", status: "done", testFigureNoise: { isNot: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return noised.map((s) => s.id);
}
