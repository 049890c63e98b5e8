import { setTimeout as sleep } from "node:timers/promises";
import type PgBoss from "pg-boss";
import { createPrismaClient } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import type { JudgeSetup } from "@/lib/llm-judge/setup";
import type { RewardSetup } from "@/lib/worker/fill-reward-scores";
import { runScoreJob } from "@/lib/worker/score-submission";
import { exhaustedReason, isSubmitterDataError, markSubmissionFailed, SUBMITTER_DATA_REASON } from "@/lib/worker/submission-failure";
import { JobSupersededError } from "@/lib/queue/submission-job-control";
import { getBoss, stopBoss } from "../queue/boss";
import { claimJob, type ClaimedJob, scoreJobControl } from "../queue/job-control";
import { SCORE_ATTEMPTS, SCORE_DEAD_LETTER_QUEUE, SCORE_QUEUE } from "../queue/names";
import { parseScoreJobPayload, ScoreJobPayloadSchema } from "../queue/payload";
import { prismaExecutor } from "../queue/sql-executor";
import { queueTiming, type QueueTiming } from "../queue/timing";

type WorkerOptions = {
  databaseUrl: string;
  log: (line: string) => void;
  /** jobs worked at once (default 2) */
  concurrency?: number;
  timing?: QueueTiming;
  /** a judge for every benchmark that judges (tests); default: each builds its own from JUDGE_* (null: no judge phase) */
  judge?: JudgeSetup | null;
  /** tests only: a pause before each chunk commits */
  testDelayMs?: number;
  /** default: the reward service configured by REWARD_SERVICE_* (tests pass a local one) */
  rewards?: RewardSetup | null;
  /** reward-service batches per module step (default: lib/worker/reward-chunk.ts) */
  rewardBatchesPerStep?: number;
};

type RunningWorker = {
  /** resolves once pg-boss has started (it keeps trying while the database is unreachable) */
  ready: Promise<void>;
  /**
   * Stops taking jobs and waits for the chunks in hand to commit (at most one chunk expiry); a chunk still running
   * then is simply abandoned: its job expires and another worker retries it.
   */
  stop(): Promise<void>;
};

type FetchedJob = PgBoss.JobWithMetadata<unknown>;

/**
 * One log line per error: Prisma's messages span several lines (the failing call, then the database's words), and
 * some driver errors carry no message at all (a connection terminated mid-query): say at least what they are.
 */
function messageOf(error: unknown): string {
  const oneLine = (text: string) => {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 600 ? `${line.slice(0, 600)}…` : line;
  };
  if (!(error instanceof Error)) return oneLine(String(error));
  if (error.message.trim()) return oneLine(error.message);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error && error.cause.message ? `: ${error.cause.message}` : "";
  return `${error.name}${typeof code === "string" ? ` ${code}` : ""}${cause || " (no message)"}`;
}

/** The last error pg-boss recorded on a dead-lettered job: our fail() output, or its expiry message. */
function lastErrorOf(output: unknown): string | null {
  if (output === null || typeof output !== "object") return null;
  const o = output as { message?: unknown; value?: { message?: unknown } };
  const message = typeof o.message === "string" ? o.message : typeof o.value?.message === "string" ? o.value.message : null;
  return message;
}

/**
 * The scoring worker: `concurrency` loops that each fetch one job at a time from the scoring queue and run it
 * (runScoreJob does one step and queues the next). Loop 0 also drains the dead-letter queue, where pg-boss puts a
 * chunk that failed all its attempts: the submission is marked failed there, as our failure.
 *
 * The worker never dies of a lost database: pg-boss's error events are logged, fetches return nothing while the
 * server is away, a chunk that fails on a dropped connection is retried (or, if even its failure cannot be
 * recorded, expires and is retried), and everything resumes when the server is back.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const config = env();
  const timing = options.timing ?? queueTiming(config);
  const concurrency = options.concurrency ?? 2;
  const log = options.log;
  const db = createPrismaClient(options.databaseUrl);
  let stopping = false;
  const wake = new AbortController();

  const pause = (ms: number) => sleep(ms, undefined, { signal: wake.signal }).catch(() => {});

  const bossReady: Promise<PgBoss | null> = (async () => {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        const boss = await getBoss(options.databaseUrl, { log, timing });
        watchStates(boss);
        return boss;
      } catch (error) {
        const wait = Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5));
        log(`queue: cannot start (${messageOf(error)}); trying again in ${wait / 1000} s`);
        await pause(wait);
      }
    }
    return null;
  })();

  let lastStates = "";
  function watchStates(boss: PgBoss) {
    boss.on("monitor-states", (states) => {
      const q = states.queues[SCORE_QUEUE];
      if (!q) return;
      const line = `queue ${SCORE_QUEUE}: ${q.created} waiting, ${q.retry} to retry, ${q.active} active, ${q.failed} failed`;
      if (line !== lastStates) log(line);
      lastStates = line;
    });
  }

  async function failJob(boss: PgBoss, job: ClaimedJob, message: string): Promise<void> {
    try {
      await db.$transaction(async (tx) => {
        const exec = prismaExecutor(tx);
        // Only this attempt may fail the job: pg-boss's fail() by id would also fail a newer attempt.
        if (await claimJob(exec, SCORE_QUEUE, job)) await boss.fail(SCORE_QUEUE, job.id, { message }, { db: exec as PgBoss.Db });
      });
    } catch (error) {
      log(`job ${job.id}: could not record the failure (${messageOf(error)}); it will expire and be retried`);
    }
  }

  async function work(boss: PgBoss, job: FetchedJob): Promise<void> {
    const claimed: ClaimedJob = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
    const attempt = `attempt ${job.retryCount + 1}/${job.retryLimit + 1}`;
    let payload;
    try {
      payload = parseScoreJobPayload(job.data);
    } catch (error) {
      log(`ALERT job ${job.id}: ${messageOf(error)}`);
      await failJob(boss, claimed, messageOf(error));
      return;
    }
    const started = Date.now();
    try {
      const outcome = await runScoreJob(db, payload, {
        control: scoreJobControl(boss, claimed, payload, timing, log),
        chunkSize: timing.chunkSize,
        budgetMs: timing.chunkBudgetMs,
        judgeBudgetMs: timing.judgeBudgetMs,
        judge: options.judge,
        testDelayMs: options.testDelayMs,
        rewards: options.rewards,
        rewardBatchesPerStep: options.rewardBatchesPerStep,
        log,
      });
      if (job.retryCount > 0) log(`job ${job.id}: submission ${payload.submissionId} resumed on ${attempt}, ${outcome} after ${Date.now() - started} ms`);
    } catch (error) {
      if (error instanceof JobSupersededError) {
        log(`job ${job.id}: ${error.message}`);
        return;
      }
      log(`job ${job.id}: submission ${payload.submissionId}, ${attempt} failed: ${messageOf(error)}`);
      await failJob(boss, claimed, messageOf(error));
    }
  }

  async function drainDeadLetters(boss: PgBoss): Promise<boolean> {
    const [job] = await boss.fetch<unknown>(SCORE_DEAD_LETTER_QUEUE, { includeMetadata: true, batchSize: 1 });
    if (!job) return false;
    const payload = ScoreJobPayloadSchema.safeParse(job.data);
    const lastError = lastErrorOf(job.output);
    // pg-boss copies the failed job's retry limit onto its dead letter
    const attempts = Number.isInteger(job.retryLimit) ? job.retryLimit + 1 : SCORE_ATTEMPTS;
    if (payload.success) {
      // Refunded only when the failure is ours: a data exception raised by the submitter's own values is not.
      const theirs = lastError !== null && isSubmitterDataError(lastError);
      const reason = theirs ? SUBMITTER_DATA_REASON : exhaustedReason(attempts, lastError);
      const changed = await markSubmissionFailed(db, payload.data.submissionId, reason, !theirs, payload.data.scoreVersion);
      log(
        `ALERT submission ${payload.data.submissionId}: scoring gave up after ${attempts} attempts (last error: ${lastError ?? "none recorded"})${changed ? "; marked failed" : ""}`,
      );
    } else {
      log(`ALERT dead-lettered job ${job.id} has no valid payload: ${JSON.stringify(job.data)}`);
    }
    await boss.complete(SCORE_DEAD_LETTER_QUEUE, job.id);
    return true;
  }

  async function loop(index: number): Promise<void> {
    const boss = await bossReady;
    if (!boss) return;
    while (!stopping) {
      let worked = false;
      try {
        if (index === 0) worked = await drainDeadLetters(boss);
        if (!stopping) {
          const [job] = await boss.fetch<unknown>(SCORE_QUEUE, { includeMetadata: true, batchSize: 1 });
          if (job) {
            worked = true;
            await work(boss, job);
          }
        }
      } catch (error) {
        log(`worker ${index}: ${messageOf(error)}`);
      }
      if (!worked && !stopping) await pause(timing.pollIntervalMs);
    }
  }

  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    ready: bossReady.then(() => undefined),
    async stop() {
      stopping = true;
      wake.abort();
      const finished = await Promise.race([Promise.all(loops).then(() => true), sleep(timing.chunkExpireSeconds * 1000).then(() => false)]);
      if (!finished) log("stopping with a chunk still running: its job will expire and be retried");
      await stopBoss(options.databaseUrl);
      await db.$disconnect();
    },
  };
}
