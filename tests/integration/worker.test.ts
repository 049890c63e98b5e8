import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createOpenAICompatibleProvider } from "@/lib/llm-judge/openai-provider";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";
import { startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";
import { runScoreJob } from "@/lib/worker/score-submission";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { judgeScoreVersion } from "@/lib/benchmarks/alpsbench/pipeline/submission-judge";
import type { JudgeSetup } from "@/lib/llm-judge/setup";
import { createTestSubmission, expectStoredEqualsReference, jsonl, referenceScore } from "./worker-fixtures";
import { runToEnd } from "./upload-helpers";

const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId: string;

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
});
afterAll(() => db.$disconnect());

const payload = (submissionId: string) => ({ submissionId, scoreVersion: SCORER_VERSION });

describe("runScoreJob: one chunk per job", () => {
  test("scores in chunks with progress, then aggregates equal to scoreTrack over the same rows; status done", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "chunks" });
    expect(await runScoreJob(db, payload(id), { chunkSize: 7, judge: null })).toBe("continued");
    const afterOne = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(afterOne).toMatchObject({ status: "scoring", progressDone: 7, progressTotal: 30 });
    expect(afterOne.startedAt).not.toBeNull();
    expect(afterOne.lastProgressAt).not.toBeNull();

    // 30 instances: 4 more chunks (14, 21, 28, 30), then the aggregate step
    expect(await runToEnd(db, payload(id), { chunkSize: 7, judge: null })).toBe(5);
    const done = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ status: "done", progressDone: 30, progressTotal: 30, failureReason: null });
    expect(done.finishedAt).not.toBeNull();
    await expectStoredEqualsReference(db, id, await referenceScore(db, benchmarkVersionId, id));
    // no judge configured: no judge rows and no judge Scores, nothing invented
    expect(await db.score.count({ where: { submissionId: id, kind: "judge" } })).toBe(0);

    // a duplicate delivery of the job after the end changes nothing
    const before = await db.score.findMany({ where: { submissionId: id }, orderBy: { metric: "asc" } });
    expect(await runScoreJob(db, payload(id), { chunkSize: 7, judge: null })).toBe("done");
    expect(await db.score.findMany({ where: { submissionId: id }, orderBy: { metric: "asc" } })).toEqual(before);
  });

  test.each(["task2", "task3/d100", "task4/ability1"] as const)(
    "%s: chunked results equal scoreTrack's (inputs loaded only where the scorer reads them)",
    async (track) => {
      const id = await createTestSubmission(db, { benchmarkVersionId, label: track.replace("/", "-"), track });
      await runToEnd(db, payload(id), { chunkSize: 8, judge: null });
      expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "done", progressDone: 30, progressTotal: 30 });
      await expectStoredEqualsReference(db, id, await referenceScore(db, benchmarkVersionId, id, track));
    },
  );

  test("a chunk stops at its time budget and the next one carries on", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "budget" });
    await runScoreJob(db, payload(id), { chunkSize: 30, budgetMs: 0, judge: null });
    // the budget is checked after each batch of 25 instances
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).progressDone).toBe(25);
    await runToEnd(db, payload(id), { chunkSize: 30, judge: null });
    await expectStoredEqualsReference(db, id, await referenceScore(db, benchmarkVersionId, id));
  });

  test.each([
    ["a cut-off gzip stream", () => gzipSync(Buffer.from(jsonl([{ benchmark_id: "x", memory_items: [] }]).repeat(50))).subarray(0, 40)],
    ["content that is not JSON", () => gzipSync(Buffer.from("this is not a prediction file\n"))],
  ])("a stored file that no longer reads (%s) fails the submission as our failure", async (_name, bytes) => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "unreadable", fileBytes: bytes() });
    expect(await runScoreJob(db, payload(id), { chunkSize: 7, judge: null })).toBe("done");
    const failed = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(failed).toMatchObject({ status: "failed", failureIsOurs: true });
    expect(failed.failureReason).toMatch(/stored copy of your file can no longer be read.*does not count against your daily limit/);
    expect(failed.finishedAt).not.toBeNull();
    expect(await db.instanceResult.count({ where: { submissionId: id } })).toBe(0);
  });

  test("a submission whose file is gone fails as ours with a reason", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "nofile" });
    await db.submission.update({ where: { id }, data: { fileBytes: null } });
    expect(await runScoreJob(db, payload(id), { judge: null })).toBe("done");
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      failureIsOurs: true,
      failureReason: expect.stringMatching(/no longer stored/),
    });
  });

  test("with a judge: status judging, judge rows and Scores per profile; a re-run chunk makes no second call", async () => {
    const verdict = JSON.stringify({
      pair_reviews: [],
      missing_reviews: [{ id: "G1", should_have_extracted: true, severity: 1, rationale: "a durable fact" }],
      extra_reviews: [],
    });
    const server = await startFakeChatServer(() => ({ kind: "ok", content: verdict, promptTokens: 100, completionTokens: 20 }));
    try {
      const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 5_000, maxRetries: 0 });
      const setup: JudgeSetup = {
        provider,
        profileFor: (promptTemplateVersion) =>
          defineJudgeProfile({
            provider: "openai-compatible",
            baseURL: server.baseURL,
            model: `worker-test-judge-${Date.now()}`,
            promptTemplateVersion,
            maxTokens: 512,
          }),
      };
      // one profile for the whole run (the model name above is fixed once)
      const profile = setup.profileFor("t12-review-v1");
      const judgeSetup: JudgeSetup = { provider, profileFor: () => profile };
      const version = judgeScoreVersion(profile);
      const id = await createTestSubmission(db, { benchmarkVersionId, label: "judge" });
      const options = { chunkSize: 10, judgeChunkSize: 10, judge: judgeSetup };

      for (let i = 0; i < 4; i++) await runScoreJob(db, payload(id), options); // 3 chunks + aggregate
      expect((await db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("judging");
      expect(await runScoreJob(db, payload(id), options)).toBe("continued");
      expect(server.requests).toBe(10);

      // a crash after the calls but before the commit: the rows are gone, the calls are in the cache
      await db.instanceResult.deleteMany({ where: { submissionId: id, scoreVersion: version } });
      expect(await runToEnd(db, payload(id), options)).toBe(4); // 3 judge chunks + the judge aggregate
      expect(server.requests).toBe(30);

      const done = await db.submission.findUniqueOrThrow({ where: { id }, include: { judgeCalls: true } });
      expect(done).toMatchObject({ status: "done", judgeCalls: { done: 30, cached: 10, failed: 0 } });
      // the status shows them; a re-score starts them again (AlpsBench's onRescore, in the re-queue's transaction)
      expect((await getSubmissionStatus(db, id, null))?.progress.judge).toEqual({ done: 30, cached: 10, failed: 0 });
      await db.submission.update({ where: { id }, data: { source: "upload" } });
      expect((await queueRescores(db, { id })).queued).toHaveLength(1);
      expect(await db.judgeCalls.findUnique({ where: { submissionId: id } })).toBeNull();
      expect((await getSubmissionStatus(db, id, null))?.progress.judge).toEqual({ done: 0, cached: 0, failed: 0 });
      const rows = await db.instanceResult.findMany({ where: { submissionId: id, scoreVersion: version } });
      expect(rows).toHaveLength(30);
      const judgeScores = await db.score.findMany({ where: { submissionId: id, kind: "judge" }, include: { judgeProfile: true } });
      expect(judgeScores.map((s) => s.metric).sort()).toEqual(["final_score", "judge_score"]);
      for (const score of judgeScores) {
        expect(score.scoreVersion).toBe(version);
        expect(score.judgeProfile?.model).toBe(profile.model);
        expect(score.n).toBe(30);
      }
      // one missing memory of severity 1 costs 10 × 1.0 on every instance
      expect(judgeScores.find((s) => s.metric === "judge_score")?.value).toBeCloseTo(90, 9);
    } finally {
      await server.close();
    }
  });

  test.each([
    ["task3/d100", ["judge_recall"]],
    ["task4/ability1", ["score"]],
    ["task4/ability5", ["ei_en", "ei_zh", "expression_en", "expression_zh", "reception_en", "reception_zh", "resonation_en", "resonation_zh"]],
  ] as const)("judge phase on %s: one verdict per instance (per response on Task 4), aggregates per metric", async (track, metrics) => {
    // one answer that reads as every verdict kind involved
    const server = await startFakeChatServer(() => ({
      kind: "ok",
      content: JSON.stringify({ used_memory: true, score: 1, resonation: 4, expression: 3, reception: 5, reason: "fine" }),
    }));
    try {
      const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 5_000, maxRetries: 0 });
      const model = `worker-test-judge-${track.replace("/", "-")}-${Date.now()}`;
      const judge: JudgeSetup = {
        provider,
        profileFor: (promptTemplateVersion) =>
          defineJudgeProfile({ provider: "openai-compatible", baseURL: server.baseURL, model, promptTemplateVersion, maxTokens: 256 }),
      };
      const id = await createTestSubmission(db, { benchmarkVersionId, label: `judge-${track.replace("/", "-")}`, track });
      await runToEnd(db, payload(id), { chunkSize: 30, judgeChunkSize: 30, judge });
      const done = await db.submission.findUniqueOrThrow({ where: { id }, include: { judgeCalls: true } });
      expect(done.status).toBe("done");
      expect(done.judgeCalls?.done).toBe(server.requests);
      expect(server.requests).toBeGreaterThanOrEqual(track === "task3/d100" ? 30 : 1);
      const scores = await db.score.findMany({ where: { submissionId: id, kind: "judge" } });
      expect(scores.map((s) => s.metric).sort()).toEqual([...metrics].sort());
      const value = (metric: string) => scores.find((s) => s.metric === metric)?.value;
      if (track === "task4/ability5") {
        expect(value("ei_en")).toBeCloseTo(4, 9);
        expect(value("expression_zh")).toBeCloseTo(3, 9);
      } else {
        expect(value(metrics[0])).toBe(1);
      }
    } finally {
      await server.close();
    }
  });
});
