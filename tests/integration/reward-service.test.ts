import { applyTableQuery, unrankedForCause } from "@/lib/leaderboard/apply-table-query";
import { DEFAULT_TABLE_QUERY } from "@/lib/leaderboard/table-state";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { loadBenchmarkView } from "@/lib/benchmarks/load-benchmark-view";
import { readEvalUsers } from "@/lib/benchmarks/personalllm/db/read-input";
import { REWARD_ALIASES, REWARD_MODELS } from "@/lib/benchmarks/personalllm/reward-models";
import { scoreRewards } from "@/lib/benchmarks/personalllm/rewards-track";
import { RewardsPrediction } from "@/lib/benchmarks/personalllm/schemas";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import type { EvalUser } from "@/lib/benchmarks/personalllm/schemas";
import { createPrismaClient } from "@/lib/db/create-client";
import { PostgresRewardCache } from "@/lib/db/postgres-reward-cache";
import type { RewardSetup } from "@/lib/worker/fill-reward-scores";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { runScoreJob } from "@/lib/worker/score-submission";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { createRewardClient } from "@/lib/rewards/client";
import { defineRewardProfile, rewardProfileHash } from "@/lib/rewards/profile";
import { fakeRewardScore, startFakeRewardServer, type FakeRewardServer } from "@/tests/fakes/rewards/fake-reward-server";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { bytes } from "./upload-helpers";

/**
 * Response-text-only PersonalLLM rewards uploads, through the platform path and a local reward service
 * (node:http on 127.0.0.1 speaking lib/rewards/protocol.ts; deterministic scores from a hash of the text):
 * the worker fills the missing scores from the service through the PostgreSQL cache (the submitter's own
 * scores are kept and never sent), recovers from transient 503s, never exceeds the concurrency bound; a
 * re-score sends nothing (every score cached); without a service the upload completes with every reward
 * metric null and a "not scored" note, never a crash or a zero.
 */
const db = createPrismaClient(inject("databaseUrl"));
/** the job payload creation queued: the submission's own (module track) score version */
const payloadOf = async (submissionId: string) => ({
  submissionId,
  scoreVersion: (await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { scorerVersion: true } })).scorerVersion!,
});
const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-rewards-"));
const personalLlm = oneCallOf(getBenchmark("personalllm"))!;
const REVISION = "0123abc";
const CONCURRENCY = 3;
let server: FakeRewardServer;
let ownerId: string;
let users: EvalUser[];

function upload(name: string, rows: Record<string, unknown>[]): NewSubmission {
  const body = rows.map((r) => JSON.stringify(r)).join("\n");
  return { ownerId, track: "rewards", split: "full", benchmark: "personalllm", system: { name, kind: "general_llm" }, fileName: `${name}.jsonl`, body: bytes(body) };
}
function setup(): RewardSetup {
  const profile = defineRewardProfile({
    baseURL: server.baseURL,
    models: Object.fromEntries(REWARD_ALIASES.map((a) => [a, { model: REWARD_MODELS[a].hfModel, revision: REVISION }])),
    maxLength: 8192,
    batchSize: 4,
  });
  const client = createRewardClient({ baseURL: server.baseURL, concurrency: CONCURRENCY, timeoutMs: 5000, maxRetries: 3, retryBaseMs: 5 });
  return { client, profile, cache: new PostgresRewardCache(db) };
}
const submitterScores = (i: number) => Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, REWARD_MODELS[a].trainMean + 0.3 * i]));
const scoresOf = async (id: string) =>
  Object.fromEntries(
    (await db.score.findMany({ where: { submissionId: id } })).map((s) => [s.metric, { value: s.value, n: s.n, ciLow: s.ciLow, ciHigh: s.ciHigh }]),
  );

beforeAll(async () => {
  writeSynthetic(dir, { users: 12, prompts: 6 });
  await importBenchmarkFolder(db, dir, () => {});
  users = await readEvalUsers(db);
  ownerId = (await db.user.create({ data: { email: `pllm-rewards-${Date.now()}@example.org` } })).id;
  server = await startFakeRewardServer({ delayMs: 15 });
}, 120_000);
afterAll(async () => {
  await server.close();
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("reward-model service for response-text uploads", () => {
  test("a row without a response must carry every score: refused with line and field before anything is stored", async () => {
    const before = await db.submission.count();
    const rows: Record<string, unknown>[] = users.map((u) => ({ person_id: u.personId, response: `answer ${u.personId}` }));
    rows[2] = { person_id: users[2]!.personId, ...submitterScores(2), score_gemma_7b: undefined };
    const refused = await createSubmission(db, upload("rewards refused", rows));
    expect(refused).toMatchObject({ ok: false, code: "invalid_file" });
    expect(!refused.ok && refused.validation?.problems).toEqual([
      expect.objectContaining({ line: 3, field: "score_gemma_7b", message: expect.stringContaining("required when the row has no response") }),
    ]);
    expect(await db.submission.count()).toBe(before);
  });

  test("scores come from the service through the cache, with retries and bounded concurrency; a re-score makes no call", async () => {
    // users 0 and 1 bring their own scores (kept, never sent); the others a response only
    const rows = users.map((u, i) =>
      i < 2 ? { person_id: u.personId, response: `own ${i}`, ...submitterScores(i) } : { person_id: u.personId, response: `answer for ${u.personId}` },
    );
    const created = await createSubmission(db, upload("rewards via service", rows));
    expect(created).toMatchObject({ ok: true, status: "queued" });
    if (!created.ok) return;
    server.failNext(2);
    const first = setup();
    expect(await runScoreJob(db, await payloadOf(created.id), { judge: null, rewards: first })).toBe("done");

    const texts = users.length - 2;
    // 10 texts per model in batches of 4: 3 requests per model, 30 in all, plus the two 503s retried
    expect(server.requests).toBe(30 + 2);
    expect(server.bodies.flatMap((b) => b.texts.map((t) => t.response)).filter((r) => r.startsWith("own"))).toEqual([]);
    expect(server.bodies.every((b) => b.revision === REVISION && b.max_length === 8192 && b.texts.length <= 4)).toBe(true);
    expect(server.peakInFlight).toBeLessThanOrEqual(CONCURRENCY);
    expect(first.client.limiter.peak).toBe(CONCURRENCY);
    expect(await db.rewardScore.count({ where: { profileHash: rewardProfileHash(first.profile) } })).toBe(texts * REWARD_ALIASES.length);

    // the stored figures are the pure scorer's over the rows filled with the service's scores
    const filled = rows.map((row, i) => {
      if (i < 2) return RewardsPrediction.parse(row);
      const user = users.find((u) => u.personId === row.person_id)!;
      const scores = Object.fromEntries(
        REWARD_ALIASES.map((a) => [`score_${a}`, fakeRewardScore(REWARD_MODELS[a].hfModel, REVISION, user.testPrompt, row.response)]),
      );
      return RewardsPrediction.parse({ ...row, ...scores });
    });
    const expected = scoreRewards({ users }, filled);
    const stored = await scoresOf(created.id);
    for (const metric of ["total_score", "win_rate_vs_best_response", "win_rate_vs_gpt4o", "mean_z_gemma_2b"]) {
      const want = expected.metrics[metric]!;
      const got = stored[metric];
      expect(got).toEqual({ value: want.value, n: users.length, ciLow: want.ciLow, ciHigh: want.ciHigh });
      expect(got!.value).not.toBeNull();
    }
    expect((await db.submission.findUniqueOrThrow({ where: { id: created.id } })).note).toBeNull();

    // labelled: the reward profile and how many (row, model) scores the service supplied (10 users x 10 models)
    const hash = rewardProfileHash(first.profile);
    const status = await getSubmissionStatus(db, created.id, null);
    expect(status?.rewardSource).toEqual({
      profileHash: hash,
      models: REWARD_ALIASES.map((a) => ({ alias: a, model: REWARD_MODELS[a].hfModel, revision: REVISION })).sort((x, y) => x.alias.localeCompare(y.alias)),
      serviceScores: texts * REWARD_ALIASES.length,
    });
    const board = await loadBenchmarkView(db, personalLlm, "rewards", new URLSearchParams());
    const boardRow = board && board.ok ? board.view.board.rows.find((r) => r.submissionId === created.id) : undefined;
    expect(boardRow?.rewardsFromService).toBe(hash.slice(0, 12));
    const api = (await (await leaderboardResponse(db, personalLlm.id, "rewards", new URLSearchParams())).json()) as { rows: Record<string, unknown>[] };
    expect(api.rows.find((r) => r.submission_id === created.id)).toMatchObject({ rewards_from_service: hash.slice(0, 12) });
    const csv = await (await leaderboardResponse(db, personalLlm.id, "rewards", new URLSearchParams("format=csv"))).text();
    const [header, ...lines] = csv.trim().split("\n");
    const at = header!.split(",").indexOf("rewards_from_service");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines.find((l) => l.includes(created.id))!.split(",")[at]).toBe(hash.slice(0, 12));

    // a re-score (rescore resets the row to queued): every score comes from the cache, no request at all
    expect((await queueRescores(db, { id: created.id })).queued).toHaveLength(1);
    const requestsBefore = server.requests;
    const second = setup();
    expect(await runScoreJob(db, await payloadOf(created.id), { judge: null, rewards: second })).toBe("done");
    expect(server.requests - requestsBefore).toBe(0);
    expect(second.client.requests).toBe(0);
    expect(await scoresOf(created.id)).toEqual(stored);
    // still labelled: the cached scores came from the service too
    expect((await getSubmissionStatus(db, created.id, null))?.rewardSource?.serviceScores).toBe(texts * REWARD_ALIASES.length);

    // re-scored with no service at all: nothing came from one this time, so the last scoring's profile is gone
    expect((await queueRescores(db, { id: created.id })).queued).toHaveLength(1);
    expect(await runScoreJob(db, await payloadOf(created.id), { judge: null, rewards: null })).toBe("done");
    expect(await db.rewardFill.findUnique({ where: { submissionId: created.id } })).toBeNull();
    expect((await getSubmissionStatus(db, created.id, null))?.rewardSource).toBeNull();
  });

  test("without a reward service the upload completes with every reward metric null and a 'not scored' note", async () => {
    const rows = users.map((u) => ({ person_id: u.personId, response: `unscored answer for ${u.personId}` }));
    const created = await createSubmission(db, upload("rewards without service", rows));
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) return;
    const requestsBefore = server.requests;
    // no `rewards` option: the one REWARD_SERVICE_* configures, which the test environment leaves unset
    expect(await runScoreJob(db, await payloadOf(created.id), { judge: null })).toBe("done");
    expect(server.requests).toBe(requestsBefore);
    const submission = await db.submission.findUniqueOrThrow({ where: { id: created.id } });
    expect(submission).toMatchObject({ status: "done", failureReason: null });
    expect(submission.note).toMatch(/^Not scored: .*no reward-model service/);
    // nothing came from a service: no RewardFill row, no label
    expect(await db.rewardFill.findUnique({ where: { submissionId: created.id } })).toBeNull();
    expect((await getSubmissionStatus(db, created.id, null))?.rewardSource).toBeNull();
    const stored = await scoresOf(created.id);
    expect(Object.keys(stored)).toHaveLength(3 + REWARD_ALIASES.length);
    for (const cell of Object.values(stored)) expect(cell).toEqual({ value: null, n: users.length, ciLow: null, ciHigh: null });
    // the board still loads; the unscored upload is not ranked above anyone with a number
    const view = await loadBenchmarkView(db, personalLlm, "rewards", new URLSearchParams());
    // in the order the page shows (reference baselines included: they have figures, so they come first too)
    const board = view && view.ok ? applyTableQuery(view.view.board, DEFAULT_TABLE_QUERY).rows : [];
    const at = board.findIndex((r) => r.submissionId === created.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(board[at]!.cells.total_score?.value ?? null).toBeNull();
    // every row with a number comes before it in the default order, but for uploads unranked for a cause (held
    // for review, below a contentless row), which are listed last whatever they score
    expect(board.slice(at + 1).every((r) => unrankedForCause(r) || (r.cells.win_rate_vs_best_response?.value ?? null) === null)).toBe(true);
  });
});
