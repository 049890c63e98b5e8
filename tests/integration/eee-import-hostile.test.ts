import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { alpsBenchEee } from "@/lib/benchmarks/alpsbench/eee/hook";
import { getTrackLeaderboard } from "@/lib/benchmarks/alpsbench/read/queries/leaderboard";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { importAggregate, type ImportOptions } from "@/lib/eee/import-aggregate";
import { importEeeFiles } from "@/lib/eee/import-files";
import { createTestDatabase } from "../test-database";
import { scratchDir } from "@/tests/helpers/scratch-dir";

/**
 * Issue 30 items 3 and 4: `alpsbench import-eee` trusted the whole file. Each hostile file below printed "imported 1
 * record(s), 0 problem(s)" on 942294c: off-scale figures, a "reported" row on a reference baseline, a row written
 * into another user's private system, look-alike and RLO names, a re-import that moved a row; a record of 20,000
 * results died on Prisma's 5 s transaction and stopped the folder. A fresh database of its own: a reported system
 * "GPT-5.2" (OpenAI), a baseline "Copy the input (baseline)" and a user's private system, on the run's PostgreSQL (one more
 * database there costs far less than a second cluster).
 */
let db: Db;
let dispose: () => Promise<void>;
const DATA = "alpsbench-v1";

beforeAll(async () => {
  const fresh = await createTestDatabase("eee-hostile", { serverUrl: inject("databaseUrl") });
  dispose = fresh.dispose;
  db = createPrismaClient(fresh.url);
  const version = await alpsBenchEee.ensureDataVersion(db, DATA);
  const gpt = await db.system.create({ data: { slug: "gpt-5-2", name: "GPT-5.2", organisation: "OpenAI", kind: "general_llm" } });
  await db.submission.create({
    data: {
      systemId: gpt.id,
      benchmarkVersionId: version.id,
      tracks: ["task1"],
      split: "full",
      source: "reported",
      status: "done",
      sourceLabel: "AlpsBench paper (Table 2)",
    },
  });
  await db.system.create({ data: { slug: "copy-the-input", name: "Copy the input (baseline)", kind: "baseline" } });
  const user = await db.user.create({ data: { email: "eee-hostile-owner@example.org" } });
  const secret = await db.system.create({ data: { slug: "secret-a1b2c3", name: "Secret System", kind: "memory_system", ownerId: user.id } });
  await db.submission.create({
    data: {
      systemId: secret.id,
      benchmarkVersionId: version.id,
      tracks: ["task1"],
      split: "dev",
      source: "upload",
      status: "done",
      visibility: "private",
      ownerId: user.id,
    },
  });
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  await dispose?.();
});

type Result = { track?: string; metric?: string; score: number; n?: number; ci?: [number, number] };
let nth = 0;
/** A sound record of Task 1 figures; `model` and `results` vary per case. */
function record(
  model: { name: string; id?: string; developer?: string; slug?: string },
  results: Result[] = [{ score: 0.42, n: 90, ci: [0.4, 0.45] }],
  id?: string,
) {
  nth += 1;
  return {
    schema_version: "0.2.1",
    evaluation_id: id ?? `hostile/${nth}`,
    retrieved_timestamp: "1764288000",
    source_metadata: {
      source_name: "Example Lab blog",
      source_type: "documentation",
      source_organization_name: "Example Lab",
      evaluator_relationship: "first_party",
    },
    eval_library: { name: "somewhere", version: "1" },
    model_info: {
      name: model.name,
      id: model.id ?? `example/${model.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      ...(model.developer ? { developer: model.developer } : {}),
      ...(model.slug ? { additional_details: { system_slug: model.slug } } : {}),
    },
    evaluation_results: results.map((r) => ({
      evaluation_name: `AlpsBench ${r.track ?? "task1"} ${r.metric ?? "f1"}`,
      source_data: { dataset_name: "AlpsBench", source_type: "other" },
      metric_config: { lower_is_better: false, additional_details: { track: r.track ?? "task1", metric: r.metric ?? "f1" } },
      score_details: {
        score: r.score,
        ...(r.n !== undefined || r.ci
          ? { uncertainty: { ...(r.n !== undefined ? { num_samples: r.n } : {}), ...(r.ci ? { confidence_interval: { lower: r.ci[0], upper: r.ci[1] } } : {}) } }
          : {}),
      },
    })),
  };
}
const run = (json: unknown, options: ImportOptions = {}) => importAggregate(db, alpsBenchEee, DATA, "hostile.json", json, options);
const rowsOf = async (slug: string) => (await getTrackLeaderboard(db, "task1", { benchmark: DATA, split: "full" })).rows.filter((r) => r.systemSlug === slug);

describe("every figure is checked against its column", () => {
  test.each([
    ["F1 7.5 (a 0-1 column)", { score: 7.5 }, "score_details.score"],
    ["an interval [9, -9]", { score: 0.5, ci: [9, -9] as [number, number] }, "confidence_interval"],
    ["an interval that does not hold the score", { score: 0.5, ci: [0.6, 0.7] as [number, number] }, "confidence_interval"],
    ["n = -5", { score: 0.5, n: -5 }, "num_samples"],
    ["n = 0", { score: 0.5, n: 0 }, "num_samples"],
    ["a Likert figure of 0 (a 1-5 column)", { track: "task4/ability5", metric: "ei_en", score: 0 }, "score_details.score"],
  ])("%s is refused, field named, nothing written", async (_label, result, field) => {
    const before = await db.submission.count();
    const outcome = await run(record({ name: `Honest Model ${nth}`, developer: "Example Lab" }, [result]));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]).toMatchObject({ file: "hostile.json", field: expect.stringContaining(field) });
    expect(await db.submission.count()).toBe(before);
  });
});

describe("a record never attaches to an existing system unasked, never to a baseline or a user's system", () => {
  test("system_slug gpt-5-2 is refused; --system gpt-5-2 attaches, labelled a claim of its source, not 'reported'", async () => {
    const unasked = await run(record({ name: "GPT-5.2", slug: "gpt-5-2" }));
    expect(unasked).toMatchObject({ ok: false, problems: [{ field: "model_info", message: expect.stringContaining("--system gpt-5-2") }] });
    const asked = await run(record({ name: "GPT-5.2" }, [{ score: 0.75, n: 90, ci: [0.7, 0.8] }]), { system: "gpt-5-2" });
    expect(asked).toMatchObject({ ok: true, systemSlug: "gpt-5-2" });
    const claimed = (await rowsOf("gpt-5-2")).filter((r) => r.cells.f1?.value === 0.75);
    expect(claimed.map((r) => [r.tier, r.sourceLabel])).toEqual([["claimed", "Example Lab blog"]]);
    const stored = await db.submission.findUniqueOrThrow({ where: { id: asked.ok ? asked.submissionId : "" } });
    expect(stored).toMatchObject({ evaluatorRelationship: "first_party", sourceType: "documentation" });
  });

  test("--reported: the operator says the figures are the authors' reported ones", async () => {
    const result = await run(record({ name: `Paper Model ${nth}`, developer: "Example Lab" }, [{ score: 0.31 }]), { reported: true });
    expect(result.ok).toBe(true);
    if (result.ok) expect((await rowsOf(result.systemSlug)).map((r) => r.tier)).toEqual(["reported"]);
  });

  test("the copy-the-input baseline: refused by slug and by --system", async () => {
    expect(await run(record({ name: "Copy the input", slug: "copy-the-input" }))).toMatchObject({ ok: false });
    expect(await run(record({ name: "Copy the input" }), { system: "copy-the-input" })).toMatchObject({
      ok: false,
      problems: [{ field: "--system", message: expect.stringContaining("baseline") }],
    });
    expect(await db.submission.count({ where: { system: { slug: "copy-the-input" } } })).toBe(0);
  });

  test("another user's private system: refused by slug and by --system; it stays private", async () => {
    expect(await run(record({ name: "Retraction notice", slug: "secret-a1b2c3" }))).toMatchObject({ ok: false });
    expect(await run(record({ name: "Retraction notice" }), { system: "secret-a1b2c3" })).toMatchObject({ ok: false, problems: [{ field: "--system" }] });
    const rows = await db.submission.findMany({ where: { system: { slug: "secret-a1b2c3" } }, select: { visibility: true } });
    expect(rows).toEqual([{ visibility: "private" }]);
  });
});

describe("names go through the uploads' checks", () => {
  test.each([
    ["RLO", { name: "Evil\u202eledoM", developer: "Example Lab" }, "model_info.name"],
    ["GPT\u20115.2 (U+2011)", { name: "GPT\u20115.2", id: "x/gpt-5-2-nb" }, "model_info.name"],
    ["\u041epenai organisation", { name: `Another Model ${nth}`, developer: "\u041epenai" }, "model_info.developer"],
    ["a row label: GPT-5.2 (reported)", { name: "GPT-5.2 (reported)", id: "x/gpt-5-2-reported" }, "model_info.name"],
  ])("%s is refused", async (_label, model, field) => {
    const outcome = await run(record(model));
    expect(outcome).toMatchObject({ ok: false, problems: [{ field }] });
  });
});

describe("a re-import never moves a row", () => {
  test("the same evaluation_id with another system is refused; the same file again changes nothing", async () => {
    const first = await run(record({ name: "Mover Model", slug: "mover-model" }, undefined, "hostile/mover"));
    expect(first).toMatchObject({ ok: true, systemSlug: "mover-model" });
    expect(await run(record({ name: "Mover Model", slug: "mover-model" }, undefined, "hostile/mover"))).toMatchObject({ ok: true, systemSlug: "mover-model" });
    const moved = await run(record({ name: "Mover Two", slug: "mover-two" }, undefined, "hostile/mover"));
    expect(moved).toMatchObject({ ok: false, problems: [{ field: "evaluation_id", message: expect.stringContaining("never moves") }] });
    expect(await run(record({ name: "Mover Model" }, undefined, "hostile/mover"), { system: "gpt-5-2" })).toMatchObject({ ok: false });
    const sub = await db.submission.findUniqueOrThrow({ where: { id: first.ok ? first.submissionId : "" }, select: { system: { select: { slug: true } } } });
    expect(sub.system.slug).toBe("mover-model");
  });
});

describe("bounded: a file size cap, a results-per-record cap, a bad record does not stop the folder", () => {
  test("20,000 results and a 9 MB file are refused cleanly; the next file is imported", async () => {
    const dir = scratchDir("eee-hostile-");
    mkdirSync(path.join(dir, "sub"));
    const many = Array.from({ length: 20_000 }, (_, i) => ({ score: (i % 100) / 100 }));
    writeFileSync(path.join(dir, "a-many.json"), JSON.stringify(record({ name: "Many Results", developer: "Example Lab" }, many)));
    const big = record({ name: "Big File", developer: "Example Lab" });
    writeFileSync(path.join(dir, "b-big.json"), JSON.stringify(big) + " ".repeat(9 * 1024 * 1024));
    writeFileSync(path.join(dir, "sub", "c-good.json"), JSON.stringify(record({ name: "After The Bad Ones", developer: "Example Lab" })));
    const result = await importEeeFiles(db, alpsBenchEee, DATA, dir);
    expect(result.imported.map((r) => path.basename(r.file))).toEqual(["c-good.json"]);
    expect(result.problems.map((p) => [path.basename(p.file), p.field])).toEqual([
      ["a-many.json", "evaluation_results"],
      ["b-big.json", "(file)"],
    ]);
    expect(result.problems.every((p) => !/transaction|prisma/i.test(p.message))).toBe(true);
  });
});
