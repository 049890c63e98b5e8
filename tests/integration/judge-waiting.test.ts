import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { getQueueView } from "@/lib/db/queries/queue";
import { getBenchmark } from "@/lib/benchmarks";
import { startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";
import { copyDatabase } from "../test-database";
import { scoreToEnd } from "./upload-helpers";
import { spawnWorker, waitFor, type WorkerProcess } from "./worker-fixtures";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Issue 29 #6: a Task 4 upload scored while no judge is configured is "scored except the judge: waiting for a
 * judge" in the API and on the queue, with the JUDGE_* settings named; a worker started later with a judge (a local
 * server speaking the OpenAI chat protocol) picks it up and its judge figures appear. On a copy of the seeded database
 * of its own: a worker with a judge takes every upload waiting for one and every noised test upload in its database
 * first (scripts/worker.ts), and in a whole run the earlier files leave enough of them to keep it busy for a minute.
 */
let database: Awaited<ReturnType<typeof copyDatabase>>;
let db: Db;
const SYSTEM = `Judge Waiting ${Date.now().toString(36)}`;
let token = "";
let ownerId = "";
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let upload: (request: Request) => Promise<Response>;
let getSubmission: Handler;
let worker: WorkerProcess | null = null;

beforeAll(async () => {
  database = await copyDatabase(inject("seededTemplateUrl"), "judge_waiting");
  db = createPrismaClient(database.url);
  process.env.DATABASE_URL = database.url;
  // the web side reads the settings of a server without a judge
  delete process.env.JUDGE_BASE_URL;
  delete process.env.JUDGE_MODEL;
  ownerId = (await db.user.create({ data: { email: `judge-waiting-${Date.now()}@example.org` } })).id;
  token = (await createApiToken(db, ownerId, { name: "judge waiting", scopes: ["submit", "read"] })).token;
  upload = ((await import("@/app/api/v1/submissions/route")) as unknown as { POST: typeof upload }).POST;
  getSubmission = ((await import("@/app/api/v1/submissions/[id]/route")) as unknown as { GET: Handler }).GET;
});
afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await worker?.exited;
  await db?.$disconnect();
  await database?.dispose();
});

async function explanation(id: string) {
  const response = await getSubmission(new NextRequest(`http://127.0.0.1/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ id }),
  });
  return (await response.json()) as { judgeWaiting: boolean; explanation: { status: string; missing: { reason: string }[] } };
}

describe("a judge-only track scored without a judge", () => {
  test("waits for a judge, says so with the settings named, and is judged by a worker started with one", { timeout: 360_000 }, async () => {
    const ids = (
      await db.instance.findMany({
        where: { benchmarkVersion: { slug: "demo" }, trackId: "task4/ability1", split: "dev" },
        select: { benchmarkId: true },
        orderBy: { benchmarkId: "asc" },
      })
    ).map((i) => i.benchmarkId);
    const text = ids.map((id) => JSON.stringify({ benchmark_id: id, answer: "an answer", used_memory_fact: "a fact" })).join("\n");
    const form = new FormData();
    for (const [name, value] of Object.entries({ benchmark: "demo", task: "task4_ability1", split: "dev", model: SYSTEM, kind: "general_llm" }))
      form.append(name, value);
    form.append("file", new Blob([text]), "predictions.jsonl");
    const answer = await upload(new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };

    // scored by a worker with no judge
    await scoreToEnd(db, id);
    const waiting = await explanation(id);
    expect(waiting.judgeWaiting).toBe(true);
    // AlpsBench's own table holds it, and the platform's explanation reads it from there
    expect(await db.judgeWaiting.count({ where: { submissionId: id } })).toBe(1);
    expect(waiting.explanation.status).toBe("scored except the judge: waiting for a judge");
    expect(waiting.explanation.missing[0]!.reason).toMatch(/^waiting for a judge: .*JUDGE_BASE_URL and JUDGE_MODEL/);
    // the queue asks the benchmark which of the uploads it lists wait, never for their whole facts (four tables and
    // the contamination figures, per request of a public route)
    const alpsBench = getBenchmark("alpsbench")!;
    const facts = vi.spyOn(alpsBench, "uploadFacts");
    const asked = vi.spyOn(alpsBench, "uploadsAwaitingJudge");
    try {
      const queue = await getQueueView(db, { id: ownerId, role: "user" });
      expect(queue.recent.find((entry) => entry.id === id)).toMatchObject({ status: "done", judgeWaiting: true });
      expect(facts).not.toHaveBeenCalled();
      expect(asked.mock.calls.some(([, among]) => among?.includes(id))).toBe(true);
    } finally {
      facts.mockRestore();
      asked.mockRestore();
    }
    expect(await db.score.count({ where: { submissionId: id, kind: "judge" } })).toBe(0);

    // a worker started with a judge configured picks it up
    const judge = await startFakeChatServer(() => ({ kind: "ok", content: JSON.stringify({ used_memory: true, score: 1, reason: "fine" }) }));
    try {
      worker = spawnWorker({ DATABASE_URL: database.url, JUDGE_BASE_URL: judge.baseURL, JUDGE_MODEL: `waiting-test-${Date.now()}`, JUDGE_API_KEY: "test" });
      const judged = await waitFor(
        "the judge figures",
        async () => {
          const row = await db.submission.findUniqueOrThrow({ where: { id }, select: { status: true, judgeWaiting: true } });
          const scores = await db.score.findMany({ where: { submissionId: id, kind: "judge" } });
          return row.status === "done" && row.judgeWaiting === null && scores.length > 0 ? scores : null;
        },
        240_000,
        500,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${worker!.output.join("\n")}`);
      });
      expect(judged.find((s) => s.metric === "score")?.value).toBe(1);
      expect(judge.requests).toBeGreaterThan(0);
      expect(worker.output.join("\n")).toMatch(/\d+ uploads waiting for a judge queued to be judged/);
      const judgedStatus = await explanation(id);
      expect(judgedStatus.explanation.status).toBe("done");
      expect(judgedStatus.judgeWaiting).toBe(false);
    } finally {
      await judge.close();
    }
  });
});
