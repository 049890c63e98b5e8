/**
 * lib/queue: pg-boss in the application's database, the scoring queue's names, payload and timing, and the
 * worker that runs lib/worker/score-submission.ts. Server-only.
 */
export { getBoss, installQueue, stopBoss } from "./boss";
export { enqueueScoring, nextJobId, scoreJobOptions, sendScoreJob, type ScorePhase } from "./enqueue";
export { PGBOSS_SCHEMA, SCORE_ATTEMPTS, SCORE_DEAD_LETTER_QUEUE, SCORE_QUEUE, SCORE_RETRY_LIMIT } from "./names";
export { parseScoreJobPayload, ScoreJobPayloadSchema } from "./payload";
export { prismaExecutor, type SqlExecutor } from "./sql-executor";
export { queueTiming, type QueueTiming } from "./timing";
export { startWorker, type RunningWorker, type WorkerOptions } from "../worker/worker";
