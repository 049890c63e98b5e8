import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { hostedTrack, registerBenchmark, trackLabel } from "@/lib/benchmarks";
import { leaderboardResponse, snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { createPrismaClient } from "@/lib/db/create-client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import type { NewRun, NewSubmission } from "@/lib/submissions/contracts";
import { createRun, createSubmission } from "@/lib/submissions/create-submission";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { bytes, runQueuedToEnd } from "./upload-helpers";

/**
 * A second pipeline benchmark with tracks and metrics of its own (two tracks; the second declares a metric the
 * first has not), registered at run time and nowhere else: its uploads (one file, and a run) go through the one
 * creation path, its steps through the worker's handler, its stored figures come back through the submission read
 * model under the metric ids its tracks declare (what /submissions/<id> lists, by hostedTrack, with the track's
 * label), and its board and snapshot through the read API's dispatch.
 */
const db = createPrismaClient(inject("databaseUrl"));
const benchmark = pipelineBenchmark("duo-test", ["alpha", "beta"]);
let unregister: () => void;
let ownerId: string;

const rows = (...values: number[]) => values.map((value) => JSON.stringify({ value })).join("\n") + "\n";

beforeAll(async () => {
  unregister = registerBenchmark(benchmark);
  ownerId = (await db.user.create({ data: { email: `duo-${Date.now()}@example.org` } })).id;
  await db.benchmarkVersion.upsert({
    where: { slug: "duo-test-v1" },
    create: { slug: "duo-test-v1", name: "Duo test", description: "test", source: "test" },
    update: {},
  });
  for (const [position, track] of benchmark.tracks.entries()) {
    await db.track.upsert({ where: { id: track.id }, create: { id: track.id, task: benchmark.id, label: track.title, position: 3100 + position }, update: {} });
  }
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("a second pipeline benchmark with its own tracks and metrics", () => {
  test("one file and a run are stored, scored and read back under its own declarations", async () => {
    const upload: NewSubmission = {
      ownerId,
      track: "beta",
      split: "full",
      benchmark: benchmark.id,
      system: { name: "Duo system", kind: "general_llm" },
      fileName: "beta.jsonl",
      body: bytes(rows(1, 2, 9)),
    };
    expect(await createSubmission(db, { ...upload, track: "gamma", body: bytes(rows(1)) })).toMatchObject({
      ok: false,
      code: "bad_request",
      message: 'task: "gamma" is not a track.',
    });
    const single = await createSubmission(db, upload);
    if (!single.ok) throw new Error(single.message);
    const run: NewRun = {
      ownerId,
      split: "full",
      splitGiven: false,
      benchmark: "duo-test-v1",
      system: { name: "Duo system", kind: "general_llm" },
      fileName: "run.zip",
      files: (async function* () {
        yield { path: "out/alpha/predictions.jsonl", body: bytes(rows(4, 6)) };
        yield { path: "notes.txt", body: bytes("hello") };
      })(),
    };
    const ran = await createRun(db, run);
    if (!ran.ok) throw new Error(ran.message);
    expect(ran).toMatchObject({ ignored: ["notes.txt"], submissions: [{ task: "duo-test/alpha", file: "out/alpha/predictions.jsonl" }] });

    await runQueuedToEnd(db, single.id);
    await runQueuedToEnd(db, ran.submissions[0]!.id);

    // what the submission page reads: the read model's figures, shown by the metric definitions the track declares
    const beta = await getSubmissionStatus(db, single.id, { id: ownerId, role: "user" });
    expect(beta).toMatchObject({ status: "done", benchmark: "duo-test-v1", tracks: ["duo-test/beta"] });
    const declared = hostedTrack("duo-test/beta")!.track.metrics.map((m) => [m.label, beta!.metrics[m.id]?.value]);
    expect(declared).toEqual([
      ["Mean", 4],
      ["Largest", 9],
    ]);
    expect(trackLabel("duo-test/beta")).toBe("Pipe test · Echo beta");
    const alpha = await getSubmissionStatus(db, ran.submissions[0]!.id, null);
    expect(hostedTrack("duo-test/alpha")!.track.metrics.map((m) => [m.id, alpha!.metrics[m.id]?.value])).toEqual([["mean", 5]]);

    // its board per view, and the snapshot download
    const board = (await (await leaderboardResponse(db, "duo-test", "beta", new URLSearchParams())).json()) as { rows: unknown[] };
    expect(board.rows).toEqual([{ submission: single.id, system: "Duo system", mean: 4, n: 3 }]);
    const snapshot = await snapshotResponse(db, new URLSearchParams({ benchmark: "duo-test-v1" }));
    expect(snapshot.status).toBe(200);
    expect(((await snapshot.json()) as { views: Record<string, { rows: unknown[] }> }).views[""]!.rows).toEqual([
      { submission: ran.submissions[0]!.id, system: "Duo system", mean: 5, n: 2 },
    ]);
  });

  test("a run with no prediction file is refused with its own files as the example, none of AlpsBench's", async () => {
    const refused = await createRun(db, {
      ownerId,
      split: "full",
      splitGiven: false,
      benchmark: "duo-test-v1",
      system: { name: "Duo system", kind: "general_llm" },
      fileName: "run.zip",
      files: (async function* () {
        yield { path: "notes.txt", body: bytes("hello") };
      })(),
    });
    expect(refused).toMatchObject({ ok: false, code: "bad_request" });
    const message = refused.ok ? "" : refused.message;
    expect(message).toContain("files such as alpha/predictions.jsonl.");
    expect(message).not.toMatch(/task\d/);
  });
});
