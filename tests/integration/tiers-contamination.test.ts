import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { uploadFactsOf } from "@/lib/submissions/upload-facts";
import { CONTAMINATION_THRESHOLD } from "@/lib/benchmarks/alpsbench/contamination/measure-contamination";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { parseTableQuery } from "@/lib/leaderboard/table-state";
import { OVERVIEW, TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { scoreToEnd } from "./upload-helpers";
import { createTestSubmission, jsonl } from "./worker-fixtures";

/**
 * Provenance tiers, one row per system and tier, and the contamination check, on the demo benchmark (seeded by
 * the test setup with its server-made, "re-scored" runs) through the real worker handler and the read models.
 */
const db = createPrismaClient(inject("databaseUrl"));

/** The contamination check of a submission as stored: AlpsBench's Contamination row (null: never checked). */
async function checkOf(id: string): Promise<{ flagged: boolean; figures: ContaminationFigures } | null> {
  const row = await db.contamination.findUnique({ where: { submissionId: id } });
  return row ? { flagged: row.flagged, figures: ContaminationFigures.parse(row.figures) } : null;
}

/** The figures an upload's status shows `viewer` (its benchmark's own field of GET /api/v1/submissions/{id}). */
async function shownFigures(id: string, viewer: Parameters<typeof getSubmissionStatus>[2]) {
  const status = await getSubmissionStatus(db, id, viewer);
  return status ? ((await uploadFactsOf(db, status, viewer)).fields.contamination as ContaminationFigures | null) : undefined;
}
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
async function uploadAndScore(
  label: string,
  rows: readonly unknown[],
  split: "full" | "test",
  systemSlug?: string,
  as: { ownerId?: string; visibility?: "public" | "private" } = {},
): Promise<{ id: string; systemSlug: string }> {
  const slug = systemSlug ?? `tiers-${label}-${randomBytes(4).toString("hex")}`;
  const owner = as.ownerId ?? ownerId;
  const system = await db.system.upsert({ where: { slug }, create: { slug, name: `Tiers ${label}`, kind: "general_llm", ownerId: owner }, update: {} });
  const data = { split, ownerId: owner, visibility: as.visibility ?? "public" } as const;
  const id = await createTestSubmission(db, { benchmarkVersionId, label, content: jsonl(rows), systemId: system.id, data });
  await scoreToEnd(db, id);
  return { id, systemSlug: slug };
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

function view(board: Awaited<ReturnType<typeof getView>>, params: Record<string, string> = {}) {
  const parsed = parseTableQuery(params);
  if (!parsed.ok) throw new Error(parsed.issues.join("; "));
  return applyTableQuery(board, parsed.query);
}

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
    expect((await db.submission.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe("done");
    const stored = (await checkOf(id))!;
    expect(stored.flagged).toBe(true);
    const figures = stored.figures;
    expect(figures.publicShare).toBe(1);
    expect(figures.task2InputShare).toBe(1);
    expect(figures.threshold).toBe(CONTAMINATION_THRESHOLD);

    const board = await getView(db, TASK_VIEWS.task1, scope("test"));
    const row = board.rows.find((r) => r.systemSlug === systemSlug)!;
    expect(row.flag?.label).toBe("contamination");
    expect(row.extras).toMatchObject({ contamination_flagged: true, contamination_public_share: 1 });
    expect(row.cells.f1?.value).toBe(1); // it would be first... (the demo's figures are exact: lib/benchmarks/alpsbench/pipeline/test-figures.ts)
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
      select: { id: true },
    });
    const demoCheck = (await checkOf(demo.id))!;
    expect(demoCheck.flagged).toBe(false);
    expect(demoCheck.figures.flagged).toBe(false);
    const values = await db.predictionValue.count({ where: { submissionId: demo.id } });
    expect(values).toBeGreaterThan(0);

    // an earlier copy: the re-upload shares every value with it too, but the original (earliest) is named
    const earlierCopy = await uploadAndScore("earlier-copy", system.predictions.task1, "full");
    expect((await checkOf(earlierCopy.id))!.figures).toMatchObject({
      submissionId: demo.id,
      flagged: true,
    });
    const copy = await uploadAndScore("reupload", system.predictions.task1, "full");
    const copied = (await checkOf(copy.id))!;
    expect(copied.flagged).toBe(true);
    expect(copied.figures).toMatchObject({ submissionShare: 1, submissionId: demo.id, flagged: true });

    const clean = await uploadAndScore("invented", await inventedRows("c"), "full");
    const cleanRow = (await checkOf(clean.id))!;
    expect(cleanRow.flagged).toBe(false);
    expect(cleanRow.figures).toMatchObject({ publicShare: 0, flagged: false });

    // on the board a checked, clean run says so (false), unlike a row never checked (null: reported figures)
    const board = await getView(db, TASK_VIEWS.task1, scope("full"));
    const serverRow = board.rows.find((r) => r.systemSlug === system.slug && r.tier === "rescored")!;
    expect(serverRow.flag ?? null).toBeNull();
    expect(serverRow.extras).toMatchObject({ contamination_flagged: false });
    expect(board.rows.find((r) => r.tier === "reported")?.extras).toBeUndefined();
  });
});

/** Every memory value of the rows, edited (the rest of each item kept: the scorer still matches it). */
const editValues = (rows: readonly unknown[], edit: (value: string) => string) =>
  rows.map((r) => {
    const row = r as { memory_items: { value: string }[] };
    return { ...row, memory_items: row.memory_items.map((m) => ({ ...m, value: edit(m.value) })) };
  });

describe("contamination check: trivial edits and private submissions", () => {
  test.each([
    ["(a) 'The user: ' + VALUE + ' !'", (v: string) => `The user: ${v.toUpperCase()} !`],
    ["(b) Cyrillic е (U+0435) for Latin e", (v: string) => v.replaceAll("e", "\u0435")],
  ])("copied gold edited by %s is flagged and not ranked", async (label, edit) => {
    const { id, systemSlug } = await uploadAndScore(`edit-${label.slice(1, 2)}`, editValues(await goldCopiedFromTask2Inputs(), edit), "test");
    const stored = (await checkOf(id))!;
    expect(stored.flagged).toBe(true);
    // (a) also counts the demo set's two-token values, which its wrapping lengthens to four: 2/3 of them are public
    expect(stored.figures.publicShare).toBeGreaterThan(0.5);
    const board = await getView(db, TASK_VIEWS.task1, scope("test"));
    const row = board.rows.find((r) => r.systemSlug === systemSlug)!;
    expect(row.cells.f1?.value).toBeGreaterThan(0.9); // the edit keeps the scorer's match...
    expect(view(board).rows.some((r) => r.systemSlug === systemSlug)).toBe(false); // ...and is not listed
    expect(view(board, { flagged: "1" }).ranks.get(row.rowId)).toBeNull();
  });

  test("copied gold with each value's words reversed (the scorer's token overlap ignores order) is flagged and not ranked", async () => {
    const reversed = editValues(await goldCopiedFromTask2Inputs(), (v) => v.split(" ").reverse().join(" "));
    const { id, systemSlug } = await uploadAndScore("reversed", reversed, "test");
    const stored = (await checkOf(id))!;
    expect(stored.flagged).toBe(true);
    const figures = stored.figures;
    expect(figures.dialogue).toMatchObject({ matchedShare: 1, coveredShare: 1 });
    for (const split of ["test", "full"] as const) {
      const board = await getView(db, TASK_VIEWS.task1, scope(split));
      const row = board.rows.find((r) => r.systemSlug === systemSlug);
      if (split === "full") {
        expect(row).toBeUndefined(); // a test-split upload has no full-board row
        continue;
      }
      expect(row!.cells.f1?.value).toBe(1); // the scorer matches every reversed value...
      expect(row!.flag?.label).toBe("contamination");
      expect(view(board).rows.some((r) => r.systemSlug === systemSlug)).toBe(false); // ...and it is neither listed...
      expect(view(board, { flagged: "1" }).ranks.get(row!.rowId)).toBeNull(); // ...nor ranked
      const overview = await getView(db, OVERVIEW, scope(split));
      expect(view(overview).rows.some((r) => r.systemSlug === systemSlug)).toBe(false);
    }
  });

  test("an honest-like file (invented values, a few true facts in its own words) is not flagged", async () => {
    const gold = await goldCopiedFromTask2Inputs();
    const rows = (await inventedRows("honest")).map((r, k) => {
      const own = (gold[k] as { memory_items: { value: string }[] } | undefined)?.memory_items[0];
      const row = r as { memory_items: object[] };
      // one row in ten also states a true fact, wrapped in its own sentence
      return own && k % 10 === 0 ? { ...row, memory_items: [...row.memory_items, { ...own, value: `It seems that ${own.value}, says the user` }] } : row;
    });
    const { id } = await uploadAndScore("honest", rows, "full");
    const stored = (await checkOf(id))!;
    expect(stored.flagged).toBe(false);
    const figures = stored.figures;
    expect(figures.publicShare).toBeGreaterThan(0);
    expect(figures.publicShare).toBeLessThan(CONTAMINATION_THRESHOLD / 2);
  });

  test("user A's private submission is neither compared with user B's near-copy nor named to B; a public one is", async () => {
    const tag = randomBytes(4).toString("hex");
    const userB = (await db.user.create({ data: { email: `b-${tag}@example.org`, name: `B ${tag}` } })).id;
    const secret = await inventedRows(`secret-${tag}`);
    const a = await uploadAndScore("private-a", secret, "full", undefined, { visibility: "private" });
    const copy = await uploadAndScore(
      "copy-b",
      editValues(secret, (v) => `${v.toUpperCase()}!`),
      "full",
      undefined,
      { ownerId: userB },
    );
    const stored = (await checkOf(copy.id))!.figures;
    expect(stored).toMatchObject({ submissionShare: 0, submissionId: null, flagged: false });
    const asB = await getSubmissionStatus(db, copy.id, { id: userB, role: "user" });
    expect(JSON.stringify(asB)).not.toContain(a.id);
    expect(JSON.stringify(await shownFigures(copy.id, { id: userB, role: "user" }))).not.toContain(a.id);

    // figures stored before this rule (or naming a submission hidden since) lose the name for whoever may not read it
    await db.contamination.update({ where: { submissionId: copy.id }, data: { figures: { ...stored, submissionShare: 1, submissionId: a.id } } });
    for (const viewer of [{ id: userB, role: "user" as const }, null]) {
      expect(await shownFigures(copy.id, viewer)).toMatchObject({ submissionShare: 1, submissionId: null });
    }
    expect((await shownFigures(copy.id, { id: ownerId, role: "user" }))?.submissionId).toBe(a.id);
    expect(JSON.stringify(await getView(db, TASK_VIEWS.task1, scope("full")))).not.toContain(a.id);

    // the same near-copy of a public submission of another system is compared (by skeleton) and named
    const shown = await uploadAndScore("public-a", await inventedRows(`shown-${tag}`), "full");
    const copyOfShown = await uploadAndScore(
      "copy-b2",
      editValues(await inventedRows(`shown-${tag}`), (v) => v.replaceAll("e", "\u0435")),
      "full",
      undefined,
      {
        ownerId: userB,
      },
    );
    const figures = (await checkOf(copyOfShown.id))!.figures;
    expect(figures).toMatchObject({ submissionShare: 1, submissionId: shown.id, flagged: true });
    expect((await shownFigures(copyOfShown.id, null))?.submissionId).toBe(shown.id);
  });
});
