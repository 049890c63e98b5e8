import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { createPrismaClient } from "@/lib/db/create-client";
import { getReferenceFigure } from "@/lib/benchmarks/alpsbench/read/queries/reference-figure";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { MEAN_RANK, TASKS_COVERED } from "@/lib/leaderboard/overall-rank";
import { importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { copyInputRows } from "@/lib/benchmarks/alpsbench/pipeline/reference-predictions";
import { REFERENCE_BASELINES, seedReferenceBaselines } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines";
import { seedScoredSubmission } from "@/lib/benchmarks/alpsbench/data/seeds/seed-scored-submission";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";

/**
 * The server's reference rows on a board, read through the read API's dispatch (what the route files call), on a
 * benchmark of its own: the demo's instances, two demo systems, the baselines, and a system that uploaded Task 2
 * only, perfectly (before, a mean rank over its one task made it the overview's #1).
 */
const db = createPrismaClient(inject("databaseUrl"));
const slug = `t-ref-${Date.now()}`;
let benchmarkId: string;
afterAll(() => db.$disconnect());

type Api = { rows: Record<string, unknown>[]; columns: { id: string; coverage?: { column: string; of: number } }[] };
async function view(name: string, params: Record<string, string>): Promise<Response> {
  return leaderboardResponse(db, name, null, new URLSearchParams({ benchmark: slug, ...params }));
}

beforeAll(async () => {
  const dataset = getDemoDataset();
  const benchmark = await db.benchmarkVersion.create({ data: { slug, name: "t", description: "t", source: "t" } });
  benchmarkId = benchmark.id;
  await importInstances(db, dataset.instances, { benchmark: slug, layout: "demo", sourcePath: "generated" });
  for (const demo of dataset.systems.slice(0, 2)) {
    const system = await db.system.upsert({
      where: { slug: `${slug}-${demo.slug}` },
      create: { slug: `${slug}-${demo.slug}`, name: demo.name, kind: demo.kind },
      update: {},
    });
    await seedScoredSubmission(db, { id: `${slug}-${demo.slug}`, systemId: system.id, benchmarkVersionId: benchmark.id, note: null, predictions: demo.predictions });
  }
  expect(Object.values(await seedReferenceBaselines(db, benchmark.id, slug))).toEqual(["created", "created", "created", "created", "created"]);
  // a Task 2 file that returns the gold itself: the best Task 2 figure there can be, on one track only
  const task2 = await getScorableInstances(db, benchmark.id, "task2");
  const perfect = task2.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: (i.gold as { memory_items: unknown[] }).memory_items }));
  const one = await db.system.create({ data: { slug: `${slug}-one-task`, name: "One task only", kind: "general_llm" } });
  await seedScoredSubmission(db, { id: `${slug}-one-task`, systemId: one.id, benchmarkVersionId: benchmark.id, note: null, predictions: { task2: perfect } });
});

describe("reference baselines", () => {
  test("copy-the-input is an unranked reference row on the Task 2 board (API and CSV), scored by the real scorer from the data", async () => {
    const response = await view("task2", { split: "dev" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Api;
    const copy = body.rows.find((r) => r.system_slug === REFERENCE_BASELINES.copyInput.slug);
    expect(copy).toMatchObject({ kind: "baseline", rank: null, system: REFERENCE_BASELINES.copyInput.name });
    // the figure is the scorer's on the stored dev instances' own input pools
    const dev = await getScorableInstances(db, benchmarkId, "task2", ["dev"]);
    const expected = scoreTrack(
      "task2",
      dev,
      copyInputRows(dev).map((value, k) => ({ line: k + 1, value })),
    ).metrics.algo_score_100!.value;
    expect(copy!.algo_score_100).toBeCloseTo(expected!, 4);
    expect(body.rows.find((r) => r.system_slug === REFERENCE_BASELINES.empty.slug)).toMatchObject({ kind: "baseline", rank: null, algo_score_100: 0 });
    // the ranked rows are numbered 1.. without the reference rows taking a place
    const ranks = body.rows.filter((r) => r.kind !== "baseline").map((r) => r.rank);
    expect(ranks[0]).toBe(1);
    expect(ranks.every((r) => typeof r === "number")).toBe(true);
    // a row below copy-the-input says so
    for (const row of body.rows.filter((r) => r.kind !== "baseline")) {
      const below = (row.algo_score_100 as number) <= (copy!.algo_score_100 as number);
      expect(row.below_baseline, String(row.system)).toBe(below ? REFERENCE_BASELINES.copyInput.name : null);
    }

    // the submission page's "does not beat copy-the-input" note reads the same figure
    expect(
      await getReferenceFigure(db, { benchmark: slug, systemSlug: REFERENCE_BASELINES.copyInput.slug, track: "task2", metric: "algo_score_100", split: "dev" }),
    ).toEqual({
      name: REFERENCE_BASELINES.copyInput.name,
      value: expect.closeTo(copy!.algo_score_100 as number, 4),
    });

    const csv = await (await view("task2", { split: "dev", format: "csv" })).text();
    // the download starts with a UTF-8 BOM (for Excel)
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    const columns = header!.split(",");
    const line = lines.find((l) => l.includes(`,${REFERENCE_BASELINES.copyInput.name},`));
    expect(line, csv).toBeDefined();
    const cells = line!.split(",");
    expect(cells[columns.indexOf("Rank")]).toBe("");
    expect(cells[columns.indexOf("Kind")]).toBe("baseline");
  });

  test("Task 3 boards carry the first-candidate, random and empty references, unranked", async () => {
    const body = (await (await view("task3-d100", { split: "full" })).json()) as Api;
    for (const b of [REFERENCE_BASELINES.firstCandidate, REFERENCE_BASELINES.randomCandidate, REFERENCE_BASELINES.empty]) {
      expect(
        body.rows.find((r) => r.system_slug === b.slug),
        b.slug,
      ).toMatchObject({ kind: "baseline", rank: null });
    }
  });

  test("the overview's #1 has figures on every track of the view; a one-track row is listed, unranked", async () => {
    const body = (await (await view("overview", { split: "full" })).json()) as Api;
    const first = body.rows.find((r) => r.rank === 1);
    expect(first).toBeDefined();
    // the tracks of the view: Tasks 1 and 2 and Task 3's two pool sizes (no judge here: no Task 4 figure)
    const of = Math.max(...body.rows.map((r) => r[TASKS_COVERED] as number));
    expect(of).toBe(4);
    expect({ system: first!.system, tracks: first![TASKS_COVERED] }).toEqual({ system: first!.system, tracks: of });
    expect(body.columns.find((c) => c.id === MEAN_RANK)!.coverage).toEqual({ column: TASKS_COVERED, of });
    for (const row of body.rows) if (row.rank !== null) expect(row[TASKS_COVERED], String(row.system)).toBe(of);
    const one = body.rows.find((r) => r.system_slug === `${slug}-one-task`)!;
    expect(one).toMatchObject({ rank: null, [TASKS_COVERED]: 1, [MEAN_RANK]: 1 });
    // listed below every ranked row
    expect(body.rows.indexOf(one)).toBeGreaterThan(body.rows.indexOf(first!));
    // reference rows never take a rank here either
    for (const row of body.rows.filter((r) => r.kind === "baseline")) expect(row.rank).toBeNull();
  });
});
