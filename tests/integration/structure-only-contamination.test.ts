import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { STRUCTURE_ONLY_THRESHOLD } from "@/lib/benchmarks/alpsbench/contamination/structure-only";
import { createPrismaClient } from "@/lib/db/create-client";
import { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { scoreToEnd } from "./upload-helpers";
import { createTestSubmission, jsonl } from "./worker-fixtures";

/**
 * The known gap after issue 19's second pass: Task 1 rows that keep each public memory's label, type and confidence
 * (Task 2's input pool of the same session, which is the row's gold) under junk values scored 76.3 unflagged. The
 * authors' metric gives them that (label, type and confidence weigh 0.6 and the match threshold is 0.30), so the
 * metric stays; the contamination check flags them (lib/benchmarks/alpsbench/contamination/structure-only.ts). On the demo benchmark,
 * through the worker's handler.
 */
const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId = "";
let ownerId = "";
beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  ownerId = (await db.user.create({ data: { email: `structure-${randomBytes(4).toString("hex")}@example.org` } })).id;
});
afterAll(() => db.$disconnect());

async function uploadAndScore(rows: readonly unknown[]): Promise<string> {
  const slug = `structure-only-${randomBytes(4).toString("hex")}`;
  const system = await db.system.create({ data: { slug, name: `Structure ${slug}`, kind: "general_llm", ownerId } });
  const id = await createTestSubmission(db, { benchmarkVersionId, label: slug, content: jsonl(rows), systemId: system.id, data: { ownerId } });
  await scoreToEnd(db, id);
  return id;
}

describe("junk values under the public labels and types", () => {
  test("keep the authors' score and are flagged, not ranked", async () => {
    const [task1, task2] = await Promise.all([
      db.instance.findMany({ where: { benchmarkVersionId, trackId: "task1" }, select: { benchmarkId: true, sessionId: true } }),
      db.instance.findMany({ where: { benchmarkVersionId, trackId: "task2" }, select: { sessionId: true, input: true } }),
    ]);
    const pools = new Map(task2.map((i) => [i.sessionId, (i.input as { memory: Record<string, unknown>[] }).memory]));
    const rows = task1.map((i) => ({
      benchmark_id: i.benchmarkId,
      memory_items: (pools.get(i.sessionId) ?? []).map((m, k) => ({ label: m.label, type: m.type, confidence: m.confidence, value: `qzx ${k} vlorp` })),
    }));
    const id = await uploadAndScore(rows);
    const check = await db.contamination.findUniqueOrThrow({ where: { submissionId: id } });
    const figures = ContaminationFigures.parse(check.figures);
    const f1 = await db.score.findFirstOrThrow({ where: { submissionId: id, trackId: "task1", metric: "f1" }, select: { value: true } });
    process.stderr.write(
      `[structure-only] f1 ${f1.value}, share ${figures.structureOnly?.share}, public share ${figures.publicShare}, dialogue covered ${figures.dialogue?.coveredShare}\n`,
    );
    // the value checks see nothing of the gold in it
    expect(figures.dialogue?.coveredShare ?? 0).toBeLessThan(figures.threshold);
    expect(figures.structureOnly?.share).toBeGreaterThanOrEqual(STRUCTURE_ONLY_THRESHOLD);
    expect(check.flagged).toBe(true);
  });
});
