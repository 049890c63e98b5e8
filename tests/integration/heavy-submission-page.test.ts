import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { getInstanceExplanation, getInstanceResultsPage, INSTANCES_PER_PAGE } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { KEPT_ITEMS_MAX } from "@/lib/benchmarks/alpsbench/pipeline/kept-submitted-items";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";

/**
 * The submission page of a heavy but valid upload (issue 19 #6: a 34 MB gzip upload, 800 items per Task 1 row,
 * made its owner's page take 24 s and 75 MB of HTML). Its read models must read one page of rows and never the
 * uploaded file, whoever looks: the owner included.
 *
 * Fixture: 130 public instances (and 20 test ones); every row of the upload holds 800 items, so the file is some
 * 16 MB of JSON (the gzip is small: the items repeat). Scored by the real scorer, persisted by the real writer.
 */

const db = createPrismaClient(inject("databaseUrl"));
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const PUBLIC = 130;
const ITEMS_PER_ROW = 800;
let submissionId = "";
let lightId = "";

const instances = Array.from({ length: PUBLIC + 20 }, (_, i) => ({
  benchmarkId: `heavy_${String(i).padStart(3, "0")}`,
  split: i < PUBLIC ? ("dev" as const) : ("test" as const),
  gold: {
    memory_items: [
      { memory_id: "m1", type: "direct", label: "Preferences/Food", value: `likes green tea number ${i}`, confidence: 0.9 },
      { memory_id: "m2", type: "indirect", label: "Work/Experience", value: `works the night shift ${i}`, confidence: 0.7 },
    ],
  },
}));
const heavyRow = (benchmarkId: string, i: number) => ({
  benchmark_id: benchmarkId,
  memory_items: Array.from({ length: ITEMS_PER_ROW }, (_, k) => ({
    memory_id: `p${k}`,
    type: k % 2 ? "direct" : "indirect",
    label: "Preferences/Food",
    value: k === 0 ? `likes green tea number ${i}` : `a padding memory that matches nothing in particular, item ${k}`,
    confidence: 0.5,
  })),
});

/** Every Prisma call the read models make, with its arguments and how many rows came back. */
function spy(client: Db) {
  const calls: { model: string | undefined; operation: string; args: string; rows: number; bytes: number }[] = [];
  const spied = client.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result = await query(args);
          const text = JSON.stringify(result, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)) ?? "";
          calls.push({ model, operation, args: JSON.stringify(args), rows: Array.isArray(result) ? result.length : result ? 1 : 0, bytes: text.length });
          return result;
        },
      },
    },
  }) as unknown as Db;
  return { db: spied, calls };
}

beforeAll(async () => {
  const benchmark = await db.benchmarkVersion.create({ data: { slug: `heavy-${stamp}`, name: "Heavy page test", description: "test", source: "test" } });
  await db.instance.createMany({
    data: instances.map((inst) => ({
      benchmarkVersionId: benchmark.id,
      trackId: "task1",
      benchmarkId: inst.benchmarkId,
      split: inst.split,
      input: { dialogue: [{ role: "user", text: `hello ${inst.benchmarkId}` }] },
      meta: { source: "demo", stratum: "Preferences/Food" },
      contentHash: inst.benchmarkId,
    })),
  });
  const stored = await db.instance.findMany({ where: { benchmarkVersionId: benchmark.id }, select: { id: true, benchmarkId: true } });
  const idOf = new Map(stored.map((s) => [s.benchmarkId, s.id]));
  await db.instanceGold.createMany({ data: instances.map((inst) => ({ instanceId: idOf.get(inst.benchmarkId)!, gold: inst.gold })) });
  const system = await db.system.create({ data: { slug: `heavy-sys-${stamp}`, name: "Heavy System", kind: "general_llm" } });

  const rows = instances.map((inst, i) => heavyRow(inst.benchmarkId, i));
  const file = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  expect(file.length).toBeGreaterThan(15_000_000);
  const create = (fileText: string) =>
    db.submission.create({
      data: {
        systemId: system.id,
        benchmarkVersionId: benchmark.id,
        tracks: ["task1"],
        split: "full",
        source: "upload",
        status: "done",
        scorerVersion: "det-1.0.0",
        fileBytes: gzipSync(Buffer.from(fileText)),
        fileSize: fileText.length,
      },
      select: { id: true },
    });
  submissionId = (await create(file)).id;
  const scorable = instances.map((i) => ({ benchmarkId: i.benchmarkId, input: null, gold: i.gold }));
  const heavy = scoreTrack(
    "task1",
    scorable,
    rows.map((value, k) => ({ line: k + 1, value })),
  );
  await db.$transaction((tx) => persistTrackScore(tx, submissionId, benchmark.id, heavy), { timeout: 120_000 });

  // a light upload of the same instances (the gold, one item changed on every third row): explained in full
  const light = instances.map((inst, i) => ({
    benchmark_id: inst.benchmarkId,
    memory_items:
      i % 3 === 0
        ? [inst.gold.memory_items[0], { memory_id: "x", type: "indirect", label: "Zz/Qq", value: "zebra quantum", confidence: 0.1 }]
        : inst.gold.memory_items,
  }));
  const lightFile = light.map((r) => JSON.stringify(r)).join("\n") + "\n";
  lightId = (await create(lightFile)).id;
  const lightScore = scoreTrack(
    "task1",
    scorable,
    light.map((value, k) => ({ line: k + 1, value })),
  );
  await db.$transaction((tx) => persistTrackScore(tx, lightId, benchmark.id, lightScore), { timeout: 120_000 });
}, 300_000);

afterAll(async () => {
  await db.benchmarkVersion.deleteMany({ where: { slug: `heavy-${stamp}` } }).catch(() => undefined);
  await db.$disconnect();
});

const sub = (id: string) => ({ id, tracks: ["task1"], scorerVersion: "det-1.0.0", source: "upload" as const });

describe("a heavy upload's submission page, as its owner sees it", () => {
  test("one page of rows: 50 summaries, the file never read, the page's data a few KB", async () => {
    const { db: spied, calls } = spy(db);
    const page = await getInstanceResultsPage(spied, sub(submissionId), { showUploadedPredictions: true, page: 2 });
    expect(page).toMatchObject({ page: 2, pages: Math.ceil(PUBLIC / INSTANCES_PER_PAGE), total: PUBLIC, withheldTest: 20 });
    expect(page!.rows).toHaveLength(INSTANCES_PER_PAGE);
    expect(page!.rows[0]!.benchmarkId).toBe(instances[INSTANCES_PER_PAGE]!.benchmarkId);
    // the uploaded file is not read (its column is omitted unless asked for by name)
    expect(calls.filter((c) => c.args.includes("fileBytes"))).toEqual([]);
    // no read returned more instance rows than a page
    expect(Math.max(...calls.map((c) => c.rows))).toBeLessThanOrEqual(INSTANCES_PER_PAGE);
    // what the database sent for the page and what the page receives are bounded: not 50 × 800 items
    expect(calls.reduce((sum, c) => sum + c.bytes, 0)).toBeLessThan(100_000);
    expect(JSON.stringify(page).length).toBeLessThan(40_000);
  });

  test("an opened row reads that one instance: its 800 items are counted, not kept, and the matching is the recorded one", async () => {
    const { db: spied, calls } = spy(db);
    const row = await getInstanceExplanation(spied, sub(submissionId), "task1", instances[3]!.benchmarkId, { showUploadedPredictions: true });
    expect(row).not.toBeNull();
    expect(calls.filter((c) => c.args.includes("fileBytes"))).toEqual([]);
    expect(Math.max(...calls.map((c) => c.rows))).toBeLessThanOrEqual(1);
    expect(row!.explanation).toMatchObject({ kind: "memory-set", pred: null, match: null, predOmitted: ITEMS_PER_ROW });
    if (row!.explanation.kind !== "memory-set") return;
    expect(row!.explanation.stored?.nPred).toBe(ITEMS_PER_ROW);
    expect(JSON.stringify(row).length).toBeLessThan(20_000);
    expect(ITEMS_PER_ROW).toBeGreaterThan(KEPT_ITEMS_MAX);
  });
});

describe("a light upload: the explanation comes from the items kept with the scores", () => {
  test("the owner sees the submitted items and the replayed matching, equal to the stored metrics", async () => {
    for (const [i, inst] of instances.slice(0, 6).entries()) {
      const { db: spied, calls } = spy(db);
      const row = await getInstanceExplanation(spied, sub(lightId), "task1", inst.benchmarkId, { showUploadedPredictions: true });
      expect(calls.filter((c) => c.args.includes("fileBytes"))).toEqual([]);
      if (row?.explanation.kind !== "memory-set") throw new Error("expected a memory-set explanation");
      const match = row.explanation.match!;
      expect(match.consistent).toBe(true);
      expect(match.result.f1).toBe(row.metrics.f1);
      expect(row.explanation.pred!.map((p) => p.value)).toContain(inst.gold.memory_items[0]!.value);
      expect(match.gold.map((f) => f.kind)).toEqual(i % 3 === 0 ? ["matched", "below_threshold"] : ["matched", "matched"]);
    }
  });

  test("anyone else: scores and the recorded matching, never the submitted items; test instances never", async () => {
    const row = await getInstanceExplanation(db, sub(lightId), "task1", instances[0]!.benchmarkId, {});
    expect(row!.explanation).toMatchObject({ kind: "memory-set", pred: null, match: null });
    expect(JSON.stringify(row)).not.toContain("zebra quantum");
    expect(await getInstanceExplanation(db, sub(lightId), "task1", instances[PUBLIC]!.benchmarkId, { showUploadedPredictions: true })).toBeNull();
    expect(await getInstanceExplanation(db, sub(lightId), "task2", instances[0]!.benchmarkId, { showUploadedPredictions: true })).toBeNull();
  });
});
