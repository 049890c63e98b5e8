import type { SqlExecutor } from "./sql-executor";

/**
 * How a scoring step talks to the queue job that runs it (lib/worker/worker.ts implements it). Without one (tests,
 * a CLI) runScoreJob writes the same rows and the caller loops.
 *
 * Every step ends with ONE transaction that (1) claims the job: its row in pg-boss is still active under this
 * attempt's retry count, locked FOR UPDATE, so pg-boss's expiry cannot hand it to another worker meanwhile;
 * (2) writes the step's rows; (3) queues the next chunk, if any, and completes the job. A worker that was presumed
 * dead (it outlived the expiry) finds its claim gone and writes nothing: at most one execution of a chunk commits.
 */
export type JobControl = {
  jobId: string;
  /** 0 on the first attempt */
  retryCount: number;
  retryLimit: number;
  claim(exec: SqlExecutor): Promise<boolean>;
  finish(exec: SqlExecutor, next: { phase: "score" | "judge" } | null, output: Record<string, unknown>): Promise<void>;
};

/** This attempt no longer owns its job (it expired and was retried elsewhere); nothing was written. */
export class JobSupersededError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this attempt (it expired and was handed on); nothing was written`);
    this.name = "JobSupersededError";
  }
}
