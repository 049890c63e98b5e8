import { createHash, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getView } from "@/lib/db/queries/view";
import { CONTAMINATION_THRESHOLD } from "@/lib/contamination/measure-contamination";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { TableQuery } from "@/lib/leaderboard/table-state";
import { OVERVIEW, TASK_VIEWS } from "@/lib/leaderboard/views";
import { runScoreJob } from "@/lib/pipeline/score-submission";
import { SCORER_VERSION } from "@/lib/pipeline/score-track";
import { ContaminationFigures } from "@/lib/leaderboard/types";
import { getDemoDataset } from "@/lib/datasets/demo";
import { jsonl } from "./worker-fixtures";

/**
 * Provenance tiers, one row per system and tier, and the contamination check, on the demo benchmark (seeded by
 * the test setup with its server-made, "re-scored" runs) through the real worker handler and the read models.
 */
const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId: string;
let ownerId: string;
const scope = (split: "full" | "test") => ({ benchmark: "demo", split }) as const;

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  const tag = randomBytes(4).toString("hex");
  ownerId = (await db.user.create({ data: { email: `tiers-${tag}@example.org`, name: `Tier Tester ${tag}` } })).id;
});
afterAll(() => db.$disconnect());

/** An upload as the creation path stores it, scored to the end by the worker's handler. */
async function uploadAndScore(label: string, rows: readonly unknown[], split: "full" | "test", systemSlug?: string): Promise<{ id: string; systemSlug: string }> {
  const content = jsonl(rows);
  const slug = systemSlug ?? `tiers-${label}-${randomBytes(4).toString("hex")}`;
  const system = await db.system.upsert({ where: { slug }, create: { slug, name: `Tiers ${label}`, kind: "general_llm", ownerId }, update: {} });
  const fileBytes = gzipSync(Buffer.from(content));
  const { id } = await db.submission.create({
    data: {
      systemId: system.id,
      benchmarkVersionId,
      tracks: ["task1"],
      split,
      source: "upload",
      status: "queued",
      ownerId,
      fileName: "predictions.jsonl",
      fileBytes: new Uint8Array(fileBytes),
      fileSize: fileBytes.length,
      fileSha256: createHash("sha256").update(content).digest("hex"),
      scorerVersion: SCORER_VERSION,
    },
    select: { id: true },
  });
  for (let step = 0; step < 50; step++) {
    if ((await runScoreJob(db, { submissionId: id, scoreVersion: SCORER_VERSION }, { judge: null })) === "done") return { id, systemSlug: slug };
  }
  throw new Error("not done in 50 steps");
}

/** Task 1 rows for the test split whose memories are the public Task 2 input pools of the same session. */
async function goldCopiedFromTask2Inputs(): Promise<unknown[]> {
  const [task1, task2] = await Promise.all([
    db.instance.findMany({ where: { benchmarkVersionId, trackId: "task1", split: "test" }, select: { benchmarkId: true, sessionId: true } }),
    db.instance.findMany({ where: { benchmarkVersionId, trackId: "task2" }, select: { sessionId: true, input: true } }),
  ]);
  const pools = new Map(task2.map((i) => [i.sessionId, (i.input as { memory: unknown[] }).memory]));
  return task1.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: pools.get(i.sessionId) ?? [] }));
}

/** Invented memories: nothing any input shows. */
async function inventedRows(salt: string): Promise<unknown[]> {
  const task1 = await db.instance.findMany({ where: { benchmarkVersionId, trackId: "task1" }, select: { benchmarkId: true } });
  return task1.map((i, k) => ({
    benchmark_id: i.benchmarkId,
    memory_items: [0, 1, 2].map((n) => ({
      type: "direct",
      label: "Personal_Background/Identity",
      value: `invented ${salt} fact number ${k} ${n} here`,
      confidence: 0.9,
    })),
  }));
}

const view = (board: Awaited<ReturnType<typeof getView>>, params: Record<string, string> = {}) =>
  applyTableQuery(board, TableQuery.parse({ ...params, ...(params.tier ? { tier: params.tier.split(",") } : {}) }));

describe("tiers: an upload is never in the tier of the authors' figures or released outputs", () => {
  test("server-made runs are re-scored; an upload is submitted, with its uploader and date, and is its own row", async () => {
    const { systemSlug } = await uploadAndScore("clean", await inventedRows("a"), "full");
    const board = await getView(db, TASK_VIEWS.task1, scope("full"));
    const mine = board.rows.filter((r) => r.systemSlug === systemSlug);
    expect(mine.map((r) => r.tier)).toEqual(["submitted"]);
    expect(mine[0]!.submittedBy).toMatch(/^Tier Tester /);
    expect(mine[0]!.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const seeded = board.rows.filter((r) => r.submissionId?.startsWith("seed-") || r.systemSlug.startsWith("demo-"));
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) expect(row.tier).toBe("rescored");
    for (const row of board.rows.filter((r) => r.tier === "rescored" || r.tier === "reported")) expect(row.submittedBy ?? null).toBeNull();

    // the tier filter of the overview keeps exactly the rows of that tier
    const overview = await getView(db, OVERVIEW, scope("full"));
    const submitted = view(overview, { tier: "submitted" }).rows;
    expect(submitted.length).toBeGreaterThan(0);
    expect(new Set(submitted.map((r) => r.tier))).toEqual(new Set(["submitted"]));
    expect(view(overview, { tier: "rescored" }).rows.some((r) => r.systemSlug === systemSlug)).toBe(false);
  });

  test("one row per system and tier by default (its best run); runs=all lists every run", async () => {
    const first = await uploadAndScore("twice", await inventedRows("b"), "full");
    const better = (await inventedRows("b")).map((r, k) => (k < 5 ? { ...(r as object), memory_items: [] } : r));
    await uploadAndScore("twice", better, "full", first.systemSlug);
    const board = await getView(db, TASK_VIEWS.task1, scope("full"));
    expect(board.rows.filter((r) => r.systemSlug === first.systemSlug)).toHaveLength(2);
    expect(view(board).rows.filter((r) => r.systemSlug === first.systemSlug)).toHaveLength(1);
    expect(view(board, { runs: "all" }).rows.filter((r) => r.systemSlug === first.systemSlug)).toHaveLength(2);
  });
});

describe("split views show runs scored on every instance", () => {
  test("the test view ranks the re-scored demo runs over their test instances (was: No results yet)", async () => {
    const tests = await db.instance.count({ where: { benchmarkVersionId, trackId: "task1", split: "test" } });
    const board = await getView(db, TASK_VIEWS.task1, scope("test"));
    const rescored = board.rows.filter((r) => r.tier === "rescored");
    expect(rescored.length).toBeGreaterThan(0);
    for (const row of rescored) expect(row.cells.f1?.n, row.systemName).toBe(tests);
    expect(view(board).ranks.get(view(board).rows[0]!.rowId)).toBe(1);
  });
});

describe("contamination check", () => {
  test("Task 1 test gold copied from the public Task 2 inputs is flagged with its figures and not ranked", async () => {
    const { id, systemSlug } = await uploadAndScore("copy", await goldCopiedFromTask2Inputs(), "test");
    const stored = await db.submission.findUniqueOrThrow({ where: { id }, select: { contamination: true, contaminationFlagged: true, status: true } });
    expect(stored.status).toBe("done");
    expect(stored.contaminationFlagged).toBe(true);
    const figures = ContaminationFigures.parse(stored.contamination);
    expect(figures.publicShare).toBe(1);
    expect(figures.task2InputShare).toBe(1);
    expect(figures.threshold).toBe(CONTAMINATION_THRESHOLD);

    const board = await getView(db, TASK_VIEWS.task1, scope("test"));
    const row = board.rows.find((r) => r.systemSlug === systemSlug)!;
    expect(row.contamination?.flagged).toBe(true);
    // it would be first... (an upload's test-split figures on the demo's 18 test instances are withheld:
    // lib/leaderboard/test-split-privacy.ts; its n still shows)
    expect(row.cells.f1?.value).toBeNull();
    expect(row.cells.f1?.n).toBe(18);
    expect(view(board).rows.some((r) => r.systemSlug === systemSlug)).toBe(false); // ...but is not listed by default
    const shown = view(board, { flagged: "1" });
    expect(shown.rows.some((r) => r.systemSlug === systemSlug)).toBe(true);
    expect(shown.ranks.get(row.rowId)).toBeNull();
    expect([...shown.ranks.values()].filter((r) => r === 1)).toHaveLength(1);
    const overview = await getView(db, OVERVIEW, scope("test"));
    expect(view(overview).rows.some((r) => r.systemSlug === systemSlug)).toBe(false);
  });

  test("a re-upload of a server-made run under a new name is flagged; the server's own runs and invented values are not", async () => {
    const system = getDemoDataset().systems[0]!;
    const demo = await db.submission.findFirstOrThrow({
      where: { benchmarkVersionId, source: "seed", tracks: { has: "task1" }, system: { slug: system.slug } },
      select: { id: true, contamination: true, contaminationFlagged: true },
    });
    expect(demo.contaminationFlagged).toBe(false);
    expect(ContaminationFigures.parse(demo.contamination).flagged).toBe(false);
    const values = await db.predictionValue.count({ where: { submissionId: demo.id } });
    expect(values).toBeGreaterThan(0);

    // an earlier copy: the re-upload shares every value with it too, but the original (earliest) is named
    const earlierCopy = await uploadAndScore("earlier-copy", system.predictions.task1, "full");
    expect(ContaminationFigures.parse((await db.submission.findUniqueOrThrow({ where: { id: earlierCopy.id } })).contamination)).toMatchObject({
      submissionId: demo.id,
      flagged: true,
    });
    const copy = await uploadAndScore("reupload", system.predictions.task1, "full");
    const copied = await db.submission.findUniqueOrThrow({ where: { id: copy.id }, select: { contamination: true, contaminationFlagged: true } });
    expect(copied.contaminationFlagged).toBe(true);
    expect(ContaminationFigures.parse(copied.contamination)).toMatchObject({ submissionShare: 1, submissionId: demo.id, flagged: true });

    const clean = await uploadAndScore("invented", await inventedRows("c"), "full");
    const cleanRow = await db.submission.findUniqueOrThrow({ where: { id: clean.id }, select: { contamination: true, contaminationFlagged: true } });
    expect(cleanRow.contaminationFlagged).toBe(false);
    expect(ContaminationFigures.parse(cleanRow.contamination)).toMatchObject({ publicShare: 0, flagged: false });

    // on the board a checked, clean run says so (false), unlike a row never checked (null: reported figures)
    const board = await getView(db, TASK_VIEWS.task1, scope("full"));
    const serverRow = board.rows.find((r) => r.systemSlug === system.slug && r.tier === "rescored")!;
    expect(serverRow.contamination?.flagged).toBe(false);
    expect(board.rows.find((r) => r.tier === "reported")?.contamination ?? null).toBeNull();
  });
});
