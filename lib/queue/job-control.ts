import type PgBoss from "pg-boss";
import type { JobControl } from "./submission-job-control";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";
import { nextJobId, sendScoreJob } from "./enqueue";
import { PGBOSS_SCHEMA, SCORE_QUEUE } from "./names";
import type { SqlExecutor } from "./sql-executor";
import type { QueueTiming } from "./timing";

export type ClaimedJob = { id: string; retryCount: number; retryLimit: number };

/**
 * Locks the job's row if this attempt still holds it: state active and the retry count it was fetched with
 * (pg-boss bumps the count on every fetch of a retried job, so it identifies the attempt). While the lock is held
 * pg-boss's expiry cannot move the job; once our transaction completes it, the expiry skips it.
 * This reads pg-boss 10's job table directly (name, id, state, retry_count): re-check it when upgrading pg-boss.
 */
export async function claimJob(exec: SqlExecutor, queue: string, job: ClaimedJob): Promise<boolean> {
  const { rows } = await exec.executeSql(`SELECT retry_count FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND id = $2::uuid AND state = 'active' FOR UPDATE`, [
    queue,
    job.id,
  ]);
  const row = rows[0] as { retry_count: number | string } | undefined;
  return row !== undefined && Number(row.retry_count) === job.retryCount;
}

/** The JobControl of one fetched scoring job: claim, then queue the next chunk and complete, in the step's transaction. */
export function scoreJobControl(boss: PgBoss, job: ClaimedJob, payload: ScoreJobPayload, timing: QueueTiming, log: (line: string) => void): JobControl {
  return {
    jobId: job.id,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    claim: (exec) => claimJob(exec, SCORE_QUEUE, job),
    async finish(exec, next, output) {
      if (next) {
        const id = await sendScoreJob(exec, payload, { phase: next.phase, id: nextJobId(job.id), timing });
        if (id === null) log(`job ${job.id}: its next chunk was already queued`);
      }
      await boss.complete(SCORE_QUEUE, job.id, output, { db: exec as PgBoss.Db });
    },
  };
}
