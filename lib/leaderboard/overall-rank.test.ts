import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { MEAN_RANK, rankRanges, TASKS_COVERED, withOverallRank } from "./overall-rank";
import { readTableQuery } from "./table-state";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

const col = (id: string, group: string): LeaderboardColumn => ({
  id,
  label: "Score",
  description: "",
  direction: "higher",
  decimals: 2,
  scale: "unit",
  kind: "deterministic",
  group,
});
function row(id: string, cells: Record<string, [number, number | null, number | null] | null>): LeaderboardRow {
  return {
    rowId: id,
    systemSlug: id,
    systemName: id,
    organisation: null,
    kind: "general_llm",
    backbone: null,
    openWeights: null,
    tier: "rescored",
    sourceLabel: null,
    sourceUrl: null,
    note: null,
    submissionId: null,
    cells: Object.fromEntries(
      Object.entries(cells).map(([k, v]) => [k, { value: v?.[0] ?? null, n: 10, ciLow: v?.[1] ?? null, ciHigh: v?.[2] ?? null, judgeProfile: null }]),
    ),
  };
}

describe("rank ranges from confidence intervals", () => {
  test("overlapping intervals widen a rank into a range; separated ones do not", () => {
    const c = col("t1", "T1");
    const rows = [
      row("a", { t1: [0.9, 0.88, 0.92] }),
      row("b", { t1: [0.8, 0.7, 0.89] }),
      row("c", { t1: [0.75, 0.72, 0.78] }),
      row("d", { t1: [0.5, 0.45, 0.55] }),
    ];
    const ranges = rankRanges(rows, c);
    expect(ranges.get("a")).toEqual({ rank: 1, best: 1, worst: 2 });
    expect(ranges.get("b")).toEqual({ rank: 2, best: 1, worst: 3 });
    expect(ranges.get("c")).toEqual({ rank: 3, best: 2, worst: 3 });
    expect(ranges.get("d")).toEqual({ rank: 4, best: 4, worst: 4 });
  });
});

describe("overall mean rank", () => {
  test("mean over the tasks a system has figures for, with the count", () => {
    const board: Leaderboard = {
      id: "overview",
      title: "",
      split: "full",
      defaultSort: "t1",
      notes: [],
      columns: [col("t1", "T1"), col("t2", "T2"), col("t3", "T3")],
      rows: [
        row("a", { t1: [0.9, null, null], t2: [0.5, null, null], t3: null }),
        row("b", { t1: [0.8, null, null], t2: [0.6, null, null], t3: [0.1, null, null] }),
        row("c", { t1: [0.7, null, null] }),
      ],
    };
    const out = withOverallRank(board, ["t1", "t2", "t3"]);
    const cell = (id: string, c: string) => out.rows.find((r) => r.rowId === id)!.cells[c]!;
    expect(cell("a", MEAN_RANK).value).toBe(1.5); // 1st on t1, 2nd on t2
    expect(cell("a", TASKS_COVERED).value).toBe(2);
    expect(cell("b", MEAN_RANK).value).toBeCloseTo(4 / 3); // 2, 1, 1
    expect(cell("b", TASKS_COVERED).value).toBe(3);
    expect(cell("c", MEAN_RANK).value).toBe(3);
    expect(cell("c", MEAN_RANK).ciLow).toBeNull();
    // the overview is ranked by the mean rank by default, and its columns come first
    expect(out.columns.map((c) => c.id).slice(0, 2)).toEqual([MEAN_RANK, TASKS_COVERED]);
    expect(out.defaultSort).toBe(MEAN_RANK);
    const view = applyTableQuery(out, readTableQuery(new URLSearchParams()));
    expect(view.sort).toEqual({ id: MEAN_RANK, desc: false });
    expect(view.rows.map((r) => r.rowId)).toEqual(["b", "a", "c"]);
    expect(view.ranks.get("b")).toBe(1);
  });
});
