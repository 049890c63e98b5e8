import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { DEFAULT_TABLE_QUERY } from "@/lib/leaderboard/table-state";
import { viewCsv, viewRecords } from "@/lib/leaderboard/to-table";
import { OVERVIEW, TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { seed } from "@/lib/db/seed";
import { REPORTED_SYSTEMS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";
import { requireSharedData, SHARED_DATA_DIR } from "../shared-data";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const scope = { benchmark: "alpsbench-v1", split: "full" } as const;

describe("reported figures", () => {
  test("the overview has one reported row per reported system: 7 LLMs, 2 retrieval baselines, 9 memory-system rows", async () => {
    const board = await getView(db, OVERVIEW, scope);
    const reported = board.rows.filter((r) => r.tier === "reported");
    const byKind = (kind: string) =>
      reported
        .filter((r) => r.kind === kind)
        .map((r) => r.systemName)
        .sort();
    expect(byKind("general_llm")).toHaveLength(7);
    expect(byKind("retrieval_baseline")).toEqual(["BM25 (nltk)", "all-MiniLM-L6-v2"].sort());
    expect(byKind("memory_system")).toEqual(
      ["A-Mem", "EverMemOS", "Ground-truth memory (oracle)", "LightMem", "Mem0", "Mem0g", "MemOS", "MemOS (no dialogue)", "MemoryOS"].sort(),
    );
    for (const row of reported) {
      expect(row.sourceUrl, row.systemName).toMatch(/^https:\/\//);
      expect(row.sourceLabel, row.systemName).toBeTruthy();
    }
  });

  // The transcription is checked against the published CSVs themselves, wherever they are available.
  test.runIf(requireSharedData)("every Task 1 and Task 2 figure on the site equals the official leaderboard's CSV", async () => {
    const siteColumn: Record<string, string> = {
      "GPT-5.2": "gpt-5-2",
      "GPT-4.1-mini": "gpt-4-1-mini",
      "DeepSeek Reasoner": "deepseek-v3-2-thinking",
      "gemini-3-flash-preview": "gemini-3-flash",
      "llama-4-maverick": "llama-4-maverick",
      "claude-sonnet-4-5-20250929": "claude-sonnet-4-5",
      "Qwen3-max": "qwen3-max",
    };
    const metricOf: Record<string, string> = { accuracy: "precision", recall: "recall", f1: "f1", "llm judge (ds chat)": "judge_score", score: "algo_score_100" };
    for (const task of ["task1", "task2"] as const) {
      const csv = parse(readFileSync(path.join(SHARED_DATA_DIR, "reported", `${task}-metrics.csv`)), { columns: true }) as Record<string, string>[];
      const board = await getView(db, TASK_VIEWS[task], scope);
      let compared = 0;
      for (const line of csv) {
        for (const [column, slug] of Object.entries(siteColumn)) {
          const row = board.rows.find((r) => r.systemSlug === slug && r.tier === "reported");
          const metric = metricOf[line.Metric!]!;
          expect(row?.cells[metric]?.value, `${task} ${slug} ${metric}`).toBe(Number(line[column]));
          compared += 1;
        }
      }
      expect(compared).toBe(35);
    }
  });

  test("where the paper contradicts the shown figure, the cell keeps it, the hover data and the CSV carry the paper's", async () => {
    const board = await getView(db, TASK_VIEWS.task1, scope);
    const gpt = board.rows.find((r) => r.systemSlug === "gpt-5-2" && r.tier === "reported")!;
    expect(gpt.cells.f1).toMatchObject({ value: 0.3853, otherReported: { value: 0.672, source: "AlpsBench paper, Table 2" } });
    expect(gpt.cells.precision?.otherReported ?? null).toBeNull();
    const view = applyTableQuery(board, DEFAULT_TABLE_QUERY);
    const record = viewRecords(view).find((r) => r.system_slug === "gpt-5-2" && r.tier === "reported")!;
    expect(record).toMatchObject({ f1: 0.3853, f1__paper_value: 0.672, f1__paper_source: "AlpsBench paper, Table 2" });
    const csv = parse(viewCsv(view), { bom: true, columns: true }) as Record<string, string>[];
    const line = csv.find((r) => r["System id"] === "gpt-5-2" && r.Tier === "reported")!;
    expect(line).toMatchObject({ F1: "0.3853", "F1 paper value": "0.6720", "F1 paper source": "AlpsBench paper, Table 2" });
    // the overview's Task 1 F1 column too (a multi-track view copies the cell)
    const overview = await getView(db, OVERVIEW, scope);
    const inOverview = overview.rows.find((r) => r.systemSlug === "gpt-5-2" && r.tier === "reported")!;
    expect(Object.values(inOverview.cells).filter((c) => c.otherReported).length).toBeGreaterThan(0);
  });

  test("judge figures name the judge profile; deterministic ones do not", async () => {
    const board = await getView(db, TASK_VIEWS.task1, scope);
    const gpt = board.rows.find((r) => r.systemSlug === "gpt-5-2" && r.tier === "reported");
    expect(gpt?.cells.judge_score?.judgeProfile).toMatch(/AlpsBench authors' judge/);
    expect(gpt?.cells.f1?.judgeProfile).toBeNull();
  });

  test("Task 4 shows each system once per tier: the official site's abilities and the paper's EI values in one row", async () => {
    const board = await getView(db, TASK_VIEWS.task4, scope);
    const reported = board.rows.filter((r) => r.tier === "reported");
    const perSystem = new Map<string, number>();
    for (const row of reported) perSystem.set(row.systemSlug, (perSystem.get(row.systemSlug) ?? 0) + 1);
    expect([...perSystem.entries()].filter(([, n]) => n > 1)).toEqual([]);
    const gpt = reported.find((r) => r.systemSlug === "gpt-5-2");
    expect(gpt?.cells["task4/ability1:score"]?.value).toEqual(expect.any(Number));
    expect(gpt?.cells["task4/ability5:ei_en"]?.value).toEqual(expect.any(Number));
    expect(gpt?.cells["task4/ability5:resonation_en"]?.value).toBe(2.88);
    // ranked on the first column like every other row (was: an unranked second row with only EI values)
    const table = applyTableQuery(board, DEFAULT_TABLE_QUERY);
    expect(table.ranks.get(gpt!.rowId)).toEqual(expect.any(Number));
  });

  test("seeding again changes nothing", async () => {
    const before = await Promise.all([db.system.count(), db.submission.count(), db.score.count(), db.judgeProfile.count()]);
    await seed(db);
    const after = await Promise.all([db.system.count(), db.submission.count(), db.score.count(), db.judgeProfile.count()]);
    expect(after).toEqual(before);
    expect(before[0]).toBeGreaterThanOrEqual(REPORTED_SYSTEMS.length);
  });
});
