import { hostedBenchmarks } from "@/lib/benchmarks";
import type { Db } from "@/lib/db/create-client";
import { JUDGE_SETTINGS } from "@/lib/submissions/judge-settings";
import { queueRescores } from "@/lib/submissions/queue-rescores";

/**
 * Uploads scored while no judge was configured, as each hosted benchmark lists them (its `uploadsAwaitingJudge`): a
 * worker that starts with a judge queues each to be scored again, which reuses its stored per-instance results and
 * runs only the judge; without a judge it says how many wait and which settings would judge them. Each upload is
 * queued in its own guarded transaction (queueRescores), so a second worker starting at the same time finds it
 * already queued.
 */
export async function queueJudgeWaiting(db: Db, judgeConfigured: boolean, log: (line: string) => void): Promise<string[]> {
  const waiting: string[] = [];
  for (const benchmark of hostedBenchmarks()) waiting.push(...((await benchmark.uploadsAwaitingJudge?.(db)) ?? []));
  if (waiting.length === 0) return [];
  if (!judgeConfigured) {
    log(`${waiting.length} uploads are scored except the judge, waiting for a judge: set ${JUDGE_SETTINGS} and restart the worker to judge them`);
    return [];
  }
  const queued: string[] = [];
  for (const id of waiting) {
    try {
      queued.push(...(await queueRescores(db, { id })).queued.map((q) => q.id));
    } catch (error) {
      // picked up or deleted since the listing: nothing to do for it
      log(`${id}: not queued for the judge (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (queued.length > 0) log(`${queued.length} uploads waiting for a judge queued to be judged`);
  return queued;
}
