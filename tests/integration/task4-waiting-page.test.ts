import { renderToReadableStream } from "react-dom/server.edge";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { OVERVIEW, TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { createPrismaClient } from "@/lib/db/create-client";
import { createRun } from "@/lib/submissions/create-submission";
import type { RunFileInput } from "@/lib/submissions/contracts";
import { bytes, scoreToEnd, settleLeftoverQueue } from "./upload-helpers";

// the page's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));
// a visitor; the live status (a client component needing the app router) and the moderators' panel are not what is counted
vi.mock("@/lib/auth/session", () => ({ getSessionUser: async () => null }));
vi.mock("@/app/submissions/[id]/_components/live-status", () => ({ LiveStatus: () => null }));
vi.mock("@/components/moderation-panel", () => ({ ModerationPanel: () => null }));

/**
 * Issue 36 #6: a Task 4 upload scored on a server with no judge says "waiting for a judge" once on its page (naming
 * the metrics that wait), its tables point there in a word; the Task 4 board says that uploads wait, and how many.
 */
const db = createPrismaClient(inject("databaseUrl"));
const SYSTEM = `Task4 Waiting ${Date.now().toString(36)}`;
let ownerId = "";
let submissionId = "";
beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  delete process.env.JUDGE_BASE_URL;
  delete process.env.JUDGE_MODEL;
  await settleLeftoverQueue(db);
  ownerId = (await db.user.create({ data: { email: `task4-waiting-${Date.now()}@example.org` } })).id;
  const ids = (
    await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task4/ability5", split: "dev" }, select: { benchmarkId: true } })
  ).map((i) => i.benchmarkId);
  async function* files(): AsyncIterable<RunFileInput> {
    yield { path: "run/task4_ability5/predictions.jsonl", body: bytes(ids.map((id) => JSON.stringify({ benchmark_id: id, answer: "I hear you" })).join("\n")) };
  }
  const run = await createRun(db, {
    ownerId,
    split: "dev",
    splitGiven: true,
    benchmark: "demo",
    system: { name: SYSTEM, kind: "general_llm" },
    visibility: "public",
    fileName: "run.zip",
    files: files(),
  });
  if (!run.ok) throw new Error(run.message);
  submissionId = (await db.submission.findFirstOrThrow({ where: { runId: run.runId }, select: { id: true } })).id;
  await scoreToEnd(db, submissionId);
}, 300_000);
afterAll(() => db.$disconnect());

const WAITING = /waiting for a judge|none has judged/g;

describe("a Task 4 upload waiting for a judge", () => {
  test("its page says so once, naming the metrics that wait", async () => {
    expect(await db.judgeWaiting.count({ where: { submissionId } })).toBe(1);
    const Page = (await import("@/app/submissions/[id]/page")).default;
    const stream = await renderToReadableStream(await Page({ params: Promise.resolve({ id: submissionId }), searchParams: Promise.resolve({}) }));
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html.match(WAITING)).toHaveLength(1);
    const notice = html.match(/data-testid="submission-judge-waiting"[^>]*>([^<]*)</)?.[1] ?? "";
    expect(notice).toMatch(/^scored except the judge: waiting for a judge for .*EI.*JUDGE_BASE_URL/);
    expect(html).toContain("waiting (see Judge above)");
  });

  test("the Task 4 board says uploads wait for a judge, and how many; a board of another task does not", async () => {
    const scope = { benchmark: "demo", split: "dev" } as const;
    // the board counts the waiting uploads of any of its tracks (other files upload to other abilities), and other
    // files' uploads begin (and stop) waiting while this runs: the board's count is read between two counts
    const task4 = TASK_VIEWS.task4;
    const tracks = task4.kind === "track" ? [task4.track] : task4.parts.map((p) => p.track);
    expect(tracks).toContain("task4/ability5");
    const countWaiting = () =>
      db.submission.count({
        where: {
          judgeWaiting: { isNot: null },
          status: "done",
          source: "upload",
          visibility: "public",
          hiddenAt: null,
          benchmarkVersion: { slug: "demo" },
          tracks: { hasSome: tracks },
        },
      });
    const before = await countWaiting();
    const board = await getView(db, TASK_VIEWS.task4, scope, { judgeConfigured: false });
    const after = await countWaiting();
    const note = board.notes.find((n) => n.startsWith("Task 4 waits for a judge"));
    expect(note).toMatch(/no LLM judge configured \(JUDGE_BASE_URL and JUDGE_MODEL\)/);
    const said = note?.match(/ (\d+) (upload waits|uploads wait) for one now\.$/);
    expect(said, note).not.toBeNull();
    const shown = Number(said![1]);
    // this file's own upload waits, so the board counts at least one, within what the database held around the read
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(shown).toBeLessThanOrEqual(Math.max(before, after));
    expect(said![2]).toBe(shown === 1 ? "upload waits" : "uploads wait");
    // the board is public: made private, this file's upload is no longer among the uploads it counts
    await db.submission.update({ where: { id: submissionId }, data: { visibility: "private" } });
    try {
      const privateBefore = await countWaiting();
      const privateNote = (await getView(db, TASK_VIEWS.task4, scope, { judgeConfigured: false })).notes.find((n) => n.startsWith("Task 4 waits for a judge"))!;
      const privateAfter = await countWaiting();
      const privateShown = Number(privateNote.match(/ (\d+) (?:upload waits|uploads wait) for one now\.$/)?.[1] ?? 0);
      expect(privateShown).toBeLessThanOrEqual(Math.max(privateBefore, privateAfter));
      expect(privateShown).toBeGreaterThanOrEqual(Math.min(privateBefore, privateAfter));
    } finally {
      await db.submission.update({ where: { id: submissionId }, data: { visibility: "public" } });
    }
    expect((await getView(db, TASK_VIEWS.task4, scope, { judgeConfigured: true })).notes.some((n) => n.includes("waits for a judge"))).toBe(false);
    expect((await getView(db, TASK_VIEWS.task1, scope, { judgeConfigured: false })).notes.some((n) => n.includes("waits for a judge"))).toBe(false);
    // the overview keeps its own note, once
    expect((await getView(db, OVERVIEW, scope, { judgeConfigured: false })).notes.filter((n) => n.startsWith("Task 4 waits for a judge"))).toHaveLength(1);
  });
});
