import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { readEvalUsers } from "@/lib/benchmarks/personalllm/db/read-input";
import { REWARD_ALIASES, REWARD_MODELS } from "@/lib/benchmarks/personalllm/reward-models";
import type { EvalUser } from "@/lib/benchmarks/personalllm/schemas";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { createPrismaClient } from "@/lib/db/create-client";
import { PostgresRewardCache } from "@/lib/db/postgres-reward-cache";
import type { RewardSetup } from "@/lib/worker/fill-reward-scores";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { runScoreJob, type RunScoreJobOptions } from "@/lib/worker/score-submission";
import { createRewardClient } from "@/lib/rewards/client";
import { defineRewardProfile, rewardProfileHash } from "@/lib/rewards/profile";
import { startFakeRewardServer, type FakeRewardServer } from "@/tests/fakes/rewards/fake-reward-server";
import { installQueue } from "@/lib/queue/boss";
import { queueTiming } from "@/lib/queue/timing";
import { startWorker } from "@/lib/worker/worker";
import { createSubmission } from "@/lib/submissions/create-submission";
import { waitFor } from "./worker-fixtures";
import { bytes, runToEnd } from "./upload-helpers";

/**
 * The reward step in bounded chunks (lib/worker/reward-chunk.ts), against a local reward service: 40 users x
 * 10 models at 4 texts a batch is 100 batches; at 30 batches a step the upload takes 4 steps, each committing its
 * progress. The figures equal a one-step (unchunked) run's; no (model, text) is ever asked twice, across chunks,
 * a "crash" between chunks (a fresh client, as a new worker process would have) or a service failing mid-chunk;
 * and a step ends inside its time budget however much is left.
 */
const db = createPrismaClient(inject("databaseUrl"));
const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-chunks-"));
const USERS = 40;
const BATCH = 4;
let users: EvalUser[];
let ownerId: string;
let server: FakeRewardServer;

async function upload(name: string) {
  const body = users.map((u) => JSON.stringify({ person_id: u.personId, response: `${name}: answer for ${u.personId}` })).join("\n");
  const created = await createSubmission(db, {
    ownerId,
    track: "rewards",
    split: "full",
    benchmark: "personalllm",
    system: { name, kind: "general_llm" },
    fileName: `${name}.jsonl`,
    body: bytes(body),
  });
  if (!created.ok) throw new Error(created.message);
  return created.id;
}
function setup(target: FakeRewardServer, concurrency = 3, maxRetries = 3): RewardSetup {
  const profile = defineRewardProfile({
    baseURL: target.baseURL,
    models: Object.fromEntries(REWARD_ALIASES.map((a) => [a, { model: REWARD_MODELS[a].hfModel, revision: "chunk-rev" }])),
    batchSize: BATCH,
  });
  return {
    // a generous timeout, so that a loaded machine does not make a slow answer a retry (asked and answered twice)
    client: createRewardClient({ baseURL: target.baseURL, concurrency, timeoutMs: 60_000, maxRetries, retryBaseMs: 5 }),
    profile,
    cache: new PostgresRewardCache(db),
  };
}
const payloadOf = async (submissionId: string) => ({
  submissionId,
  scoreVersion: (await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { scorerVersion: true } })).scorerVersion!,
});
/** runs steps until done; returns how many steps it took */
const runAll = async (id: string, options: RunScoreJobOptions) => runToEnd(db, await payloadOf(id), { judge: null, ...options }, 1000);
const scoresOf = async (id: string) =>
  Object.fromEntries((await db.score.findMany({ where: { submissionId: id } })).map((s) => [s.metric, [s.value, s.n, s.ciLow, s.ciHigh]]));
/** (model, response) pairs the service answered, and how many distinct */
const asked = (from = 0) => server.bodies.slice(from).flatMap((b) => b.texts.map((t) => `${b.model}|${t.response}`));

beforeAll(async () => {
  writeSynthetic(dir, { users: USERS, prompts: 6 });
  await importBenchmarkFolder(db, dir, () => {});
  users = await readEvalUsers(db);
  ownerId = (await db.user.create({ data: { email: `pllm-chunks-${Date.now()}@example.org` } })).id;
  server = await startFakeRewardServer({ delayMs: 2 });
}, 120_000);
afterAll(async () => {
  await server.close();
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("the reward step in chunks", () => {
  test("a run larger than one chunk takes several committed steps and ends with the figures of a one-step run", async () => {
    const id = await upload("chunked");
    const rewards = setup(server);
    const before = server.bodies.length;
    // first step: progress committed, status scoring, nothing scored yet
    expect(await runScoreJob(db, await payloadOf(id), { judge: null, rewards, rewardBatchesPerStep: 30 })).toBe("continued");
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "scoring", progressDone: 30 * BATCH, progressTotal: USERS * 10 });
    expect(await db.score.count({ where: { submissionId: id } })).toBe(0);
    expect(1 + (await runAll(id, { rewards, rewardBatchesPerStep: 30 }))).toBe(4);
    const sent = asked(before);
    expect(sent).toHaveLength(USERS * 10);
    expect(new Set(sent).size).toBe(USERS * 10); // each (model, text) asked once
    const chunked = await scoresOf(id);
    expect(chunked.total_score![0]).not.toBeNull();

    // the same upload unchunked: an empty cache for the profile, a re-score in one step
    await db.rewardScore.deleteMany({ where: { profileHash: rewardProfileHash(rewards.profile) } });
    await queueRescores(db, { id });
    expect(await runAll(id, { rewards: setup(server), rewardBatchesPerStep: 10_000 })).toBe(1);
    expect(await scoresOf(id)).toEqual(chunked);
  });

  test("a crash between chunks, and a service failing mid-chunk: the next step asks only for what is still missing", async () => {
    const id = await upload("crashing");
    const before = server.bodies.length;
    // one chunk commits, then the worker "dies": the next step runs with a new client, as a new process would
    expect(await runScoreJob(db, await payloadOf(id), { judge: null, rewards: setup(server, 1), rewardBatchesPerStep: 20 })).toBe("continued");
    expect(asked(before)).toHaveLength(20 * BATCH);
    // the next chunk fails for good after 5 answered batches (no retries): the step throws, the 5 are cached
    server.failAfter(5);
    await expect(runScoreJob(db, await payloadOf(id), { judge: null, rewards: setup(server, 1, 0), rewardBatchesPerStep: 20 })).rejects.toThrow(/503/);
    server.failAfter(null);
    expect(asked(before)).toHaveLength(25 * BATCH);
    const fresh = setup(server, 1);
    const answeredBefore = server.bodies.length;
    await runAll(id, { rewards: fresh, rewardBatchesPerStep: 20 });
    // only the batches never answered are asked again. Counted where they are answered: the client's own count
    // includes retries, and a reused keep-alive connection the server has just closed is retried (76 of 75 once)
    expect(server.bodies.length - answeredBefore).toBe(100 - 25);
    expect(fresh.client.requests).toBeGreaterThanOrEqual(100 - 25);
    const sent = asked(before);
    expect(sent).toHaveLength(USERS * 10);
    expect(new Set(sent).size).toBe(USERS * 10);
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "done", progressDone: USERS, progressTotal: USERS });
  });

  test("through the queue: each step is one job that queues the next; the worker takes them until the upload is done", async () => {
    const timing = queueTiming({ WORKER_CHUNK_SIZE: 500, WORKER_CHUNK_EXPIRE_SECONDS: 10, JUDGE_TIMEOUT_MS: 60_000 });
    await installQueue(inject("databaseUrl"), timing);
    const id = await upload("queued");
    const lines: string[] = [];
    const worker = startWorker({
      databaseUrl: inject("databaseUrl"),
      log: (l) => lines.push(l),
      concurrency: 1,
      timing,
      judge: null,
      rewards: setup(server),
      rewardBatchesPerStep: 30,
    });
    try {
      await worker.ready;
      await waitFor("the upload to be done", async () => (await db.submission.findUniqueOrThrow({ where: { id } })).status === "done", 60_000);
    } finally {
      await worker.stop();
    }
    // 100 batches at 30 a step: 4 jobs, each completed by the step that queued the next
    const jobs = await db.$queryRawUnsafe<{ state: string; output: { step?: string } | null }[]>(
      `SELECT state, output FROM pgboss.job WHERE data->>'submissionId' = $1 ORDER BY created_on`,
      id,
    );
    expect(jobs.map((j) => [j.state, j.output?.step])).toEqual([
      ["completed", "module-rewards"],
      ["completed", "module-rewards"],
      ["completed", "module-rewards"],
      ["completed", "module"],
    ]);
    expect(lines.filter((l) => /reward scores \d+\/400/.test(l))).toHaveLength(3);
  });

  test("a step stops sending at its time budget: a handful of batches, not the 100 allowed", async () => {
    const slow = await startFakeRewardServer({ delayMs: 60 });
    try {
      const id = await upload("budgeted");
      expect(await runScoreJob(db, await payloadOf(id), { judge: null, rewards: setup(slow, 1), budgetMs: 200 })).toBe("continued");
      // 200 ms of sending at 60 ms a batch, one at a time: the count of batches sent is the check (how long the
      // step took is not asserted: on a loaded machine any bound is either loose or flaky)
      expect(slow.bodies.length).toBeGreaterThan(0);
      expect(slow.bodies.length).toBeLessThan(10);
    } finally {
      await slow.close();
    }
  });
});
