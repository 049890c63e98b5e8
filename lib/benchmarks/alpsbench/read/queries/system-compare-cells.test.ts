import { describe, expect, test } from "vitest";
import type { LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { contaminationOnRow } from "@/lib/benchmarks/alpsbench/contamination/row-marks";
import { compareMetric, pickSystemRow } from "./system-compare-cells";

const cell = (value: number | null, ci: [number, number] | null = null, judgeProfile: string | null = null): MetricCell => ({
  value,
  n: 30,
  ciLow: ci?.[0] ?? null,
  ciHigh: ci?.[1] ?? null,
  judgeProfile,
});
const det = { direction: "higher" as const, decimals: 4, kind: "deterministic" as const };

describe("compareMetric", () => {
  test.each([
    { name: "higher is better: the larger value is best", cells: [cell(0.8), cell(0.7)], def: det, best: [0] },
    { name: "higher is better, four systems", cells: [cell(0.6), cell(0.7), cell(0.9), cell(0.1)], def: det, best: [2] },
    { name: "lower is better flips it", cells: [cell(0.6), cell(0.7), cell(0.9)], def: { ...det, direction: "lower" as const }, best: [0] },
    { name: "equal at the displayed precision: both are best", cells: [cell(0.70001), cell(0.70004), cell(0.5)], def: det, best: [0, 1] },
    // 55.055 is shown "55.05" (keyed on the shown string, lib/leaderboard/round.ts shownKey), not 55.06
    { name: "equal as shown, near a half: both are best", cells: [cell(55.055), cell(55.05)], def: { ...det, decimals: 2 }, best: [0, 1] },
    { name: "a missing side is never best", cells: [cell(null), cell(0.7), null, cell(0.2)], def: det, best: [1] },
    { name: "one figure only: nothing to rank", cells: [null, cell(0.7)], def: det, best: [] },
  ])("$name", ({ cells, def, best }) => {
    expect(compareMetric(cells, def).best).toEqual(best);
  });

  test("which intervals overlap the best one", () => {
    const c = compareMetric([cell(0.7, [0.65, 0.76]), cell(0.8, [0.75, 0.85]), cell(0.6, [0.55, 0.74]), cell(0.5), null], det);
    expect(c.best).toEqual([1]);
    // the best itself, a value without an interval and a missing system: null
    expect(c.overlapsBest).toEqual([true, null, false, null, null]);
    // the best without an interval: nothing to overlap
    expect(compareMetric([cell(0.8), cell(0.7, [0.6, 0.9])], det).overlapsBest).toEqual([null, null]);
  });

  test("judge metrics of different profiles are never ranked", () => {
    const judge = { ...det, kind: "judge" as const };
    const c = compareMetric([cell(80, null, "gpt-a"), cell(70, null, "gpt-b"), cell(60, null, "gpt-a")], judge);
    expect(c).toMatchObject({ best: [], note: "different_judge_profiles" });
    expect(compareMetric([cell(80, null, "gpt-a"), cell(70, null, "gpt-a"), null], judge).best).toEqual([0]);
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
  test("re-scored (the server's figures, the reported ones beside) before reported before verified; among equals the last; other systems ignored", () => {
    const rows = [row("1", "x", "verified"), row("2", "x", "reported"), row("3", "y", "rescored"), row("4", "x", "verified")];
    expect(pickSystemRow(rows, "x")?.rowId).toBe("2");
    expect(pickSystemRow([...rows, row("5", "x", "rescored")], "x")?.rowId).toBe("5");
    expect(pickSystemRow(rows.slice(0, 1).concat(rows.slice(3)), "x")?.rowId).toBe("4");
    expect(pickSystemRow(rows, "z")).toBeNull();
  });

  test("a flagged row (contamination, or a copy of another run) is never a system's row: the boards never rank it", () => {
    const copy = { ...row("6", "x", "submitted"), unranked: { reason: 'A copy of "y"' } };
    const flagged = {
      ...row("7", "x", "submitted"),
      // the contamination check's marks as AlpsBench's boards set them
      ...contaminationOnRow({
        values: 1,
        publicShare: 1,
        task2InputShare: 1,
        task3CandidateShare: 1,
        submissionShare: 0,
        submissionId: null,
        threshold: 0.5,
        flagged: true,
      }),
    };
    expect(pickSystemRow([row("1", "x", "verified"), copy, flagged], "x")?.rowId).toBe("1");
    expect(pickSystemRow([copy, flagged], "x")).toBeNull();
  });
});
