import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getInstanceInput } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-input";
import { getInstanceExplanation, getInstanceResultsPage, INSTANCES_PER_PAGE } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";

/**
 * The submission page's per-instance read model on a benchmark of its own: 70 dev, 10 validation and 40 test
 * instances, an uploaded file that gets every third public instance wrong, scored by the real pipeline.
 */

const db = createPrismaClient(inject("databaseUrl"));
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
let submissionId = "";
const SECRET = `secret-test-gold-${stamp}`;

type Split = "dev" | "validation" | "test";
const instances = Array.from({ length: 120 }, (_, i) => {
  const split: Split = i < 70 ? "dev" : i < 80 ? "validation" : "test";
  const benchmarkId = `inst_${String(i).padStart(3, "0")}`;
  const gold = {
    memory_items: [
      { memory_id: "m1", type: "direct", label: "Preferences/Food", value: split === "test" ? `${SECRET} ${i}` : `likes tea number ${i}`, confidence: 0.9 },
      { memory_id: "m2", type: "indirect", label: "Work/Experience", value: `works shift ${i}`, confidence: 0.7 },
    ],
  };
  return { benchmarkId, split, gold };
});
// Every third instance: the second gold item replaced by an unrelated one (a miss and an extra); the rest perfect.
const predictions = instances.map((inst, i) => ({
  benchmark_id: inst.benchmarkId,
  memory_items:
    i % 3 === 0
      ? [inst.gold.memory_items[0], { memory_id: "x", type: "indirect", label: "Zz/Qq", value: "zebra quantum", confidence: 0.1 }]
      : inst.gold.memory_items,
}));
const publicMisses = instances.filter((inst, i) => inst.split !== "test" && i % 3 === 0).length;

beforeAll(async () => {
  const benchmark = await db.benchmarkVersion.create({ data: { slug: `pages-${stamp}`, name: "Pages test", description: "test", source: "test" } });
  for (const inst of instances) {
    await db.instance.create({
      data: {
        benchmarkVersionId: benchmark.id,
        trackId: "task1",
        benchmarkId: inst.benchmarkId,
        split: inst.split,
        input: { dialogue: [{ role: "user", text: `hello ${inst.benchmarkId}` }] },
        meta: { source: "demo", stratum: "Preferences/Food" },
        contentHash: inst.benchmarkId,
        gold: { create: { gold: inst.gold } },
      },
    });
  }
  const system = await db.system.create({ data: { slug: `pages-sys-${stamp}`, name: "Pages System", kind: "general_llm" } });
  const file = predictions.map((p) => JSON.stringify(p)).join("\n") + "\n";
  const submission = await db.submission.create({
    data: {
      systemId: system.id,
      benchmarkVersionId: benchmark.id,
      tracks: ["task1"],
      split: "full",
      source: "upload",
      status: "done",
      scorerVersion: SCORER_VERSION,
      fileBytes: gzipSync(Buffer.from(file)),
      fileSize: file.length,
    },
  });
  submissionId = submission.id;
  const result = scoreTrack(
    "task1",
    instances.map((i) => ({ benchmarkId: i.benchmarkId, input: null, gold: i.gold })),
    predictions.map((value, k) => ({ line: k + 1, value })),
  );
  await db.$transaction((tx) => persistTrackScore(tx, submissionId, benchmark.id, result), { timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await db.benchmarkVersion.deleteMany({ where: { slug: `pages-${stamp}` } }).catch(() => undefined);
  await db.$disconnect();
});

const sub = () => ({ id: submissionId, tracks: ["task1"], scorerVersion: SCORER_VERSION, source: "upload" as const });

describe("getInstanceResultsPage", () => {
  test("public splits only, 50 per page, in benchmark-id order; test instances are counted, never listed", async () => {
    const first = await getInstanceResultsPage(db, sub(), { showUploadedPredictions: true });
    expect(first).toMatchObject({ track: "task1", page: 1, pages: 2, total: 80, withheldTest: 40, predictionsShown: true });
    expect(first!.rows).toHaveLength(INSTANCES_PER_PAGE);
    expect(first!.rows[0]!.benchmarkId).toBe("inst_000");
    const second = await getInstanceResultsPage(db, sub(), { page: 2 });
    expect(second!.rows.map((r) => r.benchmarkId)).toEqual(instances.slice(50, 80).map((i) => i.benchmarkId));
    expect(second!.rows.every((r) => r.split === "dev" || r.split === "validation")).toBe(true);
    // Out-of-range pages are clamped, not empty.
    expect((await getInstanceResultsPage(db, sub(), { page: 99 }))!.page).toBe(2);
    // No test gold anywhere in what the page receives.
    expect(JSON.stringify([first, second])).not.toContain(SECRET);
  });

  test("only misses: exactly the public instances with F1 below 1", async () => {
    const misses = await getInstanceResultsPage(db, sub(), { onlyMisses: true });
    expect(misses!.total).toBe(publicMisses);
    expect(misses!.rows.every((r) => (r.metrics.f1 as number) < 1)).toBe(true);
  });

  test("to anyone but the owner and admins, no uploaded prediction: scores and the recorded matching only (the default)", async () => {
    const page = await getInstanceResultsPage(db, sub(), {});
    expect(page).toMatchObject({ total: 80, predictionsShown: false });
    for (const options of [{}, { showUploadedPredictions: false }]) {
      for (const summary of page!.rows.slice(0, 12)) {
        const row = await getInstanceExplanation(db, sub(), "task1", summary.benchmarkId, options);
        expect(row!.predictionsShown).toBe(false);
        expect(row!.explanation.kind).toBe("memory-set");
        if (row!.explanation.kind !== "memory-set") continue;
        expect(row!.explanation.pred).toBeNull();
        expect(row!.explanation.match).toBeNull();
        expect(row!.explanation.stored?.pairs.length).toBeGreaterThan(0);
        expect(typeof row!.metrics.f1).toBe("number");
        // the uploaded values ("zebra quantum" is only in the prediction) are nowhere in the answer
        expect(JSON.stringify(row)).not.toContain("zebra quantum");
      }
    }
  });

  test("each explanation is recomputed from the submitted items kept with the result and agrees with the stored per-instance metrics", async () => {
    const page = await getInstanceResultsPage(db, sub(), { showUploadedPredictions: true });
    for (const summary of page!.rows) {
      const row = (await getInstanceExplanation(db, sub(), "task1", summary.benchmarkId, { showUploadedPredictions: true }))!;
      expect(row.metrics).toEqual(summary.metrics);
      expect(row.explanation.kind).toBe("memory-set");
      if (row.explanation.kind !== "memory-set") continue;
      const match = row.explanation.match!;
      expect(match.consistent).toBe(true);
      expect(match.result.f1).toBe(row.metrics.f1);
      expect(match.result.precision).toBe(row.metrics.precision);
      expect(match.result.algoScore100).toBe(row.metrics.algo_score_100);
      // the stored matching (worker's detail) names the same pairs
      expect(row.explanation.stored!.pairs.map((p) => [p.goldIndex, p.predIndex, p.score])).toEqual(match.accepted.map((p) => [p.goldIndex, p.predIndex, p.score]));
      const index = Number(row.benchmarkId.slice(5));
      expect(match.gold.map((f) => f.kind)).toEqual(index % 3 === 0 ? ["matched", "below_threshold"] : ["matched", "matched"]);
    }
  });

  test("the page carries no instance input; each listed row's input is read on demand, test instances never", async () => {
    const page = await getInstanceResultsPage(db, sub(), {});
    const row = page!.rows[0]!;
    expect(Object.keys(row)).not.toContain("input");
    const input = await getInstanceInput(db, sub(), "task1", row.benchmarkId);
    expect(input![0]).toMatchObject({ title: "Dialogue", turns: [{ role: "user", text: `hello ${row.benchmarkId}` }] });
    const test = await db.instanceResult.findFirstOrThrow({
      where: { submissionId, instance: { split: "test" } },
      select: { instance: { select: { benchmarkId: true } } },
    });
    expect(await getInstanceInput(db, sub(), "task1", test.instance.benchmarkId)).toBeNull();
    expect(await getInstanceInput(db, sub(), "task2", row.benchmarkId)).toBeNull();
  });

  test("a test-split-only submission lists nothing and counts what it withholds", async () => {
    const testOnly = await db.submission.create({
      data: {
        systemId: (await db.submission.findUniqueOrThrow({ where: { id: submissionId } })).systemId,
        benchmarkVersionId: (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: `pages-${stamp}` } })).id,
        tracks: ["task1"],
        split: "test",
        source: "seed",
        status: "done",
        scorerVersion: SCORER_VERSION,
      },
    });
    const rows = await db.instanceResult.findMany({
      where: { submissionId, instance: { split: "test" } },
      select: { instanceId: true, scoreVersion: true, metrics: true },
    });
    await db.instanceResult.createMany({ data: rows.map((r) => ({ ...r, metrics: r.metrics ?? {}, submissionId: testOnly.id })) });
    await db.score.create({
      data: { submissionId: testOnly.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: SCORER_VERSION, value: 1, n: 40 },
    });
    const page = await getInstanceResultsPage(db, { id: testOnly.id, tracks: ["task1"], scorerVersion: SCORER_VERSION, source: "seed" }, {});
    expect(page).toMatchObject({ total: 0, withheldTest: 40, rows: [] });
  });
});
