import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { withOverallRank, MEAN_RANK } from "./overall-rank";
import { oneRowPerSystem } from "./one-row-per-system";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import type { Leaderboard, LeaderboardRow } from "./types";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

const column = (id: string) => ({
  id,
  label: id,
  description: "",
  direction: "higher" as const,
  decimals: 2,
  scale: "hundred" as const,
  kind: "deterministic" as const,
});
const board = (rows: LeaderboardRow[], columns = ["a", "b"]): Leaderboard => ({
  id: "t",
  title: "t",
  split: "full",
  defaultSort: columns[0]!,
  notes: [],
  columns: columns.map(column),
  rows,
});
const reported = (slug: string, cells: LeaderboardRow["cells"]) =>
  testRow(`${slug}~reported`, { systemSlug: slug, systemName: slug, sourceLabel: "Paper Table 2", cells });
const rescored = (slug: string, cells: LeaderboardRow["cells"]) =>
  testRow(`${slug}~rescored`, { systemSlug: slug, systemName: slug, tier: "rescored", submissionId: `seed-${slug}`, cells });

describe("one row per system", () => {
  const rows = [
    reported("gemini", { a: testCell(70), b: testCell(0.9) }),
    rescored("gemini", { a: testCell(68, { ci: 1 }) }),
    reported("deepseek", { a: testCell(65), b: testCell(0.8) }),
    rescored("deepseek", { a: testCell(66, { ci: 1 }) }),
    reported("paper-only", { a: testCell(50) }),
  ];

  test("a system with reported figures and a re-scored run stands once: the server's figure (with its CI) ranks, the reported one beside it, named", () => {
    const merged = oneRowPerSystem(board(rows));
    expect(merged.rows.map((r) => r.rowId)).toEqual(["gemini~rescored", "deepseek~rescored", "paper-only~reported"]);
    const gemini = merged.rows[0]!;
    expect(gemini.reported).toEqual({ sourceLabel: "Paper Table 2", sourceUrl: null });
    expect(gemini.cells.a).toMatchObject({ value: 68, ciLow: 67, ciHigh: 69, otherReported: { value: 70, source: "Paper Table 2" } });
    // where the server has no figure the reported one stands in, marked as such
    expect(gemini.cells.b).toMatchObject({ value: 0.9, reportedBy: "Paper Table 2" });
    const view = applyTableQuery(merged, DEFAULT_TABLE_QUERY);
    expect(view.rows.map((r) => [r.systemSlug, view.ranks.get(r.rowId)])).toEqual([
      ["gemini", 1],
      ["deepseek", 2],
      ["paper-only", 3],
    ]);
  });

  test("a flagged re-scored run is not merged, and boards without a pair come back unchanged", () => {
    const flagged = rescored("gemini", { a: testCell(68) });
    flagged.flag = { label: "a check", detail: "what it found" };
    const b = board([rows[0]!, flagged]);
    expect(oneRowPerSystem(b)).toBe(b);
  });

  test("the overview's mean rank counts each system once", () => {
    // an upload better than both on both tracks is #1; without the merge each paper system was ranked twice per track
    const upload = testRow("new~submitted", {
      systemSlug: "new",
      systemName: "new",
      tier: "submitted",
      submissionId: "u1",
      cells: { a: testCell(90), b: testCell(0.95) },
    });
    const ranked = withOverallRank(oneRowPerSystem(board([...rows.slice(0, 4), upload])), ["a", "b"]);
    const mean = Object.fromEntries(ranked.rows.map((r) => [r.systemSlug, r.cells[MEAN_RANK]!.value]));
    expect(mean).toEqual({ gemini: 2, deepseek: 3, new: 1 });
  });
});
