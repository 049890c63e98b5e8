import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";
import { getBoss } from "./boss";
import { PGBOSS_SCHEMA, SCORE_DEAD_LETTER_QUEUE, SCORE_QUEUE, SCORE_RETRY_DELAY_SECONDS, SCORE_RETRY_LIMIT } from "./names";
import { parseScoreJobPayload } from "./payload";
import type { SqlExecutor } from "./sql-executor";
import { queueTiming, type QueueTiming } from "./timing";

type ScorePhase = "score" | "judge";

/** Per-job options: expiry by phase (judge chunks wait on a model), bounded retries with backoff, dead letter. */
export function scoreJobOptions(timing: QueueTiming, phase: ScorePhase): PgBoss.SendOptions {
  return {
    expireInSeconds: phase === "judge" ? timing.judgeExpireSeconds : timing.chunkExpireSeconds,
    retryLimit: SCORE_RETRY_LIMIT,
    retryDelay: SCORE_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    deadLetter: SCORE_DEAD_LETTER_QUEUE,
  };
}

/**
 * The id of the chunk that follows job `parentId`: derived, so two executions of the same chunk (a worker presumed
 * dead that was only slow, and its replacement) can only ever queue one successor (pg-boss inserts with
 * ON CONFLICT DO NOTHING). Formatted as a version-4-shaped UUID, as the job table's uuid column requires.
 */
export function nextJobId(parentId: string): string {
  const hex = createHash("sha256").update(`alpsbench:next-chunk:${parentId}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A PgBoss that only builds SQL for `exec`: no pool, no timers (send() needs no start()). */
function senderOn(exec: SqlExecutor): PgBoss {
  const boss = new PgBoss({ db: exec as PgBoss.Db, schema: PGBOSS_SCHEMA, supervise: false, schedule: false, migrate: false });
  boss.on("error", () => {});
  return boss;
}

function notInstalled(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /pgboss\.(job|queue)|relation "?pgboss/i.test(message) && /does not exist/i.test(message);
}

/**
 * Sends one scoring job on `exec` (a transaction: the job exists exactly when the transaction commits).
 * Returns the job id, or null when a job with this id is already queued.
 */
export async function sendScoreJob(
  exec: SqlExecutor,
  payload: ScoreJobPayload,
  options: { phase?: ScorePhase; id?: string; timing?: QueueTiming } = {},
): Promise<string | null> {
  const data = parseScoreJobPayload(payload);
  const timing = options.timing ?? queueTiming(env());
  try {
    return await senderOn(exec).send(SCORE_QUEUE, data, {
      ...scoreJobOptions(timing, options.phase ?? "score"),
      ...(options.id ? { id: options.id } : {}),
      db: exec as PgBoss.Db,
    });
  } catch (error) {
    if (notInstalled(error)) {
      throw new Error("The job queue is not installed in this database: call installQueue(databaseUrl) from lib/queue at start-up, after the migrations.", {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Queues the scoring of a submission. With `exec` (the creation transaction's executor: see prismaExecutor) the job
 * commits or rolls back with the submission row; with null it is sent on its own through this process's PgBoss
 * on DATABASE_URL (re-scoring from a script). Throws if no job was queued.
 */
export async function enqueueScoring(exec: SqlExecutor | null, payload: ScoreJobPayload): Promise<string> {
  let id: string | null;
  if (exec) {
    id = await sendScoreJob(exec, payload);
  } else {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("enqueueScoring(null, …) needs DATABASE_URL; pass the transaction's executor instead.");
    const boss = await getBoss(url);
    id = await sendScoreJob(boss.getDb() as SqlExecutor, payload);
  }
  if (!id) throw new Error(`the scoring job for submission ${payload.submissionId} was not queued (is the "${SCORE_QUEUE}" queue created? call installQueue)`);
  return id;
}
