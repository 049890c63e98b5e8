import type { Db } from "@/lib/db/create-client";
import { queueRescores } from "@/lib/worker/queue-rescores";
import { noisedTestFigureUploads } from "./noised-test-figures";

/**
 * Test-split figures are exact unless the operator turns the noise on (TEST_FIGURE_NOISE). Uploads published
 * noised (scored while it was on, or before the figures became exact: the migration test_figures_exact marks
 * those by their note) carry `testFigureNoise`; while the noise is off, each is queued again under its own score
 * version (queueRescores' forced path). Its per-instance results are stored exact, so the scoring pipeline goes
 * straight to its aggregate step, which recomputes every figure from the stored file, writes them exact and
 * clears the marker and the note; stored judge results are reused (no judge call is repeated). Every worker does this
 * at start (AlpsBench's rescoreAtWorkerStart hook, queued by scripts/worker.ts): a second worker finds the submissions already queued (the guarded update leaves them alone),
 * and once they are re-scored there is nothing left to do. Turning the noise on does not noise figures already
 * published exactly: they have been read.
 */
export async function queueExactTestFigures(db: Db, options: { noise: boolean; log?: (line: string) => void }): Promise<string[]> {
  const queued: string[] = [];
  for (const id of await noisedTestFigureUploads(db, options)) {
    const outcome = await queueRescores(db, { id }, { log: options.log });
    queued.push(...outcome.queued.map((q) => q.id));
  }
  if (queued.length > 0) options.log?.(`${queued.length} uploads with noised test figures queued to be re-scored exactly (TEST_FIGURE_NOISE is off)`);
  return queued;
}
