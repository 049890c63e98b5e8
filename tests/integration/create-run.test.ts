import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createRun } from "@/lib/submissions/create-submission";
import type { NewRun, RunFileInput } from "@/lib/submissions/contracts";
import { bytes } from "./upload-helpers";

const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;
const ids: Record<string, string[]> = {};

async function* filesOf(files: Record<string, string>): AsyncIterable<RunFileInput> {
  for (const [path, text] of Object.entries(files)) yield { path, body: bytes(text) };
}
const task1 = (list: string[], tag: string) =>
  list
    .map((id) =>
      JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `${tag} ${id}`, confidence: 0.8 }] }),
    )
    .join("\n");
const task2 = (list: string[], tag: string) =>
  list
    .map((id) =>
      JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `${tag} ${id}`, confidence: 0.8 }] }),
    )
    .join("\n");
function run(files: Record<string, string>, overrides: Partial<NewRun> = {}): NewRun {
  return {
    ownerId,
    split: "full",
    splitGiven: false,
    benchmark: "demo",
    // another user's public system name is refused (lib/submissions/system-name-check.ts): each uploader has their own
    system: { name: overrides.ownerId && overrides.ownerId !== ownerId ? `Run Test System ${overrides.ownerId}` : "Run Test System", kind: "general_llm" },
    visibility: "public",
    fileName: "run.zip",
    files: filesOf(files),
    ...overrides,
  };
}
const counts = async () => ({
  submissions: await db.submission.count({ where: { ownerId } }),
  runs: await db.run.count({ where: { ownerId } }),
});

beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `runner-${Date.now()}@example.org` } })).id;
  for (const track of ["task1", "task2"]) {
    // dev/validation ids only: since the test-coverage rule (lib/submissions/test-coverage.ts) a file with some
    // but not all test rows is refused, so a few rows taken across all splits would be refused for that instead
    ids[track] = (
      await db.instance.findMany({
        where: { benchmarkVersion: { slug: "demo" }, trackId: track, split: { not: "test" } },
        select: { benchmarkId: true },
        orderBy: { benchmarkId: "asc" },
      })
    ).map((i) => i.benchmarkId);
  }
});
afterAll(() => db.$disconnect());

describe("createRun: many tracks, one transaction", () => {
  test("a run creates one submission and one job per track, all in the run", async () => {
    const result = await createRun(
      db,
      run({
        "out/task1/predictions.jsonl": task1(ids.task1!.slice(0, 3), "run"),
        "out/task2/predictions.jsonl": task2(ids.task2!.slice(0, 3), "run"),
        "out/README.md": "notes",
      }),
    );
    expect(result).toMatchObject({ ok: true, ignored: ["out/README.md"] });
    if (!result.ok) return;
    expect(result.submissions.map((s) => [s.task, s.status, s.file])).toEqual([
      ["task1", "queued", "out/task1/predictions.jsonl"],
      ["task2", "queued", "out/task2/predictions.jsonl"],
    ]);
    const stored = await db.submission.findMany({ where: { runId: result.runId }, select: { id: true, tracks: true, contentSha256: true } });
    expect(stored).toHaveLength(2);
    const jobs = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM pgboss.job WHERE data->>'submissionId' = ANY($1)`,
      stored.map((s) => s.id),
    );
    expect(Number(jobs[0]!.n)).toBe(2);
  });

  test("one bad file refuses the whole run with file, line and field, and stores nothing", async () => {
    const before = await counts();
    const bad = `${task2(ids.task2!.slice(0, 1), "bad")}\n{"benchmark_id": "${ids.task2![1]}", "memory_items": "not a list"}`;
    const result = await createRun(db, run({ "task1/predictions.jsonl": task1(ids.task1!.slice(3, 6), "ok"), "task2/predictions.jsonl": bad }));
    expect(result).toMatchObject({ ok: false, code: "invalid_file", file: "task2/predictions.jsonl" });
    if (result.ok) return;
    expect(result.validation?.problems[0]).toMatchObject({ line: 2, field: "memory_items" });
    expect(await counts()).toEqual(before);
  });

  test("a failure inside the transaction (a duplicate of the second file) stores none of the run", async () => {
    const existing = await createRun(db, run({ "task2/predictions.jsonl": task2(ids.task2!.slice(5, 7), "taken") }));
    expect(existing.ok).toBe(true);
    const before = await counts();
    const result = await createRun(
      db,
      run({ "task1/predictions.jsonl": task1(ids.task1!.slice(6, 9), "fresh"), "task2/predictions.jsonl": task2(ids.task2!.slice(5, 7), "taken") }),
    );
    expect(result).toMatchObject({ ok: false, code: "duplicate", file: "task2/predictions.jsonl" });
    expect(await counts()).toEqual(before);
  });

  test("two files for one track, an unplaceable predictions.jsonl, and a split folder against the split field are refused", async () => {
    const before = await counts();
    expect(
      await createRun(db, run({ "a/task1/predictions.jsonl": task1(ids.task1!.slice(0, 1), "x"), "b/task1.jsonl": task1(ids.task1!.slice(1, 2), "y") })),
    ).toMatchObject({ ok: false, code: "bad_request", file: "b/task1.jsonl" });
    expect(await createRun(db, run({ "out/predictions.jsonl": "{}" }))).toMatchObject({ ok: false, code: "bad_request", file: "out/predictions.jsonl" });
    expect(await createRun(db, run({ "dev/task1/predictions.jsonl": "{}" }, { split: "test", splitGiven: true }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await createRun(db, run({ "notes.txt": "hi" }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await counts()).toEqual(before);
  });

  test("a run file with some but not all test rows refuses the whole run, naming the file, and stores nothing", async () => {
    const before = await counts();
    const oneTestId = (
      await db.instance.findFirstOrThrow({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task2", split: "test" }, select: { benchmarkId: true } })
    ).benchmarkId;
    const result = await createRun(
      db,
      run({ "task1/predictions.jsonl": task1(ids.task1!.slice(9, 11), "cover"), "task2/predictions.jsonl": task2([oneTestId], "cover") }),
    );
    expect(result).toMatchObject({ ok: false, code: "invalid_file", file: "task2/predictions.jsonl" });
    expect(result.ok ? "" : result.message).toMatch(/test instances have no row/);
    expect(await counts()).toEqual(before);
  });

  test("a run counts once against the daily limits, and once against each track it holds", async () => {
    const user = (await db.user.create({ data: { email: `run-limit-${Date.now()}@example.org` } })).id;
    const perTrack = Number(process.env.SUBMISSIONS_PER_TRACK_PER_DAY ?? 5);
    // each run holds task1 and task2: the per-track limit of both is reached after `perTrack` runs, not before
    for (let i = 0; i < perTrack; i += 1) {
      const files = {
        "task1/predictions.jsonl": task1(ids.task1!.slice(i, i + 1), `limit${i}`),
        "task2/predictions.jsonl": task2(ids.task2!.slice(i, i + 1), `limit${i}`),
      };
      expect(await createRun(db, run(files, { ownerId: user }))).toMatchObject({ ok: true });
    }
    const over = await createRun(
      db,
      run({ "task1/predictions.jsonl": task1(ids.task1!.slice(0, 2), "over"), "task2/predictions.jsonl": task2(ids.task2!.slice(0, 2), "over") }, { ownerId: user }),
    );
    expect(over).toMatchObject({ ok: false, code: "limit_reached" });
    expect(await db.submission.count({ where: { ownerId: user } })).toBe(2 * perTrack);
  });
});
