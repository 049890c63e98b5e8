import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { baselineVersusReported, markBelowBaseline } from "./baseline-marks";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import { viewCsv, viewRecords } from "./to-table";
import type { Leaderboard, LeaderboardRow } from "./types";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

// a reference row of the benchmark's (AlpsBench's copy-the-input): the marks take its slug from the benchmark
const COPY_INPUT_SLUG = "baseline-copy-input";

function row(slug: string, score: number | null, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return testRow(`${slug}~${over.tier ?? "reported"}`, { systemSlug: slug, systemName: slug, cells: { score: testCell(score) }, ...over });
}

const board = (rows: LeaderboardRow[]): Leaderboard => ({
  id: "task2",
  title: "Task 2",
  split: "dev",
  defaultSort: "score",
  notes: [],
  columns: [{ id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "deterministic" }],
  rows,
});

const copy = (score: number) => row(COPY_INPUT_SLUG, score, { kind: "baseline", tier: "rescored", systemName: "Copy the input (baseline)" });

describe("reference baselines on a board", () => {
  test("a reference row is drawn where its figure puts it, takes no rank, and pushes nobody down", () => {
    const view = applyTableQuery(board([row("llm-a", 81.49), copy(83.9), row("llm-b", 80.91), row("upload", 90, { tier: "submitted" })]), DEFAULT_TABLE_QUERY);
    expect(view.rows.map((r) => [r.systemSlug, view.ranks.get(r.rowId)])).toEqual([
      ["upload", 1],
      [COPY_INPUT_SLUG, null],
      ["llm-a", 2],
      ["llm-b", 3],
    ]);
    const records = viewRecords(view);
    expect(records.find((r) => r.system_slug === COPY_INPUT_SLUG)).toMatchObject({ rank: null, kind: "baseline" });
    expect(viewCsv(view)).toMatch(/\nCopy the input \(baseline\),|,Copy the input \(baseline\),/);
  });

  const cases: { name: string; score: number | null; tier: LeaderboardRow["tier"]; below: boolean }[] = [
    { name: "an upload below copy-the-input", score: 70, tier: "submitted", below: true },
    { name: "an upload equal at the precision shown", score: 83.904, tier: "submitted", below: true },
    { name: "an upload that beats it", score: 83.91, tier: "verified", below: false },
    { name: "a reported LLM below it", score: 81.49, tier: "reported", below: true },
    { name: "a row without a figure", score: null, tier: "submitted", below: false },
  ];
  test.each(cases)("$name", ({ score, tier, below }) => {
    const marked = markBelowBaseline(board([copy(83.9), row("x", score, { tier })]), COPY_INPUT_SLUG, "score");
    const x = marked.rows.find((r) => r.systemSlug === "x")!;
    expect(x.belowBaseline ?? null).toEqual(below ? { system: "Copy the input (baseline)", column: "score", value: 83.9 } : null);
    expect(marked.rows.find((r) => r.systemSlug === COPY_INPUT_SLUG)!.belowBaseline ?? null).toBeNull();
    const record = viewRecords(applyTableQuery(marked, DEFAULT_TABLE_QUERY)).find((r) => r.system_slug === "x")!;
    expect(record.below_baseline).toBe(below ? "Copy the input (baseline)" : null);
  });

  test("a board without the baseline is unchanged", () => {
    const b = board([row("x", 10)]);
    expect(markBelowBaseline(b, COPY_INPUT_SLUG, "score")).toBe(b);
  });
});

describe("baselineVersusReported", () => {
  test("counts the reported rows the baseline beats and names the best one", () => {
    const b = board([copy(83.9), row("gpt", 81.49), row("ds", 80.91), row("up", 95, { tier: "submitted" })]);
    expect(baselineVersusReported(b, COPY_INPUT_SLUG, "score")).toEqual({
      baseline: { name: "Copy the input (baseline)", value: 83.9 },
      reported: 2,
      beaten: 2,
      best: { name: "gpt", value: 81.49 },
    });
    expect(baselineVersusReported(board([copy(50), row("gpt", 81.49), row("ds", 50.001)]), COPY_INPUT_SLUG, "score")).toMatchObject({ reported: 2, beaten: 0 });
    expect(baselineVersusReported(board([row("gpt", 81.49)]), COPY_INPUT_SLUG, "score")).toBeNull();
  });
});
