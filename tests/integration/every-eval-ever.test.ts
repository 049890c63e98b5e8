import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { alpsBenchEee } from "@/lib/benchmarks/alpsbench/eee/hook";
import { createPrismaClient } from "@/lib/db/create-client";
import { aggregatesOf } from "@/lib/eee/export-aggregate";
import { eeeZipFiles } from "@/lib/eee/export-zip";
import { sha256Hex } from "@/lib/eee/sha256";
import { instanceFile, instancesOfBoards } from "@/lib/eee/export-instances";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { importAggregate } from "@/lib/eee/import-aggregate";
import type { EeeBoard } from "@/lib/eee/hook";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import { parse } from "yaml";
import { publicOrigin } from "@/lib/http/public-origin";
import { createTestDatabase } from "../test-database";

/**
 * Every Eval Ever out and in (issue 23 item 3): the export of the real-data board (alpsbench-v1, full: the
 * published figures) validates against the vendored JSON Schema subset, and a record imported into a fresh database
 * gives the same reported row.
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const schemaDir = path.resolve(import.meta.dirname, "../../lib/eee/schema");
const ajv = new Ajv({ allErrors: true, strict: false });
const validateAggregate = ajv.compile(JSON.parse(readFileSync(path.join(schemaDir, "eval.schema.json"), "utf8")));
const validateInstance = ajv.compile(JSON.parse(readFileSync(path.join(schemaDir, "instance_level_eval.schema.json"), "utf8")));
const scope = { dataVersion: "alpsbench-v1", split: "full" } as const;

/** A row as the board shows it, for comparing a row before export and after import. */
function shown(row: LeaderboardRow) {
  return {
    systemSlug: row.systemSlug,
    systemName: row.systemName,
    organisation: row.organisation,
    kind: row.kind,
    tier: row.tier,
    sourceLabel: row.sourceLabel,
    sourceUrl: row.sourceUrl,
    cells: Object.fromEntries(
      Object.entries(row.cells).map(([id, c]) => [id, { value: c.value, n: c.n, ciLow: c.ciLow, ciHigh: c.ciHigh, judgeProfile: c.judgeProfile }]),
    ),
  };
}

function rowsOf(boards: readonly EeeBoard[], rowId: string) {
  return boards.flatMap((b) => b.board.rows.filter((r) => r.rowId === rowId).map((r) => ({ track: b.track, row: shown(r) })));
}

describe("Every Eval Ever export", () => {
  test("every record of the real-data board validates against eval.schema.json; the zip's sha256 list matches its files", async () => {
    const boards = await alpsBenchEee.boards(db, scope);
    const records = aggregatesOf(alpsBenchEee, boards, new Date("2026-11-26T00:00:00Z"), "https://example.org");
    expect(records.length).toBeGreaterThanOrEqual(18);
    for (const { path: file, record } of records) {
      const valid = validateAggregate(record);
      expect(valid, `${file}: ${JSON.stringify(validateAggregate.errors)}`).toBe(true);
      expect(record.evaluation_results.length).toBeGreaterThan(0);
      expect(record.source_metadata.source_type).toBe("documentation");
    }
    // a judge metric says so, with its judge
    const judged = records.flatMap((r) => r.record.evaluation_results).find((r) => r.metric_config.llm_scoring);
    expect(judged?.metric_config.llm_scoring?.judges[0]?.model_info.name).toBeTruthy();

    const files = eeeZipFiles(alpsBenchEee, boards, { retrievedAt: new Date("2026-11-26T00:00:00Z"), siteUrl: "https://example.org" });
    const listed = files["checksums.sha256"]!.trimEnd().split("\n");
    expect(listed).toHaveLength(Object.keys(files).length - 1);
    for (const line of listed) {
      const [hash, name] = line.split("  ");
      expect(sha256Hex(files[name!]!), name).toBe(hash);
    }
    const yamlName = Object.keys(files).find((f) => f.startsWith("hf_eval_results/") && f.includes("/.eval_results/"))!;
    const entries = parse(files[yamlName]!) as { dataset: { id: string; task_id: string }; value: number; date: string; source: { url: string } }[];
    expect(entries[0]).toMatchObject({ dataset: { id: "AlpsBench" } });
    expect(entries[0]!.source.url).toMatch(/^https:\/\/example\.org\//);
    expect(entries[0]!.dataset.task_id).toMatch(/^task\d/);
    expect(entries[0]!.date).toBe("2026-11-26");
  });

  test("an exported record imported into a fresh database gives the same reported row", async () => {
    const boards = await alpsBenchEee.boards(db, scope);
    const records = aggregatesOf(alpsBenchEee, boards, new Date(), "https://example.org");
    // a record with a judge figure and an interval, if any, else the largest
    const pick = [...records].sort((a, b) => b.record.evaluation_results.length - a.record.evaluation_results.length)[0]!;
    const rowId = pick.record.source_metadata.additional_details!.row_id!;
    const before = rowsOf(boards, rowId);
    expect(before.length).toBeGreaterThan(0);

    const fresh = await createTestDatabase("eee-import", { serverUrl: inject("databaseUrl") });
    const freshDb = createPrismaClient(fresh.url);
    try {
      // through JSON text, as a file carries it
      // the operator says these are the authors' reported figures (--reported); without it the row is a claim
      const imported = await importAggregate(freshDb, alpsBenchEee, "alpsbench-v1", pick.path, JSON.parse(JSON.stringify(pick.record)), { reported: true });
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
      if (!imported.ok) return;
      const submission = await freshDb.submission.findUniqueOrThrow({ where: { id: imported.submissionId } });
      expect(submission).toMatchObject({ source: "reported", evaluatorRelationship: null, sourceType: null });
      const after = rowsOf(await alpsBenchEee.boards(freshDb, scope), imported.submissionId);
      expect(after).toEqual(before);
      // importing it again changes nothing
      expect((await importAggregate(freshDb, alpsBenchEee, "alpsbench-v1", pick.path, pick.record, { reported: true })).ok).toBe(true);
      expect(await freshDb.submission.count()).toBe(1);
    } finally {
      await freshDb.$disconnect();
      await fresh.dispose();
    }
  });

  test("a bad record is refused with its file and field named, and nothing is written", async () => {
    const boards = await alpsBenchEee.boards(db, scope);
    const { record } = aggregatesOf(alpsBenchEee, boards, new Date(), "https://example.org")[0]!;
    const bad = { ...record, source_metadata: { ...record.source_metadata, evaluator_relationship: "friend" } };
    const result = await importAggregate(db, alpsBenchEee, "alpsbench-v1", "bad.json", bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatchObject({ file: "bad.json", field: "source_metadata.evaluator_relationship" });
    const unknownMetric = {
      ...record,
      evaluation_results: [{ ...record.evaluation_results[0]!, metric_config: { lower_is_better: false, additional_details: { track: "task1", metric: "nope" } } }],
    };
    const second = await importAggregate(db, alpsBenchEee, "alpsbench-v1", "odd.json", unknownMetric);
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.problems[0]).toMatchObject({ file: "odd.json", field: "evaluation_results.0" });
  });
});

/**
 * The per-item JSONL (instance_level_eval) on a benchmark of its own: 6 dev and 3 test Task 1 instances, one
 * upload that published its predictions and one that did not, both scored by the real pipeline.
 */
describe("Every Eval Ever per-item JSONL", () => {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const slug = `eee-items-${stamp}`;
  const SECRET = `secret-test-gold-${stamp}`;
  const instances = Array.from({ length: 9 }, (_, i) => {
    const split = i < 6 ? ("dev" as const) : ("test" as const);
    const value = split === "test" ? `${SECRET} ${i}` : `likes tea number ${i}`;
    return { benchmarkId: `item_${i}`, split, gold: { memory_items: [{ memory_id: "m1", type: "direct", label: "Preferences/Food", value, confidence: 0.9 }] } };
  });
  const ids: Record<"published" | "unpublished" | "held" | "rejected" | "flagged", string> = { published: "", unpublished: "", held: "", rejected: "", flagged: "" };
  // a board of its own has no reported row to compare with, so the review rule holds every upload a moderator has
  // not approved (lib/leaderboard/review-hold.ts); the contamination check's figures as a flagged run stores them
  const contamination = {
    values: 3,
    publicShare: 0.9,
    task2InputShare: 0.9,
    task3CandidateShare: 0,
    submissionShare: 0,
    submissionId: null,
    threshold: 0.5,
    flagged: true,
  };

  beforeAll(async () => {
    const benchmark = await db.benchmarkVersion.create({ data: { slug, name: "EEE items", description: "test", source: "test" } });
    for (const inst of instances) {
      await db.instance.create({
        data: {
          benchmarkVersionId: benchmark.id,
          trackId: "task1",
          benchmarkId: inst.benchmarkId,
          split: inst.split,
          input: { dialogue: [{ role: "user", text: `hello ${inst.benchmarkId}` }] },
          contentHash: `${slug}-${inst.benchmarkId}`,
          gold: { create: { gold: inst.gold } },
        },
      });
    }
    // every other instance predicted right, the rest with a wrong item
    const predictions = instances.map((inst, i) => ({
      benchmark_id: inst.benchmarkId,
      memory_items: i % 2 === 0 ? inst.gold.memory_items : [{ memory_id: "x", type: "direct", label: "Zz/Qq", value: "zebra quantum", confidence: 0.1 }],
    }));
    const file = predictions.map((p) => JSON.stringify(p)).join("\n") + "\n";
    for (const which of ["published", "unpublished", "held", "rejected", "flagged"] as const) {
      const system = await db.system.create({ data: { slug: `${slug}-${which}`, name: `EEE ${which}`, kind: "general_llm" } });
      const decision =
        which === "held"
          ? {}
          : which === "rejected"
            ? { reviewDecision: "rejected" as const, reviewNote: "a copy of the gold" }
            : { reviewDecision: "approved" as const, reviewNote: `checked ${which}` };
      const submission = await db.submission.create({
        data: {
          systemId: system.id,
          benchmarkVersionId: benchmark.id,
          tracks: ["task1"],
          split: "full",
          source: "upload",
          status: "done",
          scorerVersion: SCORER_VERSION,
          publishPredictions: which !== "unpublished",
          ...decision,
          ...(which === "flagged" ? { contamination: { create: { figures: contamination, flagged: true } } } : {}),
          fileBytes: gzipSync(Buffer.from(file)),
          fileSize: file.length,
        },
      });
      ids[which] = submission.id;
      const result = scoreTrack(
        "task1",
        instances.map((i) => ({ benchmarkId: i.benchmarkId, input: null, gold: i.gold })),
        predictions.map((value, k) => ({ line: k + 1, value })),
      );
      await db.$transaction((tx) => persistTrackScore(tx, submission.id, benchmark.id, result), { timeout: 60_000 });
    }
  }, 120_000);

  afterAll(async () => {
    await db.benchmarkVersion.deleteMany({ where: { slug } }).catch(() => undefined);
  });

  test("a published row gets one valid line per public instance, checksummed in its record; test instances and unpublished rows get none", async () => {
    const boards = await alpsBenchEee.boards(db, { dataVersion: slug, split: "full" });
    const instancesByRow = await instancesOfBoards(db, alpsBenchEee, boards);
    expect([...instancesByRow.keys()]).toEqual([ids.published]);
    const files = eeeZipFiles(alpsBenchEee, boards, { retrievedAt: new Date("2026-11-26T00:00:00Z"), siteUrl: "https://example.org", instances: instancesByRow });

    const jsonlNames = Object.keys(files).filter((f) => f.endsWith(".jsonl"));
    expect(jsonlNames).toHaveLength(1);
    const recordName = jsonlNames[0]!.replace(/\.samples\.jsonl$/, ".json");
    const record = JSON.parse(files[recordName]!) as import("@/lib/eee/types").EeeAggregate;
    expect(validateAggregate(record), JSON.stringify(validateAggregate.errors)).toBe(true);
    const text = files[jsonlNames[0]!]!;
    expect(record.detailed_evaluation_results).toMatchObject({ format: "jsonl", hash_algorithm: "sha256", checksum: sha256Hex(text), total_rows: 6 });
    expect(jsonlNames[0]!.endsWith(`/${record.detailed_evaluation_results!.file_path}`)).toBe(true);

    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { sample_id: string; evaluation: { score: number; is_correct: boolean }; evaluation_id: string });
    for (const line of lines) expect(validateInstance(line), JSON.stringify(validateInstance.errors)).toBe(true);
    expect(lines.map((l) => l.sample_id)).toEqual(instances.filter((i) => i.split === "dev").map((i) => i.benchmarkId));
    expect(lines.every((l) => l.evaluation_id === record.evaluation_id)).toBe(true);
    expect(lines.map((l) => l.evaluation.is_correct)).toEqual([true, false, true, false, true, false]);
    // no test instance, no test gold, anywhere in the download
    expect(JSON.stringify(files)).not.toContain(SECRET);
    expect(text).not.toContain("item_6");
    // the zip's own list covers the JSONL too
    expect(files["checksums.sha256"]).toContain(`${sha256Hex(text)}  ${jsonlNames[0]}`);
  });

  test("the per-row bound cuts the file and the record says so", async () => {
    const found = await alpsBenchEee.instances!(db, ids.published, 2);
    expect(found).toMatchObject({ total: 6 });
    expect(found!.items).toHaveLength(2);
    const boards = await alpsBenchEee.boards(db, { dataVersion: slug, split: "full" });
    const { record } = aggregatesOf(alpsBenchEee, boards, new Date(), "").find((r) => r.record.source_metadata.additional_details?.row_id === ids.published)!;
    const { text, detailed } = instanceFile(record, found!, "row.samples.jsonl");
    expect(text.trimEnd().split("\n")).toHaveLength(2);
    expect(detailed).toMatchObject({ total_rows: 2, additional_details: { public_instances: "6", truncated: "the first 2 of 6 public instances" } });
    expect(await alpsBenchEee.instances!(db, ids.unpublished, 10)).toBeNull();
  });

  test("every link carries the configured origin, every mark is exported, and a held, rejected or flagged row is no result", async () => {
    const origin = publicOrigin({ PUBLIC_BASE_URL: "https://board.example/", AUTH_URL: undefined, HOST: "127.0.0.1", PORT: 4700 });
    const boards = await alpsBenchEee.boards(db, { dataVersion: slug, split: "full" });
    // the board itself shows all five, with their marks
    const shownRows = boards.flatMap((b) => b.board.rows).map((r) => r.rowId);
    for (const id of Object.values(ids)) expect(shownRows).toContain(id);
    const files = eeeZipFiles(alpsBenchEee, boards, {
      retrievedAt: new Date("2026-11-26T00:00:00Z"),
      siteUrl: origin,
      instances: await instancesOfBoards(db, alpsBenchEee, boards),
    });
    const records = Object.entries(files)
      .filter(([name]) => name.startsWith("every_eval_ever/") && name.endsWith(".json"))
      .map(([, text]) => JSON.parse(text) as import("@/lib/eee/types").EeeAggregate);
    expect(records.map((r) => r.source_metadata.additional_details?.row_id).sort()).toEqual([ids.published, ids.unpublished].sort());
    // nothing of the held, rejected and flagged rows anywhere in the download: no record, no JSONL, no YAML
    const everything = JSON.stringify(files);
    for (const which of ["held", "rejected", "flagged"] as const) {
      expect(everything).not.toContain(ids[which]);
      expect(everything).not.toContain(`${slug}-${which}`);
    }
    const published = records.find((r) => r.source_metadata.additional_details?.row_id === ids.published)!;
    expect(validateAggregate(published), JSON.stringify(validateAggregate.errors)).toBe(true);
    expect(published.source_metadata.additional_details).toMatchObject({
      review_state: "approved",
      review_note: "checked published",
      system_url: `https://board.example/systems/${slug}-published`,
      pack_url: `https://board.example/api/v1/submissions/${ids.published}/pack`,
      items_url: `https://board.example/submissions/${ids.published}#instances-title`,
    });
    const yamlName = Object.keys(files).find((f) => f.startsWith(`hf_eval_results/${slug}-published/`))!;
    const entries = parse(files[yamlName]!) as { source: { url: string }; notes: string }[];
    expect(entries[0]!.source.url).toBe(`https://board.example/systems/${slug}-published`);
    expect(entries[0]!.notes).toContain("review approved (checked published)");
    // no link of the download names another server than the configured one
    const urls = everything.match(/https?:\/\/[^"\\\s]+/g) ?? [];
    const ours = urls.filter((u) => !u.startsWith("https://github.com/"));
    expect(ours.length).toBeGreaterThan(0);
    for (const url of ours) expect(url).toMatch(/^https:\/\/board\.example\//);
    expect(everything).not.toContain("localhost");
  });
});
