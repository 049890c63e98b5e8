import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { registerBenchmark } from "@/lib/benchmarks";
import { benchmarkViewAnswer } from "@/lib/benchmarks/benchmark-view-response";
import { readAnswerResponse } from "@/lib/benchmarks/read-answer";
import { moduleSnapshot } from "@/lib/benchmarks/module-snapshot";
import { moduleUploadOptions } from "@/lib/benchmarks/module-upload-options";
import { createPrismaClient } from "@/lib/db/create-client";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { createSubmission } from "@/lib/submissions/create-submission";
import { heldUploads } from "@/lib/submissions/held-uploads";
import { moduleItemsResponse } from "@/lib/submissions/module-items-response";
import { runScoreJob } from "@/lib/worker/score-submission";
import { twoSplitBenchmark } from "../fixtures/two-split-benchmark";
import { bytes, queuedPayload } from "./upload-helpers";

/**
 * A module with two splits (tests/fixtures/two-split-benchmark/: a public dev split, a hidden test split), registered
 * at run time with no platform change: a dev and a test upload go through the upload route (POST /api/v1/submissions),
 * the worker's job handler (runScoreJob) and the view the API answers with (benchmarkViewAnswer, turned into a Response by readAnswerResponse as the route does), each on its own
 * split's board; the test upload is a test upload under the test limits and keeps no per-item rows.
 */
// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));
// the default, written out: the limit test below counts on two test answers a day
process.env.TEST_SUBMISSIONS_PER_DAY = "2";
const db = createPrismaClient(inject("databaseUrl"));
const benchmark = twoSplitBenchmark();
let unregister: () => void;
let ownerId: string;
let token = "";
let POST: (request: Request) => Promise<Response>;

const DEV = "question_id,answer\nd1, Paris\nd2,5\n";
const TEST = "question_id,answer\nt1,blue\nt2,7\nt3,bergen\n";

function upload(text: string, split: NewSubmission["split"], overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    ownerId,
    track: "answers",
    split,
    benchmark: benchmark.id,
    system: { name: overrides.ownerId && overrides.ownerId !== ownerId ? `Two-split system ${overrides.ownerId}` : "Two-split system", kind: "general_llm" },
    fileName: "answers.csv",
    body: bytes(text),
    ...overrides,
  };
}
async function view(query: Record<string, string> = {}) {
  const response = await readAnswerResponse(db, benchmark, await benchmarkViewAnswer(db, benchmark, "", new URLSearchParams(query)));
  return { status: response.status, body: (await response.json()) as { split: string; rows: Record<string, unknown>[]; error?: { message: string } } };
}
/** POST /api/v1/submissions as Next calls it (multipart form, the owner's token): the id of the accepted upload. */
async function uploadOverHttp(text: string, split: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ benchmark: benchmark.id, task: "answers", split, model: "Two-split system", kind: "general_llm" }))
    form.append(name, value);
  form.append("file", new Blob([text]), "answers.csv");
  const response = await POST(new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
  const body = (await response.json()) as { id: string };
  expect(response.status).toBe(202);
  return body.id;
}
/** The worker's job handler with the queued job's own payload, to the end. */
async function scored(id: string): Promise<string> {
  expect(await runScoreJob(db, await queuedPayload(db, id), { judge: null })).toBe("done");
  return id;
}

beforeAll(async () => {
  unregister = registerBenchmark(benchmark);
  process.env.DATABASE_URL = inject("databaseUrl");
  ownerId = (await db.user.create({ data: { email: `two-split-${Date.now()}@example.org` } })).id;
  token = (await createApiToken(db, ownerId, { name: "two splits", scopes: ["submit", "read"] })).token;
  ({ POST } = (await import("@/app/api/v1/submissions/route")) as unknown as { POST: typeof POST });
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("a module with a dev and a hidden test split", () => {
  test("an upload names one of its splits and is checked against that split's items", async () => {
    // the submit form offers the track's splits
    const [offered] = await moduleUploadOptions(db, [benchmark]);
    expect(offered?.tracks.map((t) => t.splits)).toEqual([
      [
        { id: "dev", goldHidden: false },
        { id: "test", goldHidden: true },
      ],
    ]);
    const before = await db.submission.count({ where: { ownerId } });
    for (const split of ["full", "validation"] as const) {
      expect(await createSubmission(db, upload(DEV, split))).toMatchObject({
        ok: false,
        code: "bad_request",
        message: expect.stringContaining("choose one of dev, test"),
      });
    }
    // the dev file on the test split: its questions are not the test split's
    const wrong = await createSubmission(db, upload(DEV, "test"));
    expect(wrong).toMatchObject({ ok: false, code: "invalid_file" });
    expect(!wrong.ok && wrong.validation?.coverage).toMatchObject({ expected: 3, valid: 0, unknown: 2, missing: 3, missingIds: ["t1", "t2", "t3"] });
    expect(await db.submission.count({ where: { ownerId } })).toBe(before);
  });

  test("a dev and a test upload through the worker to the board of their split; only the test one is a test upload, and keeps no item rows", async () => {
    const dev = await scored(await uploadOverHttp(DEV, "dev"));
    const testId = await scored(await uploadOverHttp(TEST, "test"));
    expect(await db.submission.findUniqueOrThrow({ where: { id: dev }, select: { split: true, status: true } })).toEqual({ split: "dev", status: "done" });
    expect(await db.submission.findUniqueOrThrow({ where: { id: testId }, select: { split: true, status: true } })).toEqual({ split: "test", status: "done" });
    const charges = await db.uploadCharge.findMany({ where: { submissionId: { in: [dev, testId] } }, select: { submissionId: true, touchesTest: true } });
    expect(Object.fromEntries(charges.map((c) => [c.submissionId, c.touchesTest]))).toEqual({ [dev]: false, [testId]: true });

    // per-item rows: the dev upload's are public (the track says so); the hidden test split's are never stored nor served
    expect(await db.moduleItem.count({ where: { submissionId: dev } })).toBe(2);
    expect(await db.moduleItem.count({ where: { submissionId: testId } })).toBe(0);
    expect((await moduleItemsResponse(db, testId, { id: ownerId, role: "user" }, "json")).status).toBe(404);

    // no reference rows: every upload is held for review until a moderator approves it, each on its own split's board
    expect((await view()).body.rows).toEqual([]);
    const held = await heldUploads(db);
    for (const id of [dev, testId]) expect(held.find((h) => h.id === id)?.review).toMatchObject({ state: "pending" });
    const admin = (await db.user.create({ data: { email: `two-split-admin-${Date.now()}@example.org`, role: "admin" } })).id;
    for (const id of [dev, testId])
      expect(
        await moderateSubmission(db, { submissionId: id, actorId: admin, request: { action: "approve", reason: "test module's fixture system" } }),
      ).toMatchObject({
        ok: true,
      });

    // approved, the dev upload's items are anyone's to read
    expect((await moduleItemsResponse(db, dev, null, "json")).status).toBe(200);
    expect((await moduleItemsResponse(db, testId, null, "json")).status).toBe(404);

    // the default board is the first declared split, dev; split=test reads the other; each holds its split's upload only
    const byDefault = await view();
    const onDev = await view({ split: "dev" });
    const onTest = await view({ split: "test" });
    expect({ split: byDefault.body.split, rows: byDefault.body.rows }).toEqual({ split: onDev.body.split, rows: onDev.body.rows });
    expect(onDev.body).toMatchObject({ split: "dev", rows: [{ submission_id: dev, exact_match: 0.5, exact_match__n: 2 }] });
    expect(onTest.body.split).toBe("test");
    expect(onTest.body.rows).toHaveLength(1);
    expect(onTest.body.rows[0]).toMatchObject({ submission_id: testId, exact_match__n: 3 });
    expect(onTest.body.rows[0]!.exact_match as number).toBeCloseTo(2 / 3, 4);
    const csv = await readAnswerResponse(db, benchmark, await benchmarkViewAnswer(db, benchmark, "", new URLSearchParams({ split: "test", format: "csv" })));
    expect(csv.headers.get("content-disposition")).toContain("two-split-test-test.csv");
    expect(await csv.text()).toContain(testId);
    const bad = await view({ split: "full" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('split: "full" is not one of');

    // the snapshot: the view once per split
    const snapshot = await moduleSnapshot(db, benchmark, new Date());
    expect(snapshot.views.map((v) => [v.file, v.split, v.rows.map((r) => r.submission_id)])).toEqual([
      ["two-split-test-dev.csv", "dev", [dev]],
      ["two-split-test-test.csv", "test", [testId]],
    ]);
  });

  test("test uploads are limited as a hidden test split's are; dev uploads are not", async () => {
    const limited = (await db.user.create({ data: { email: `two-split-limit-${Date.now()}@example.org` } })).id;
    const answers = (i: number) => `question_id,answer\nt1,a${i}\nt2,b${i}\nt3,c${i}\n`;
    for (const i of [1, 2]) expect(await createSubmission(db, upload(answers(i), "test", { ownerId: limited }))).toMatchObject({ ok: true });
    expect(await createSubmission(db, upload(answers(3), "test", { ownerId: limited }))).toMatchObject({
      ok: false,
      code: "limit_reached",
      message: expect.stringContaining("hidden test instances"),
    });
    expect(await createSubmission(db, upload("question_id,answer\nd1,x\nd2,y\n", "dev", { ownerId: limited }))).toMatchObject({ ok: true });
  });

  test("its upload's status says it waits for no judge, as every upload's does (the field is no AlpsBench field)", async () => {
    const id = await scored(await uploadOverHttp(DEV.replace("d2,5", "d2,6"), "dev"));
    const { GET } = (await import("@/app/api/v1/submissions/[id]/route")) as unknown as {
      GET: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
    };
    const { NextRequest } = await import("next/server");
    const answer = await GET(new NextRequest(`http://127.0.0.1/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({ id }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id, status: "done", judgeWaiting: false });
  });
});
