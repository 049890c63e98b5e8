import { describe, expect, test } from "vitest";
import type { LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { compareCells, pickSystemRow } from "./system-compare-cells";

const cell = (value: number | null, ci: [number, number] | null = null, judgeProfile: string | null = null): MetricCell => ({
  value,
  n: 30,
  ciLow: ci?.[0] ?? null,
  ciHigh: ci?.[1] ?? null,
  judgeProfile,
});
const det = { direction: "higher" as const, decimals: 4, kind: "deterministic" as const };

describe("compareCells", () => {
  test.each([
    { name: "higher is better: A wins", a: cell(0.8), b: cell(0.7), def: det, winner: "a", difference: 0.1 },
    { name: "higher is better: B wins", a: cell(0.6), b: cell(0.7), def: det, winner: "b", difference: -0.1 },
    { name: "lower is better flips the winner", a: cell(0.6), b: cell(0.7), def: { ...det, direction: "lower" as const }, winner: "a", difference: -0.1 },
    { name: "equal at the displayed precision is a tie", a: cell(0.70001), b: cell(0.70004), def: det, winner: "tie", difference: -0.00003 },
    { name: "a missing side: no winner, no difference", a: cell(null), b: cell(0.7), def: det, winner: null, difference: null },
    { name: "no cell at all", a: null, b: cell(0.7), def: det, winner: null, difference: null },
  ])("$name", ({ a, b, def, winner, difference }) => {
    const c = compareCells(a, b, def);
    expect(c.winner).toBe(winner);
    if (difference === null) expect(c.difference).toBeNull();
    else expect(c.difference).toBeCloseTo(difference, 10);
  });

  test("interval overlap", () => {
    expect(compareCells(cell(0.8, [0.75, 0.85]), cell(0.7, [0.65, 0.76]), det).ciOverlap).toBe(true);
    expect(compareCells(cell(0.8, [0.77, 0.85]), cell(0.7, [0.65, 0.76]), det).ciOverlap).toBe(false);
    expect(compareCells(cell(0.8), cell(0.7, [0.65, 0.76]), det).ciOverlap).toBeNull();
  });

  test("judge metrics of different profiles are never ranked", () => {
    const judge = { ...det, kind: "judge" as const };
    const c = compareCells(cell(80, null, "gpt-a"), cell(70, null, "gpt-b"), judge);
    expect(c).toMatchObject({ winner: null, note: "different_judge_profiles", difference: 10 });
    expect(compareCells(cell(80, null, "gpt-a"), cell(70, null, "gpt-a"), judge).winner).toBe("a");
  });
});

describe("pickSystemRow", () => {
  const row = (rowId: string, systemSlug: string, tier: LeaderboardRow["tier"]): LeaderboardRow => ({
    rowId,
    systemSlug,
    systemName: systemSlug,
    organisation: null,
    kind: "general_llm",
    backbone: null,
    openWeights: null,
    tier,
    sourceLabel: null,
    sourceUrl: null,
    note: null,
    submissionId: rowId,
    cells: {},
  });
  test("reported before verified before re-scored; among equals the last; other systems ignored", () => {
    const rows = [row("1", "x", "rescored"), row("2", "x", "verified"), row("3", "y", "reported"), row("4", "x", "verified")];
    expect(pickSystemRow(rows, "x")?.rowId).toBe("4");
    expect(pickSystemRow([...rows, row("5", "x", "reported")], "x")?.rowId).toBe("5");
    expect(pickSystemRow(rows, "z")).toBeNull();
  });
});
