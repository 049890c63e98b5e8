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

  // Issue 36 #2: one duplicate track refused the whole run ("Nothing was stored"): the other tracks had to be re-zipped.
  test("a run with one duplicate track stores the others and says which was skipped, with the earlier submission's link", async () => {
    const existing = await createRun(db, run({ "task2/predictions.jsonl": task2(ids.task2!.slice(5, 7), "taken") }));
    if (!existing.ok) throw new Error(existing.message);
    const earlier = existing.submissions[0]!.id;
    const before = await counts();
    const result = await createRun(
      db,
      run({ "out/task1/predictions.jsonl": task1(ids.task1!.slice(6, 9), "fresh"), "out/task2/predictions.jsonl": task2(ids.task2!.slice(5, 7), "taken") }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.submissions.map((s) => [s.task, s.file])).toEqual([["task1", "out/task1/predictions.jsonl"]]);
    expect(result.skipped).toEqual([
      {
        file: "out/task2/predictions.jsonl",
        task: "task2",
        existing: { id: earlier, track: "task2", url: `/submissions/${earlier}` },
        reason: expect.stringMatching(/holds the same task2 predictions as submission .*: skipped\.$/),
      },
    ]);
    expect(await counts()).toEqual({ submissions: before.submissions + 1, runs: before.runs + 1 });
    // the run charged the limits for the file it stored only
    expect(await db.uploadCharge.findMany({ where: { uploadKey: result.runId }, select: { tracks: true } })).toEqual([{ tracks: ["task1"] }]);
  });

  test("a run of nothing but duplicates is refused (409, linking them) and stores nothing", async () => {
    const files = () => ({
      "task1/predictions.jsonl": task1(ids.task1!.slice(10, 12), "again"),
      "task2/predictions.jsonl": task2(ids.task2!.slice(10, 12), "again"),
    });
    expect((await createRun(db, run(files()))).ok).toBe(true);
    const before = await counts();
    const again = await createRun(db, run(files()));
    expect(again).toMatchObject({ ok: false, code: "duplicate" });
    if (!again.ok)
      expect(again.message).toMatch(/^Every file of the run holds predictions that are already scored: task1\/predictions\.jsonl \(\/submissions\/.*\), task2/);
    expect(await counts()).toEqual(before);
  });

  // Issue 36 #2: `benchmark_data/test/task3_d100/` and `task3_d100/` were two test-bearing submissions of one track
  // for one counted upload.
  test("a run holding a track twice, whatever the splits, is refused (422) naming both paths, and stores nothing", async () => {
    const before = await counts();
    const twice = await createRun(db, run({ "a/task1/predictions.jsonl": task1(ids.task1!.slice(0, 1), "x"), "b/task1.jsonl": task1(ids.task1!.slice(1, 2), "y") }));
    expect(twice).toMatchObject({ ok: false, code: "invalid_file", file: "b/task1.jsonl" });
    if (!twice.ok)
      expect(twice.message).toBe(
        "a/task1/predictions.jsonl and b/task1.jsonl are both task1 files; a run holds each track once: keep one of them and upload again (nothing was stored).",
      );
    // the first file is read (and valid: a row for every test instance) before the second names its track again
    const pools = await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task3/d100", split: "test" }, select: { benchmarkId: true } });
    const test = pools.map((p) => JSON.stringify({ benchmark_id: p.benchmarkId, selected_memory_id: "m1" })).join("\n");
    const splits = await createRun(
      db,
      run({ "benchmark_data/test/task3_d100/predictions.jsonl": test, "task3_d100/predictions.jsonl": "{}", "task1/predictions.jsonl": "{}" }),
    );
    expect(splits).toMatchObject({ ok: false, code: "invalid_file", file: "task3_d100/predictions.jsonl" });
    if (!splits.ok)
      expect(splits.message).toMatch(/^benchmark_data\/test\/task3_d100\/predictions\.jsonl and task3_d100\/predictions\.jsonl are both task3\/d100 files/);
    expect(await counts()).toEqual(before);
  });

  test("an unplaceable predictions.jsonl and a split folder against the split field are refused", async () => {
    const before = await counts();
    expect(await createRun(db, run({ "out/predictions.jsonl": "{}" }))).toMatchObject({ ok: false, code: "bad_request", file: "out/predictions.jsonl" });
    const testFolder = await createRun(db, run({ "test/task1/predictions.jsonl": "{}" }, { split: "dev", splitGiven: true }));
    expect(testFolder).toMatchObject({ ok: false, code: "bad_request", file: "test/task1/predictions.jsonl" });
    if (!testFolder.ok) expect(testFolder.message).toMatch(/its folder says the test split, a test upload, and the upload says dev: choose the test split/);
    expect(await createRun(db, run({ "notes.txt": "hi" }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await counts()).toEqual(before);
  });

  // The form's default split is dev (issue 36 #1): a run archive's dev or validation folders still say their split.
  test("split folders that spend no test answer are read as they say, whatever split the upload chose", async () => {
    const validation = (
      await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1", split: "validation" }, select: { benchmarkId: true } })
    ).map((i) => i.benchmarkId);
    const result = await createRun(db, run({ "validation/task1/predictions.jsonl": task1(validation, "folder-split") }, { split: "dev", splitGiven: true }));
    expect(result.ok ? result.submissions.map((s) => [s.task, s.split]) : result.message).toEqual([["task1", "validation"]]);
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
