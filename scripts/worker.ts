#!/usr/bin/env tsx
/**
 * `npm run worker`: scores queued submissions. Database: DATABASE_URL, else the running `npm start`'s embedded
 * PostgreSQL, else a newly started embedded one (lib/db/cli-database.ts). Run as many as you like, on any
 * machine that reaches the database; each works two jobs at a time.
 *
 * SIGTERM/SIGINT: stop taking jobs and let the chunks in hand commit, then exit. A second signal exits at once;
 * so does SIGKILL: the chunk in hand then expires (WORKER_CHUNK_EXPIRE_SECONDS) and another worker, or this one
 * restarted, takes it over. Nothing is lost or scored twice either way.
 *
 * Progress lines go to stderr, one per chunk.
 */
import { databaseForCli } from "../lib/db/cli-database";
import { createPrismaClient } from "../lib/db/create-client";
import { startupErrorText } from "../lib/db/embedded-postgres";
import { env } from "../lib/env";
import { hostedBenchmarks } from "../lib/benchmarks";
import { queueTiming } from "../lib/queue/timing";
import { startWorker } from "../lib/worker/worker";
import { queueRescores } from "../lib/submissions/queue-rescores";
import { queueJudgeWaiting } from "../lib/worker/judge-waiting";
import { serverSetup } from "../lib/submissions/server-setup";

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} [worker ${process.pid}] ${line}\n`);

async function main(): Promise<void> {
  const config = env();
  const delay = config.ALPSBENCH_WORKER_TEST_DELAY_MS;
  const database = await databaseForCli(log);
  const timing = queueTiming(config);
  log(
    `scoring queue on ${new URL(database.url).host}${new URL(database.url).pathname}: chunks of ${timing.chunkSize} instances, ` +
      `expiry ${timing.chunkExpireSeconds} s (judge chunks ${timing.judgeExpireSeconds} s), maintenance every ${timing.maintenanceIntervalSeconds} s, ` +
      `judge ${config.JUDGE_BASE_URL && config.JUDGE_MODEL ? `${config.JUDGE_MODEL} at ${config.JUDGE_BASE_URL}` : "not configured (judge metrics wait for one: set JUDGE_BASE_URL and JUDGE_MODEL)"}` +
      (delay ? `; TEST DELAY ${delay} ms per chunk` : ""),
  );
  const worker = startWorker({ databaseUrl: database.url, log, concurrency: 2, timing, testDelayMs: delay });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting now; the chunks in hand will expire and be retried`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing the chunks in hand (${signal} again to exit at once)`);
    void worker
      .stop()
      .then(() => database.close())
      .then(
        () => {
          log("stopped");
          process.exit(0);
        },
        (error: unknown) => {
          log(`error while stopping: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A stray rejection (a connection dropped under a library) must not take the worker down: the job it belonged to
  // is retried by the queue anyway.
  process.on("unhandledRejection", (reason) => log(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));

  await worker.ready;
  log("ready");
  // uploads a benchmark asks to re-score under the current settings (AlpsBench: noised test figures while the
  // noise is off), each under its own score version; a second worker finds them already queued
  const db = createPrismaClient(database.url);
  try {
    for (const benchmark of hostedBenchmarks()) {
      if (!benchmark.rescoreAtWorkerStart) continue;
      try {
        const { submissionIds, why } = await benchmark.rescoreAtWorkerStart(db);
        const queued: string[] = [];
        for (const id of submissionIds) queued.push(...(await queueRescores(db, { id }, { log })).queued.map((q) => q.id));
        if (queued.length > 0) log(`${queued.length} uploads ${why}`);
      } catch (error) {
        log(`${benchmark.id}: could not queue its re-scoring at start (tried again at the next start): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // uploads scored while no judge was configured: judged now if this worker has one (else it says what is missing)
    try {
      await queueJudgeWaiting(db, serverSetup().judgeConfigured, log);
    } catch (error) {
      log(`could not queue the uploads waiting for a judge (tried again at the next start): ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  log(startupErrorText(error));
  process.exit(1);
});
