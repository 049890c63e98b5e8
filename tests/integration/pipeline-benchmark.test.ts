import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { benchmarkOfDataVersion, getBenchmark, hostedBenchmarks, hostedTrack, registerBenchmark, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { leaderboardResponse, snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { createPrismaClient } from "@/lib/db/create-client";
import { scoreVersionFor } from "@/lib/submissions/score-version-for";
import type { NewRun, NewSubmission } from "@/lib/submissions/contracts";
import { createRun, createSubmission } from "@/lib/submissions/create-submission";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { thirdBenchmark, thirdTrack } from "../fixtures/third-benchmark";
import { bytes, runQueuedToEnd } from "./upload-helpers";

/**
 * A benchmark with its OWN pipeline, the kind AlpsBench is, hosted with NO platform change: a test-only one
 * (tests/fixtures/pipeline-benchmark.ts) is registered at run time; its uploads go through the one creation path
 * (createSubmission and createRun: fields, limits, duplicate rule, Submission row and queue job), the worker's job
 * handler (runScoreJob, which runs its steps and fails it through the platform's failure path) and the read API's
 * dispatch (leaderboardResponse, snapshotResponse: what the route files call). The hooks AlpsBench declares are
 * therefore an interface, not AlpsBench-shaped glue.
 */
const db = createPrismaClient(inject("databaseUrl"));
const benchmark = pipelineBenchmark();
const TRACK = "pipe-test/echo";
let unregister: () => void;
// the built-in benchmarks, whatever they are: a new one registered in lib/benchmarks/index.ts must not break this test
let builtIn: string[] = [];
let ownerId: string;

const rows = (...values: number[]) => values.map((value) => JSON.stringify({ value })).join("\n") + "\n";
function upload(text: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    ownerId,
    track: "echo",
    split: "full",
    benchmark: benchmark.id,
    system: { name: "Pipe system", kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(text),
    ...overrides,
  };
}
async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  builtIn = hostedBenchmarks().map((b) => b.id);
  unregister = registerBenchmark(benchmark);
  ownerId = (await db.user.create({ data: { email: `pipe-${Date.now()}@example.org` } })).id;
  // what the benchmark's importer would write: its data version and its track
  await db.benchmarkVersion.upsert({
    where: { slug: "pipe-test-v1" },
    create: { slug: "pipe-test-v1", name: "Pipe test", description: "test", source: "test" },
    update: {},
  });
  await db.track.upsert({ where: { id: TRACK }, create: { id: TRACK, task: benchmark.id, label: "Pipe test · Echo", position: 3000 }, update: {} });
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("a benchmark with its own pipeline, registered at run time", () => {
  test("the registry lists it after the built-in benchmarks (AlpsBench first), resolves its data version and labels its track", () => {
    expect(builtIn[0]).toBe(ROOT_BENCHMARK.id);
    expect(builtIn).toContain("personalllm");
    expect(hostedBenchmarks().map((b) => b.id)).toEqual([...builtIn, "pipe-test"]);
    expect(getBenchmark("pipe-test")).toBe(benchmark);
    expect(benchmarkOfDataVersion("pipe-test")).toBe(benchmark);
    expect(benchmarkOfDataVersion("pipe-test-v1")).toBe(benchmark);
    // AlpsBench still owns every data version nobody else claims
    expect(benchmarkOfDataVersion("alpsbench-v1").id).toBe("alpsbench");
    expect(benchmarkOfDataVersion("demo").id).toBe("alpsbench");
    expect(hostedTrack(TRACK)?.label).toBe("Pipe test · Echo");
    expect(hostedTrack("task3/d300")?.label).toBe("Task 3 · Retrieval, 300 distractors");
    expect(scoreVersionFor({ benchmark: "pipe-test-v1", tracks: [TRACK] })).toBe("pipe-test@1");
    // no replacing a benchmark, no shadowing another's stored track ids
    expect(() => registerBenchmark(pipelineBenchmark())).toThrow(/already registered/);
    expect(() => registerBenchmark({ ...pipelineBenchmark("pipe-two"), tracks: [{ ...benchmark.tracks[0]!, id: "task1" }] })).toThrow(/already another benchmark's/);
    expect(() => registerBenchmark(pipelineBenchmark("alpsbench"))).toThrow(/already registered/);
    // nor taking over another benchmark's data versions (AlpsBench's uploads would be scored by it)
    const takeOver = pipelineBenchmark("pipe-three");
    expect(() => registerBenchmark({ ...takeOver, pipeline: { ...takeOver.pipeline, dataVersions: ["alpsbench-v1"] } })).toThrow(/"alpsbench-v1" already names/);
    expect(() => registerBenchmark(pipelineBenchmark("demo"))).toThrow(/"demo" already names/);
    expect(() => registerBenchmark({ ...takeOver, id: "pipe-test-v1" })).toThrow(/"pipe-test-v1" already names/);
    expect(benchmarkOfDataVersion("alpsbench-v1").id).toBe("alpsbench");
    // nor AlpsBench's old read URLs (`/api/v1/leaderboards/task1` would be a benchmark's default view), nor a
    // malformed or repeated data version (an empty one would catch every request that names none)
    for (const id of ["task1", "overview", "task3-d300"]) expect(() => registerBenchmark(pipelineBenchmark(id)), id).toThrow(/already names/);
    expect(() => registerBenchmark(thirdBenchmark("task1"))).toThrow(/already names/);
    for (const versions of [[""], ["Demo"], ["pipe-three-v1", "pipe-three-v1"]] as [string, ...string[]][]) {
      expect(() => registerBenchmark({ ...takeOver, pipeline: { ...takeOver.pipeline, dataVersions: versions } }), versions.join()).toThrow(/lowercase|twice/);
    }
    // nor a module whose stored track ids (`<id>/<track>`) a pipeline benchmark declares
    const zed = registerBenchmark({ ...pipelineBenchmark("pipe-four"), tracks: [{ ...benchmark.tracks[0]!, id: "zed/echo" }] });
    try {
      expect(() => registerBenchmark({ ...thirdBenchmark("zed"), tracks: [{ ...thirdTrack, id: "echo" }] })).toThrow(/track "zed\/echo" is already/);
    } finally {
      // the integration files share one process: a registration left behind would be every later file's
      zed();
    }
    expect(hostedTrack("zed/echo")).toBeNull();
  });

  test("refusals come from its hooks and store nothing: a bad row (line and field), an unknown track", async () => {
    const before = await db.submission.count({ where: { ownerId } });
    const bad = await createSubmission(db, upload('{"value": 1}\n{"value": "x"}\n'));
    expect(bad).toMatchObject({ ok: false, code: "invalid_file", message: "line 2, value: must be a finite number" });
    expect(!bad.ok && bad.validation?.problems).toEqual([{ line: 2, field: "value", message: "must be a finite number" }]);
    expect(await createSubmission(db, upload(rows(1), { track: "task1" }))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: 'task: "task1" is not a track.',
    });
    expect(await db.submission.count({ where: { ownerId } })).toBe(before);
  });

  test("upload -> queued job -> its steps in the worker -> its read API; a duplicate is a 409; its failure is the submitter's", async () => {
    const created = await createSubmission(db, upload(rows(1, 2, 6), { track: " ECHO " }));
    expect(created).toMatchObject({ ok: true, status: "queued" });
    if (!created.ok) return;
    expect(await db.submission.findUniqueOrThrow({ where: { id: created.id }, include: { benchmarkVersion: true } })).toMatchObject({
      tracks: [TRACK],
      scorerVersion: "pipe-test@1",
      benchmarkVersion: { slug: "pipe-test-v1" },
    });
    // the benchmark's id and its data version are one place: the same rows by either name are one content
    expect(await createSubmission(db, upload(rows(1, 2, 6), { benchmark: "pipe-test-v1" }))).toMatchObject({
      ok: false,
      code: "duplicate",
      existing: { id: created.id },
    });
    expect(await createSubmission(db, upload(rows(1, 2, 6), { benchmark: "pipe-test" }))).toMatchObject({
      ok: false,
      code: "duplicate",
      existing: { id: created.id },
    });

    expect(await runQueuedToEnd(db, created.id)).toBe(2); // start, then score: two jobs
    expect(await db.submission.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "done" });

    const unlucky = await createSubmission(db, upload(rows(13), { system: { name: "Unlucky", kind: "general_llm" } }));
    if (!unlucky.ok) throw new Error(unlucky.message);
    await runQueuedToEnd(db, unlucky.id);
    expect(await db.submission.findUniqueOrThrow({ where: { id: unlucky.id } })).toMatchObject({
      status: "failed",
      failureReason: "13 is not a value this benchmark scores.",
      failureIsOurs: false,
    });

    const view = await json(await leaderboardResponse(db, "pipe-test", null, new URLSearchParams()));
    expect(view).toEqual({
      status: 200,
      body: { benchmark: "pipe-test", rankedBy: "mean", rows: [{ submission: created.id, system: "Pipe system", mean: 3, n: 3 }] },
    });
    expect((await leaderboardResponse(db, "pipe-test", "other", new URLSearchParams())).status).toBe(404);
    const snapshot = await json(await snapshotResponse(db, new URLSearchParams({ benchmark: "pipe-test" })));
    expect(snapshot.body).toEqual({ benchmark: "pipe-test", views: { "": view.body } });
  });

  test("a run goes through its runFile hook: placed, ignored and refused paths", async () => {
    const run = (files: Record<string, string>): NewRun => ({
      ownerId,
      split: "full",
      splitGiven: false,
      benchmark: benchmark.id,
      system: { name: "Pipe run system", kind: "general_llm" },
      fileName: "run.zip",
      files: (async function* () {
        for (const [path, text] of Object.entries(files)) yield { path, body: bytes(text) };
      })(),
    });
    const refused = await createRun(db, run({ "notes.jsonl": rows(1) }));
    expect(refused).toMatchObject({ ok: false, code: "bad_request", message: "notes.jsonl: put it in an echo/ folder (nothing was stored)." });
    const ok = await createRun(db, run({ "README.md": "hello", "out/echo/predictions.jsonl": rows(4, 5) }));
    expect(ok).toMatchObject({ ok: true, ignored: ["README.md"], submissions: [{ task: TRACK, file: "out/echo/predictions.jsonl" }] });
  });

  test("AlpsBench and PersonalLLM answer through the same dispatch, old AlpsBench URLs included", async () => {
    for (const [first, second] of [
      ["task1", null],
      ["overview", null],
      ["alpsbench", null],
      ["alpsbench", "task3-d300"],
      ["personalllm", null],
      ["personalllm", "selection"],
    ] as const) {
      expect((await leaderboardResponse(db, first, second, new URLSearchParams())).status, `${first}/${second}`).toBe(200);
    }
    const overview = await json(await leaderboardResponse(db, "alpsbench", null, new URLSearchParams({ benchmark: "alpsbench" })));
    expect(overview.body).toMatchObject({ leaderboard: "overview", benchmark: "alpsbench-v1" });
    expect((await leaderboardResponse(db, "nope", "task1", new URLSearchParams())).status).toBe(404);
    expect((await leaderboardResponse(db, "nope", null, new URLSearchParams())).status).toBe(404);
    expect((await leaderboardResponse(db, "alpsbench", "nope", new URLSearchParams())).status).toBe(404);
  });

  test("an AlpsBench upload naming the benchmark by its id goes to its default data version", async () => {
    const named = await createSubmission(db, upload(rows(1), { benchmark: "alpsbench", track: "task1" }));
    const versioned = await createSubmission(db, upload(rows(1), { benchmark: "alpsbench-v1", track: "task1" }));
    expect(named.ok).toBe(false);
    // whatever this database holds of alpsbench-v1, both names get the same answer, and it names alpsbench-v1
    expect(!named.ok && !versioned.ok && [named.code, named.message.replace(' (what "alpsbench" names)', "")]).toEqual(
      !versioned.ok && [versioned.code, versioned.message],
    );
    expect(!named.ok && named.message).toContain("alpsbench-v1");
  });
});
