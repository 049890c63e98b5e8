import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { MEAN_RANK, rankRanges, TASKS_COVERED, withOverallRank } from "./overall-rank";
import { readTableQuery } from "./table-state";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

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
function row(id: string, cells: Record<string, [number, number | null, number | null] | null>, kind: LeaderboardRow["kind"] = "general_llm"): LeaderboardRow {
  return testRow(id, {
    kind,
    tier: "rescored",
    cells: Object.fromEntries(
      Object.entries(cells).map(([k, v]) => [k, { value: v?.[0] ?? null, n: 10, ciLow: v?.[1] ?? null, ciHigh: v?.[2] ?? null, judgeProfile: null }]),
    ),
  });
}

const overview = (columns: LeaderboardColumn[], rows: LeaderboardRow[], split = "full"): Leaderboard => ({
  id: "overview",
  title: "",
  split,
  defaultSort: "t1",
  notes: [],
  columns,
  rows,
});

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
    const board = overview(
      [col("t1", "T1"), col("t2", "T2"), col("t3", "T3")],
      [
        row("a", { t1: [0.9, null, null], t2: [0.5, null, null], t3: null }),
        row("b", { t1: [0.8, null, null], t2: [0.6, null, null], t3: [0.1, null, null] }),
        row("c", { t1: [0.7, null, null] }),
      ],
    );
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

describe("the overview ranks full-coverage systems only", () => {
  const board = (rows: LeaderboardRow[]) => overview([col("t1", "T1"), col("t2", "T2"), col("t3j", "T3"), col("t3x", "T3")], rows);
  // Task 3's exact-id recall (t3x) stands in for its judged recall (t3j)
  const parts = ["t1", "t2", ["t3j", "t3x"] as const];
  const v = (x: number): [number, null, null] => [x, null, null];
  const cases: { name: string; rows: LeaderboardRow[]; order: string[]; ranks: (number | null)[]; coverage: number[] }[] = [
    {
      // before: a one-task row (mean rank 1.0 over one task) was #1 above a system with figures on every task
      name: "a one-track row with the best mean does not outrank a full-coverage row",
      rows: [row("one", { t1: v(0.9) }), row("full", { t1: v(0.5), t2: v(0.5), t3j: v(0.5) }), row("full2", { t1: v(0.4), t2: v(0.6), t3j: v(0.4) })],
      order: ["full", "full2", "one"],
      ranks: [1, 2, null],
      coverage: [3, 3, 1],
    },
    {
      // before: an upload on one track tied #1 with a system it shares no track with
      name: "two partial rows that share no track are not ranked against each other, nor above a full one",
      rows: [row("t1only", { t1: v(0.9) }), row("t2only", { t2: v(0.9) }), row("full", { t1: v(0.1), t2: v(0.1), t3j: v(0.1) })],
      order: ["full", "t1only", "t2only"],
      ranks: [1, null, null],
      coverage: [3, 1, 1],
    },
    {
      // before: a Task 3 figure without a judge counted as no Task 3 figure
      name: "Task 3 exact-id recall counts as coverage and places the row on Task 3",
      rows: [row("judged", { t1: v(0.5), t2: v(0.5), t3j: v(0.9) }), row("exact", { t1: v(0.6), t2: v(0.6), t3x: v(0.8) })],
      order: ["exact", "judged"],
      ranks: [1, 2],
      coverage: [3, 3],
    },
    {
      name: "partial rows follow by coverage, then mean rank",
      rows: [row("two", { t1: v(0.2), t2: v(0.2) }), row("one", { t1: v(0.99) }), row("full", { t1: v(0.1), t2: v(0.1), t3j: v(0.1) })],
      order: ["full", "two", "one"],
      ranks: [1, null, null],
      coverage: [3, 2, 1],
    },
    {
      name: "no row with full coverage: nobody is ranked",
      rows: [row("a", { t1: v(0.2), t2: v(0.2) }), row("b", { t1: v(0.9), t3x: v(0.5) })],
      order: ["b", "a"],
      ranks: [null, null],
      coverage: [2, 2],
    },
    {
      name: "a reference baseline is never ranked, takes no track rank from anyone and has no mean rank",
      rows: [
        row("copy", { t1: v(0.99), t2: v(0.99), t3j: v(0.99) }, "baseline"),
        row("x", { t1: v(0.5), t2: v(0.5), t3j: v(0.5) }),
        row("y", { t1: v(0.4), t2: v(0.6), t3j: v(0.4) }),
      ],
      order: ["x", "y", "copy"],
      ranks: [1, 2, null],
      coverage: [3, 3, 3],
    },
  ];
  test.each(cases)("$name", ({ rows, order, ranks, coverage }) => {
    const out = withOverallRank(board(rows), parts);
    const view = applyTableQuery(out, readTableQuery(new URLSearchParams()));
    expect(view.sort.id).toBe(MEAN_RANK);
    expect(view.rows.map((r) => r.rowId)).toEqual(order);
    expect(view.rows.map((r) => view.ranks.get(r.rowId) ?? null)).toEqual(ranks);
    expect(view.rows.map((r) => r.cells[TASKS_COVERED]!.value)).toEqual(coverage);
    // the #1, when there is one, covers every track
    for (const r of view.rows) if (view.ranks.get(r.rowId) === 1) expect(r.cells[TASKS_COVERED]!.value).toBe(3);
  });

  test("the baseline's figures do not push systems down on a track", () => {
    const out = withOverallRank(
      board([row("copy", { t1: v(0.99), t2: v(0.99), t3j: v(0.99) }, "baseline"), row("x", { t1: v(0.5), t2: v(0.5), t3j: v(0.5) })]),
      parts,
    );
    const x = out.rows.find((r) => r.rowId === "x")!;
    expect(x.cells[MEAN_RANK]!.value).toBe(1);
    expect(out.rows.find((r) => r.rowId === "copy")!.cells[MEAN_RANK]!.value).toBeNull();
  });

  test("sorting by another column ranks every row with a figure there", () => {
    const out = withOverallRank(board([row("one", { t1: v(0.9) }), row("full", { t1: v(0.5), t2: v(0.5), t3j: v(0.5) })]), parts);
    const view = applyTableQuery(out, readTableQuery(new URLSearchParams("sort=t1")));
    expect(view.rows.map((r) => [r.rowId, view.ranks.get(r.rowId)])).toEqual([
      ["one", 1],
      ["full", 2],
    ]);
  });
});

describe("the overview's tracks are those some system has figures on", () => {
  test("a track nobody has a figure on (no judge: Task 4) does not keep every row from a rank", () => {
    const board = overview(
      [col("t1", "T1"), col("t2", "T2"), col("t4", "T4")],
      [row("a", { t1: [0.5, null, null], t2: [0.5, null, null] }), row("b", { t1: [0.9, null, null] }), row("z", { t4: [0.9, null, null] }, "baseline")],
      "dev",
    );
    const out = withOverallRank(board, ["t1", "t2", "t4"]);
    const view = applyTableQuery(out, readTableQuery(new URLSearchParams()));
    expect(out.columns.find((c) => c.id === MEAN_RANK)!.coverage).toEqual({ column: TASKS_COVERED, of: 2 });
    expect(view.rows.map((r) => [r.rowId, view.ranks.get(r.rowId)])).toEqual([
      ["a", 1],
      ["b", null],
      ["z", null],
    ]);
  });
});
