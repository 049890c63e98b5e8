import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { noisedTestFigureUploads } from "@/lib/benchmarks/alpsbench/pipeline/noised-test-figures";
import { createSubmission } from "@/lib/submissions/create-submission";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { bytes, scoreToEnd } from "./upload-helpers";

/**
 * Issue 20 #1, "re-score the existing uploads": uploads whose test figures were stored noised and rounded (before
 * test figures became exact) are found by the migration's marker and re-aggregated exactly, from their stored
 * per-instance results and file, when a worker starts with the noise off.
 */
const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId = "";
let benchmark = "";
let testIds: string[] = [];

const rows = (ids: readonly string[], tag: string) =>
  ids
    .map((id) =>
      JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `${tag} ${id}`, confidence: 0.8 }] }),
    )
    .join("\n");

/**
 * What a worker does at start (scripts/worker.ts): AlpsBench's hook names the uploads (noisedTestFigureUploads under
 * the server's TEST_FIGURE_NOISE, here either way), each is queued again.
 */
async function queueExactTestFigures(noise: boolean): Promise<string[]> {
  const submissionIds = await noisedTestFigureUploads(db, { noise });
  const queued: string[] = [];
  for (const id of submissionIds) queued.push(...(await queueRescores(db, { id })).queued.map((q) => q.id));
  return queued;
}

/** The migration's statement that marks the uploads scored before test figures became exact. */
function legacyMarkingSql(): string {
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  const folder = readdirSync(dir).find((name) => name.endsWith("_test_figures_exact"));
  const sql = readFileSync(path.join(dir, folder!, "migration.sql"), "utf8");
  const update = sql.slice(sql.indexOf("UPDATE"));
  // its marker as a database migrated since holds it: AlpsBench's TestFigureNoise row (the column's value copied
  // there by the migration that moved it, steps {} for the legacy marker)
  const where = update.slice(update.indexOf("WHERE"), update.indexOf(";"));
  // (other tests' noised uploads match it too and keep their marker, as an UPDATE of the column kept it marked)
  return `INSERT INTO "TestFigureNoise" ("submissionId", "steps") SELECT "id", '{}'::jsonb FROM "Submission" ${where} ON CONFLICT ("submissionId") DO NOTHING;`;
}

beforeAll(async () => {
  benchmark = `t-rescore-${Date.now()}`;
  benchmarkVersionId = (await db.benchmarkVersion.create({ data: { slug: benchmark, name: "t", description: "t", source: "t" } })).id;
  const demo = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" },
    select: { trackId: true, benchmarkId: true, split: true, sessionId: true, input: true, meta: true, contentHash: true, gold: { select: { gold: true } } },
  });
  for (const { gold, input, meta, ...fields } of demo) {
    await db.instance.create({
      data: { ...fields, input: input as object, meta: meta as object, benchmarkVersionId, gold: { create: { gold: gold!.gold as object } } },
    });
  }
  testIds = demo.filter((i) => i.split === "test").map((i) => i.benchmarkId);
});
afterAll(async () => {
  if (benchmarkVersionId) {
    await db.submission.deleteMany({ where: { benchmarkVersionId } });
    await db.benchmarkVersion.delete({ where: { id: benchmarkVersionId } }).catch(() => {});
  }
  await db.$disconnect();
});

describe("uploads published noised are re-scored exactly", () => {
  test("the migration marks them by their note; a worker start with the noise off re-queues them; the re-score stores the exact figures and clears the note", async () => {
    const ownerId = (await db.user.create({ data: { email: `rescore-${Date.now()}@example.org` } })).id;
    const created = await createSubmission(db, {
      ownerId,
      track: "task1",
      split: "test",
      benchmark,
      system: { name: "Rescore", kind: "general_llm" },
      fileName: "p.jsonl",
      body: bytes(rows(testIds, "rescore")),
      visibility: "private",
    });
    if (!created.ok) throw new Error(created.message);
    await scoreToEnd(db, created.id);
    const exact = new Map((await db.score.findMany({ where: { submissionId: created.id } })).map((s) => [s.metric, s.value]));
    expect(exact.get("f1")).not.toBeNull();

    // as such an upload was stored before: rounded figures and the privacy note, no marker yet
    for (const [metric, value] of exact) {
      const rounded = value === null ? null : Math.round(value * 10) / 10 + 0.01;
      await db.score.updateMany({ where: { submissionId: created.id, metric }, data: { value: rounded, ciLow: null, ciHigh: null } });
    }
    const legacyNote = "Test-split figures of uploads are published with random noise and rounded (f1 to 0.01), with a conservative 95 % interval, so that …";
    await db.submission.update({ where: { id: created.id }, data: { note: legacyNote } });
    await db.$executeRawUnsafe(legacyMarkingSql());
    expect(await db.testFigureNoise.findUnique({ where: { submissionId: created.id }, select: { steps: true } })).toEqual({ steps: {} });

    // the noise on: nothing is queued (figures are never noised after the fact, nor un-noised while it is on)
    expect(await queueExactTestFigures(true)).toEqual([]);
    const queued = await queueExactTestFigures(false);
    expect(queued).toContain(created.id);
    expect((await db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { status: true } })).status).toBe("queued");
    await scoreToEnd(db, created.id);

    const after = await db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { status: true, note: true, testFigureNoise: true } });
    expect(after).toEqual({ status: "done", note: null, testFigureNoise: null });
    const rescored = new Map((await db.score.findMany({ where: { submissionId: created.id } })).map((s) => [s.metric, s.value]));
    expect(rescored).toEqual(exact);
    // once exact, a later start has nothing to do for it
    expect(await queueExactTestFigures(false)).not.toContain(created.id);
  });
});
