import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { runScoreJob } from "@/lib/worker/score-submission";
import { aggregateInputOf, aggregateScores } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { getBoss, installQueue } from "@/lib/queue/boss";
import { scoreJobOptions } from "@/lib/queue/enqueue";
import { SCORE_QUEUE } from "@/lib/queue/names";
import { queueTiming } from "@/lib/queue/timing";
import { startWorker } from "@/lib/worker/worker";
import { createTestSubmission, jsonl, referenceScore, waitFor } from "./worker-fixtures";

/**
 * Issue 19 #9: an upload of 800 memory items per Task 1 row was scored in bounded chunks, and then the aggregate
 * step scored every instance again in one synchronous step (148 s against a 45 s job expiry: the job expired twice
 * and finished on attempt 3). The aggregate step now reads the stored per-instance results and scores nothing
 * again; every step is bounded by the chunk size, and the job finishes in one attempt.
 */
const db = createPrismaClient(inject("databaseUrl"));
const payload = (submissionId: string) => ({ submissionId, scoreVersion: SCORER_VERSION });
let benchmarkVersionId: string;
let heavyFile: string;
const CHUNK = 5;

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  const ids = await db.instance.findMany({ where: { benchmarkVersionId, trackId: "task1" }, select: { benchmarkId: true }, orderBy: { benchmarkId: "asc" } });
  // the attack's rows: 800 items each (stored before the upload bound of 200 refused such rows, or re-scored)
  const items = Array.from({ length: 800 }, (_, i) => ({
    type: i % 2 ? "direct" : "indirect",
    label: "Preferences/Food",
    value: `likes dish number ${i}`,
    confidence: 0.5,
  }));
  heavyFile = jsonl(ids.map(({ benchmarkId }) => ({ benchmark_id: benchmarkId, memory_items: items })));
});
afterAll(() => db.$disconnect());

describe("a heavy upload is scored in bounded steps", () => {
  test(`every step scores at most ${CHUNK} instances; the aggregate step scores none again and publishes the stored results' aggregates`, async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "heavy-steps", content: heavyFile });
    const total = await db.instance.count({ where: { benchmarkVersionId, trackId: "task1", gold: { isNot: null } } });
    const lines: string[] = [];
    const perStep: number[] = [];
    let tampered: { instanceId: string; precision: number } | null = null;
    for (let step = 0; step < 100; step += 1) {
      const before = await db.instanceResult.count({ where: { submissionId: id } });
      if (before === total && tampered === null) {
        // every instance is scored: change one stored result. A step that scored again would see it differ
        // (the old aggregate failed the upload on that); one that reads the stored rows publishes it.
        const row = await db.instanceResult.findFirstOrThrow({ where: { submissionId: id }, orderBy: { instanceId: "asc" } });
        const metrics = { ...(row.metrics as Record<string, unknown>), precision: 0.123456 };
        await db.instanceResult.update({ where: { id: row.id }, data: { metrics: metrics as Prisma.InputJsonValue } });
        tampered = { instanceId: row.instanceId, precision: 0.123456 };
      }
      const outcome = await runScoreJob(db, payload(id), { chunkSize: CHUNK, judge: null, log: (line) => lines.push(line) });
      perStep.push((await db.instanceResult.count({ where: { submissionId: id } })) - before);
      if (outcome === "done") break;
    }
    const submission = await db.submission.findUniqueOrThrow({ where: { id }, select: { status: true, failureReason: true } });
    expect(submission).toEqual({ status: "done", failureReason: null });
    expect(Math.max(...perStep)).toBeLessThanOrEqual(CHUNK);
    expect(perStep).toHaveLength(Math.ceil(total / CHUNK) + 1);
    expect(perStep.at(-1)).toBe(0);
    expect(lines.at(-1)).toMatch(new RegExp(`task1 aggregates over ${total} stored instance results, 0 scored again`));

    // the published precision is the stored rows' (the tampered one included), not a re-run's
    const stored = await db.instanceResult.findMany({
      where: { submissionId: id, scoreVersion: SCORER_VERSION },
      select: { metrics: true, detail: true, instance: { select: { benchmarkId: true } } },
      orderBy: { instance: { benchmarkId: "asc" } },
    });
    const fromStored = aggregateScores(
      "task1",
      stored.map((r) => r.instance.benchmarkId),
      stored.map((r) => aggregateInputOf("task1", r.metrics, r.detail)!),
      { seed: id },
    );
    const score = await db.score.findFirstOrThrow({ where: { submissionId: id, metric: "precision", scoreVersion: SCORER_VERSION } });
    expect(score.value).toBe(fromStored.metrics.precision!.value);
    const reference = await referenceScore(db, benchmarkVersionId, id);
    expect(tampered).not.toBeNull();
    expect(score.value).not.toBe(reference.metrics.precision!.value);
  });

  test("untampered, the aggregates equal an in-memory scoreTrack of the same file", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "heavy-equal", content: heavyFile });
    for (let step = 0; step < 100 && (await runScoreJob(db, payload(id), { chunkSize: CHUNK * 4, judge: null })) !== "done"; step += 1);
    const rows = (await import("@/lib/benchmarks/alpsbench/read/queries/scorable-instances")).getScorableInstances;
    const { scoreTrack } = await import("@/lib/benchmarks/alpsbench/pipeline/score-track");
    const instances = await rows(db, benchmarkVersionId, "task1");
    const reference = scoreTrack(
      "task1",
      instances,
      heavyFile
        .trim()
        .split("\n")
        .map((line, i) => ({ line: i + 1, value: JSON.parse(line) as unknown })),
      { seed: id },
    );
    const scores = await db.score.findMany({
      where: { submissionId: id, scoreVersion: SCORER_VERSION },
      select: { metric: true, value: true, ciLow: true, ciHigh: true },
    });
    expect(scores.length).toBe(Object.keys(reference.metrics).length);
    for (const score of scores) {
      const want = reference.metrics[score.metric]!;
      expect({ metric: score.metric, value: score.value, ciLow: score.ciLow, ciHigh: score.ciHigh }).toEqual({
        metric: score.metric,
        value: want.value,
        ciLow: want.ciLow,
        ciHigh: want.ciHigh,
      });
    }
  });

  test("through the queue with a 10 s job expiry: every job of the heavy upload completes on its first attempt", async () => {
    const url = inject("databaseUrl");
    const timing = queueTiming({ WORKER_CHUNK_SIZE: CHUNK, WORKER_CHUNK_EXPIRE_SECONDS: 10, JUDGE_TIMEOUT_MS: 60_000 });
    await installQueue(url, timing);
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "heavy-queue", content: heavyFile });
    const lines: string[] = [];
    const worker = startWorker({ databaseUrl: url, log: (line) => lines.push(line), concurrency: 1, timing, judge: null });
    try {
      await worker.ready;
      const boss = await getBoss(url);
      await boss.send(SCORE_QUEUE, payload(id), scoreJobOptions(timing, "score"));
      await waitFor(
        "the heavy upload to be done",
        async () => (await db.submission.findUniqueOrThrow({ where: { id }, select: { status: true } })).status === "done",
        90_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\nworker log:\n${lines.join("\n")}`);
      });
    } finally {
      await worker.stop();
    }
    const jobs = await db.$queryRawUnsafe<{ state: string; retry_count: number }[]>(
      `SELECT state::text, retry_count FROM pgboss.job WHERE data->>'submissionId' = $1
       UNION ALL SELECT state::text, retry_count FROM pgboss.archive WHERE data->>'submissionId' = $1`,
      id,
    );
    expect(jobs.length).toBeGreaterThan(1);
    expect(jobs.every((job) => job.state === "completed" && job.retry_count === 0)).toBe(true);
  }, 120_000);
});
