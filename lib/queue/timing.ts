import type { Env } from "@/lib/env";

/**
 * How long things may take. pg-boss 10 has no heartbeat: an active job is presumed dead once `expireIn` has passed
 * since it started, and its maintenance pass (every `maintenanceIntervalSeconds`) moves it to retry. So a chunk must
 * finish well inside its expiry: it stops taking instances at `budgetMs` (40 % of the expiry) and commits what it
 * has. A worker killed mid-chunk is therefore replaced after at most
 *   expiry + 2 × maintenance interval + retry delay (1-2 s) + poll interval (1 s)
 * counted from the moment the chunk started: about 60 + 10 + 2 + 1 = 73 s with the defaults. (Maintenance
 * ticks every interval but runs only when the last run is more than one interval old, so a tick can be
 * skipped by a few milliseconds of jitter: hence 2 ×.) Measured with a 5 s expiry and 1 s maintenance
 * (tests/integration/worker-process.test.ts): the new worker committed 7.8-9.6 s after the SIGKILL.
 *
 * Judge chunks wait on an external model: their budget covers at least 1.5 judge call timeouts (a call still in
 * flight at the budget is aborted and asked again by the next chunk), and their expiry is twice the budget.
 */
export type QueueTiming = {
  chunkSize: number;
  chunkExpireSeconds: number;
  chunkBudgetMs: number;
  judgeExpireSeconds: number;
  judgeBudgetMs: number;
  maintenanceIntervalSeconds: number;
  /** how often an idle worker asks for a job */
  pollIntervalMs: number;
};

export function queueTiming(e: Pick<Env, "WORKER_CHUNK_SIZE" | "WORKER_CHUNK_EXPIRE_SECONDS" | "JUDGE_TIMEOUT_MS">): QueueTiming {
  const expire = e.WORKER_CHUNK_EXPIRE_SECONDS;
  const chunkBudgetMs = Math.floor(expire * 1000 * 0.4);
  const judgeBudgetMs = Math.max(chunkBudgetMs, Math.ceil(e.JUDGE_TIMEOUT_MS * 1.5));
  return {
    chunkSize: e.WORKER_CHUNK_SIZE,
    chunkExpireSeconds: expire,
    chunkBudgetMs,
    judgeExpireSeconds: Math.max(expire, Math.ceil((judgeBudgetMs * 2) / 1000)),
    judgeBudgetMs,
    maintenanceIntervalSeconds: Math.max(1, Math.min(5, Math.floor(expire / 5))),
    pollIntervalMs: 1000,
  };
}
