import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { getBoss, installQueue } from "@/lib/queue/boss";
import { scoreJobOptions, sendScoreJob } from "@/lib/queue/enqueue";
import { SCORE_QUEUE } from "@/lib/queue/names";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import { queueTiming } from "@/lib/queue/timing";
import { startWorker } from "@/lib/worker/worker";
import { settleLeftoverQueue } from "./upload-helpers";
import { createTestSubmission, expectStoredEqualsReference, referenceScore, spawnWorker, waitFor, type WorkerProcess } from "./worker-fixtures";

/**
 * The worker as a real process (`scripts/worker.ts`) against a real PostgreSQL: killed with SIGKILL in the middle
 * of a chunk, and left running while its database restarts. Small chunks, a 5 s expiry and a pause before each
 * commit make the middle of a chunk easy to hit.
 */
const WORKER_ENV = { WORKER_CHUNK_SIZE: "5", WORKER_CHUNK_EXPIRE_SECONDS: "5", ALPSBENCH_WORKER_TEST_DELAY_MS: "700" };

/** Jobs of a submission a worker holds now (pg-boss state "active"). */
async function activeJobs(db: Db, submissionId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${SCORE_QUEUE} AND state = 'active' AND data->>'submissionId' = ${submissionId}`;
  return row!.n;
}
const timing = queueTiming({ WORKER_CHUNK_SIZE: 5, WORKER_CHUNK_EXPIRE_SECONDS: 5, JUDGE_TIMEOUT_MS: 60_000 });

type Progress = { status: string; progressDone: number; progressTotal: number; lastProgressAt: Date | null };
const progressOf = (db: Db, id: string): Promise<Progress> =>
  db.submission.findUniqueOrThrow({ where: { id }, select: { status: true, progressDone: true, progressTotal: true, lastProgressAt: true } });

async function enqueue(db: Db, submissionId: string): Promise<void> {
  const id = await sendScoreJob(prismaExecutor(db), { submissionId, scoreVersion: SCORER_VERSION }, { timing });
  expect(id).not.toBeNull();
}

async function stopWorker(worker: WorkerProcess): Promise<number | null> {
  if (worker.child.exitCode !== null) return worker.child.exitCode;
  worker.child.kill("SIGTERM");
  return worker.exited;
}

describe("the worker process", () => {
  const db = createPrismaClient(inject("databaseUrl"));
  let benchmarkVersionId: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
    await installQueue(inject("databaseUrl"), timing);
    // a worker takes the oldest job first: another file's leftover uploads would keep it busy past the waits here
    await settleLeftoverQueue(db);
  });
  // A worker left running by a failed test would take the next test's jobs.
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill("SIGKILL");
        await worker.exited;
      }
    }
  });
  afterAll(() => db.$disconnect());

  test("SIGKILL in the middle of a chunk: a new worker takes the chunk over; nothing lost, nothing scored twice", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "sigkill" });
    await enqueue(db, id);
    const first = spawnWorker({ DATABASE_URL: inject("databaseUrl"), ...WORKER_ENV });
    workers.push(first);

    // a chunk has committed and the next one is in flight (it pauses 700 ms before committing): its job is active.
    // A job scores chunks until its time budget is spent and then queues the next; waiting a fixed time after the
    // first commit could land between two jobs on a loaded machine, where there is nothing to resume.
    const before = await waitFor(
      "a first chunk committed and a job in flight",
      async () => {
        const p = await progressOf(db, id);
        return p.progressDone >= 5 && p.progressDone < p.progressTotal && (await activeJobs(db, id)) > 0 ? p : null;
      },
      30_000,
      20,
    );
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await first.exited).toBeNull(); // killed by a signal
    const atKill = await progressOf(db, id);
    expect(atKill.progressDone).toBeLessThan(atKill.progressTotal);
    // the killed worker's job stays active until it expires: the kill landed inside it
    expect(await activeJobs(db, id), "a job of the submission was in flight when the worker was killed").toBe(1);

    const second = spawnWorker({ DATABASE_URL: inject("databaseUrl"), ...WORKER_ENV });
    workers.push(second);
    await waitFor("progress after the kill", async () => (await progressOf(db, id)).progressDone > atKill.progressDone, 60_000, 50);
    const pickupMs = Date.now() - killedAt;
    await waitFor("done", async () => (await progressOf(db, id)).status === "done", 60_000);
    const doneMs = Date.now() - killedAt;

    await expectStoredEqualsReference(db, id, await referenceScore(db, benchmarkVersionId, id));
    // the interrupted chunk was retried (attempt 2) by the new worker, not restarted from scratch
    expect(second.output.join("\n")).toMatch(/resumed on attempt 2\/5/);
    console.log(
      `SIGKILL at ${atKill.progressDone}/${atKill.progressTotal} (first chunk seen at ${before.progressDone}); new worker progressed ${(pickupMs / 1000).toFixed(1)} s after the kill ` +
        `(expiry ${timing.chunkExpireSeconds} s, maintenance every ${timing.maintenanceIntervalSeconds} s); done ${(doneMs / 1000).toFixed(1)} s after the kill`,
    );
    // how soon the new worker took over (expiry + maintenance + retry delay + poll + the chunk) is printed above, not
    // asserted: a loaded machine slows the new worker's start-up. What is checked is the work: the chunk resumed on
    // attempt 2 and every instance scored once, equal to the reference.

    // SIGTERM: a graceful stop
    expect(await stopWorker(second)).toBe(0);
    expect(second.output.join("\n")).toMatch(/stopped/);
  }, 180_000);

  test("a chunk that outlives its expiry every time: retried, then dead-lettered and failed as ours; the late attempts write nothing", async () => {
    const url = inject("databaseUrl");
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "exhausted" });
    const lines: string[] = [];
    const withWorkerLog = (error: unknown): never => {
      throw new Error(`${String(error)}\nworker log:\n${lines.join("\n")}`);
    };
    // In this process: each chunk pauses 4 s before committing. The job expires after 1 s, which maintenance (every
    // 1-2 s) notices by 3 s at the latest; a chunk that commits before that still holds its job and would count.
    const worker = startWorker({ databaseUrl: url, log: (line) => lines.push(line), concurrency: 1, timing, judge: null, testDelayMs: 4_000 });
    try {
      await worker.ready;
      const boss = await getBoss(url);
      const jobId = await boss.send(
        SCORE_QUEUE,
        { submissionId: id, scoreVersion: SCORER_VERSION },
        { ...scoreJobOptions(timing, "score"), expireInSeconds: 1, retryLimit: 1, retryBackoff: false, retryDelay: 0 },
      );
      expect(jobId).not.toBeNull();
      const failed = await waitFor(
        "the submission to fail",
        async () => {
          const s = await db.submission.findUniqueOrThrow({ where: { id } });
          return s.status === "failed" ? s : null;
        },
        40_000,
      ).catch(withWorkerLog);
      expect(failed.failureIsOurs).toBe(true);
      expect(failed.failureReason).toBe(
        "The scoring worker stopped 2 times on this submission; we have been alerted and it does not count against your daily limit.",
      );
      await waitFor("both late attempts to give up", async () => lines.filter((l) => /no longer held by this attempt/.test(l)).length >= 2, 10_000);
      expect(await db.instanceResult.count({ where: { submissionId: id } })).toBe(0);
      // the dead-letter pass marks the submission failed and only then writes its ALERT line: the status above can be
      // seen, and both late attempts can give up, before the line is there (CI failed on the missing line once)
      const alert = /ALERT submission \S+: scoring gave up after 2 attempts \(last error: job failed by timeout/;
      await waitFor("the ALERT line", async () => lines.some((l) => alert.test(l)), 10_000).catch(withWorkerLog);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  test("the database restarts in the middle of scoring: the worker survives and the job completes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "alpsbench-worker-restart-"));
    const dataDir = path.join(dir, "pg");
    const port = await freePort();
    let pg: RunningPostgres | null = await startEmbeddedPostgres({ dataDir, port, database: "worker_restart" });
    const own = createPrismaClient(pg.url);
    let worker: WorkerProcess | null = null;
    try {
      await migrate(pg.url, MIGRATIONS_DIR);
      await installQueue(pg.url, timing);
      await own.benchmarkVersion.create({
        data: { slug: "worker-restart", name: "Worker restart test", description: "demo task1 instances", source: "synthetic", isDemo: true },
      });
      await importInstances(
        own,
        getDemoDataset().instances.filter((i) => i.track === "task1"),
        { benchmark: "worker-restart", layout: "demo", sourcePath: "tests" },
      );
      const bv = (await own.benchmarkVersion.findUniqueOrThrow({ where: { slug: "worker-restart" } })).id;
      const id = await createTestSubmission(own, { benchmarkVersionId: bv, label: "restart" });
      await enqueue(own, id);

      worker = spawnWorker({ DATABASE_URL: pg.url, ...WORKER_ENV });
      workers.push(worker);
      const atStop = await waitFor(
        "a first chunk",
        async () => {
          const p = await progressOf(own, id);
          return p.progressDone >= 5 && p.progressDone < p.progressTotal ? p : null;
        },
        30_000,
        20,
      );
      await pg.stop();
      pg = null;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(worker.child.exitCode).toBeNull(); // still alive without its database
      pg = await startEmbeddedPostgres({ dataDir, port, database: "worker_restart" });
      const restartedAt = Date.now();

      await waitFor("progress after the restart", async () => (await progressOf(own, id)).progressDone > atStop.progressDone, 40_000, 100);
      const recoveryMs = Date.now() - restartedAt;
      await waitFor("done", async () => (await progressOf(own, id)).status === "done", 60_000);
      const doneMs = Date.now() - restartedAt;
      expect(worker.child.exitCode).toBeNull();
      await expectStoredEqualsReference(own, id, await referenceScore(own, bv, id));
      console.log(
        `database stopped at ${atStop.progressDone}/${atStop.progressTotal} for 3 s; first progress ${(recoveryMs / 1000).toFixed(1)} s after it was back, done ${(doneMs / 1000).toFixed(1)} s after; ` +
          `worker log: ${worker.output
            .filter((l) => /queue error|could not record|failed:|resumed/.test(l))
            .slice(0, 6)
            .map((l) => l.replace(/^\S+ \[worker \d+\] /, ""))
            .join(" | ")}`,
      );
      expect(await stopWorker(worker)).toBe(0);
    } finally {
      if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
      await own.$disconnect().catch(() => {});
      await pg?.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
