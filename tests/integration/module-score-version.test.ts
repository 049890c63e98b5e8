import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { registerBenchmark } from "@/lib/benchmarks";
import { loadUploads } from "@/lib/benchmarks/load-benchmark-view";
import { createPrismaClient } from "@/lib/db/create-client";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { runScoreJob } from "@/lib/worker/score-submission";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { ScoreJobPayloadSchema } from "@/lib/queue/payload";
import { createSubmission } from "@/lib/submissions/create-submission";
import { thirdBenchmark } from "../fixtures/third-benchmark";
import { bytes } from "./upload-helpers";

/**
 * Each module track declares its own scorer version (TrackDefinition.scorerVersion), stored with its Score rows as
 * `<benchmark>/<track>@<version>`. Bumping one module's version makes `rescore --all` (queueRescores) re-queue that
 * module's done uploads and nothing else: not another module's, not an AlpsBench upload under SCORER_VERSION.
 */
const db = createPrismaClient(inject("databaseUrl"));
const bumped = thirdBenchmark("version-bumped");
const other = thirdBenchmark("version-other");
const unregister: (() => void)[] = [];
let ownerId: string;

async function queuedPayload(submissionId: string) {
  const jobs = await db.$queryRawUnsafe<{ data: unknown }[]>(`SELECT data FROM pgboss.job WHERE data->>'submissionId' = $1 ORDER BY created_on DESC`, submissionId);
  return ScoreJobPayloadSchema.parse(jobs[0]!.data);
}
async function scoredUpload(benchmark: string, rows: string): Promise<string> {
  const created = await createSubmission(db, {
    ownerId,
    track: "numbers",
    split: "full",
    benchmark,
    system: { name: `${benchmark} system`, kind: "general_llm" },
    fileName: "n.csv",
    body: bytes(rows),
  });
  if (!created.ok) throw new Error(created.message);
  expect(await runScoreJob(db, await queuedPayload(created.id), { judge: null })).toBe("done");
  return created.id;
}

beforeAll(async () => {
  unregister.push(registerBenchmark(bumped), registerBenchmark(other));
  ownerId = (await db.user.create({ data: { email: `versions-${Date.now()}@example.org` } })).id;
});
afterAll(async () => {
  for (const u of unregister) u();
  await db.$disconnect();
});

describe("module scorer versions", () => {
  test("bumping one module's version re-scores its uploads only; the new rows carry the new version", async () => {
    const mine = await scoredUpload(bumped.id, "item_id,value\na,1\nb,2\nc,3\n");
    const theirs = await scoredUpload(other.id, "item_id,value\na,5\nb,6\nc,7\n");
    // an AlpsBench-side upload scored under the platform's SCORER_VERSION
    const version = await db.benchmarkVersion.upsert({
      where: { slug: "versions-alps" },
      create: { slug: "versions-alps", name: "versions alps", description: "test", source: "test" },
      update: {},
    });
    const system = await db.system.create({ data: { slug: `versions-alps-${Date.now()}`, name: "versions alps system", kind: "general_llm" } });
    const alps = await db.submission.create({
      data: {
        systemId: system.id,
        benchmarkVersionId: version.id,
        tracks: ["task1"],
        split: "full",
        source: "upload",
        status: "done",
        scorerVersion: SCORER_VERSION,
      },
    });
    expect((await db.submission.findUniqueOrThrow({ where: { id: mine } })).scorerVersion).toBe("version-bumped/numbers@1");
    expect(new Set((await db.score.findMany({ where: { submissionId: mine } })).map((s) => s.scoreVersion))).toEqual(new Set(["version-bumped/numbers@1"]));

    // nothing changed: nothing of ours is queued
    const ours = (ids: { id: string }[]) => ids.map((q) => q.id).filter((id) => [mine, theirs, alps.id].includes(id));
    expect(ours((await queueRescores(db, { all: true }, { dryRun: true })).queued)).toEqual([]);

    bumped.tracks[0]!.scorerVersion = "2";
    const dry = await queueRescores(db, { all: true }, { dryRun: true });
    expect(ours(dry.queued)).toEqual([mine]);
    expect(dry.queued.find((q) => q.id === mine)).toEqual({ id: mine, from: "version-bumped/numbers@1", to: "version-bumped/numbers@2" });
    expect(ours((await queueRescores(db, { all: true })).queued)).toEqual([mine]);
    expect(await db.submission.findUniqueOrThrow({ where: { id: mine } })).toMatchObject({ status: "queued", scorerVersion: "version-bumped/numbers@2" });
    for (const id of [theirs, alps.id]) expect((await db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("done");

    // an old job of the previous version is refused; the queued one scores under @2; @1 rows stay as history
    await expect(runScoreJob(db, { submissionId: mine, scoreVersion: SCORER_VERSION }, { judge: null })).resolves.toBe("done");
    expect((await db.submission.findUniqueOrThrow({ where: { id: mine } })).status).toBe("queued"); // stale: skipped
    const payload = await queuedPayload(mine);
    expect(payload.scoreVersion).toBe("version-bumped/numbers@2");
    expect(await runScoreJob(db, payload, { judge: null })).toBe("done");
    const versions = (await db.score.findMany({ where: { submissionId: mine } })).map((s) => s.scoreVersion).sort();
    expect(versions).toEqual(["version-bumped/numbers@1", "version-bumped/numbers@2"]);
    expect(new Set((await db.moduleItem.findMany({ where: { submissionId: mine } })).map((i) => i.scoreVersion))).toEqual(new Set(["version-bumped/numbers@2"]));
    const [run] = (await loadUploads(db, bumped, "full")).runs;
    expect(run).toMatchObject({ submissionId: mine, metrics: { mean_value: { value: 2, n: 3 } } });
    // the other module's rows never moved
    expect(new Set((await db.score.findMany({ where: { submissionId: theirs } })).map((s) => s.scoreVersion))).toEqual(new Set(["version-other/numbers@1"]));
    // and once re-scored, nothing is left to do
    expect(ours((await queueRescores(db, { all: true }, { dryRun: true })).queued)).toEqual([]);
  });
});
