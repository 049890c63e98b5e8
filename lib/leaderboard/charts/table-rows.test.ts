import { describe, expect, it } from "vitest";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { readTableQuery } from "@/lib/leaderboard/table-state";
import { groupedBars } from "./grouped-bars";
import { eiDimensions, EI_DIMENSIONS } from "@/lib/benchmarks/alpsbench/read/charts/ability-profile";
import { poolScalingCharts } from "@/lib/benchmarks/alpsbench/read/charts/pool-scaling";
import { precisionRecall } from "@/lib/benchmarks/alpsbench/read/charts/precision-recall";
import { chartRows, filterNote } from "./table-rows";
import { testBoard } from "@/tests/fixtures/test-board";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";

/** 45 systems, every fifth a memory system from "Acme", F1 falling with the index. */
function board() {
  const b = testBoard(
    ["precision", "recall", "f1", "direct_recall", "indirect_recall"],
    Array.from({ length: 45 }, (_, i) => ({
      slug: `s${i}`,
      name: `System ${i}`,
      values: { precision: 0.9 - i / 100, recall: 0.8 - i / 100, f1: 0.85 - i / 100, direct_recall: 0.5, indirect_recall: 0.4 },
    })),
  );
  b.rows.forEach((row, i) => {
    if (i % 5 === 0) Object.assign(row, { kind: "memory_system", organisation: "Acme" });
  });
  return b;
}

const query = (params: Record<string, string>) => readTableQuery(new URLSearchParams(params));

describe("chartRows: the charts draw the table's rows", () => {
  it("applies the table's filters and search: the chart's rows are exactly the table's", () => {
    const q = query({ kind: "memory_system" });
    const { board: rows } = chartRows(board(), q);
    expect(rows.rows.map((r) => r.rowId)).toEqual(applyTableQuery(board(), q).rows.map((r) => r.rowId));
    expect(precisionRecall(rows).points.map((p) => p.label)).toEqual([
      "System 0",
      "System 5",
      "System 10",
      "System 15",
      "System 20",
      "System 25",
      "System 30",
      "System 35",
      "System 40",
    ]);
    expect(precisionRecall(chartRows(board(), query({ q: "system 4" })).board).points.map((p) => p.label)).toEqual([
      "System 4",
      "System 40",
      "System 41",
      "System 42",
      "System 43",
      "System 44",
    ]);
  });

  it("always draws a pinned row, even one the filter hides or the chart's limit would cut, and marks it", () => {
    const q = query({ kind: "memory_system", pin: "row-44,row-43" });
    const { board: rows, pinned } = chartRows(board(), q);
    expect([...pinned].sort()).toEqual(["row-43", "row-44"]);
    const scatter = precisionRecall(rows, 3, pinned);
    // the two pinned rows (worst F1 of all, one not even a memory system) and the best remaining one
    expect(scatter.points.map((p) => [p.label, p.pinned])).toEqual([
      ["System 43", true],
      ["System 44", true],
      ["System 0", false],
    ]);
    const bars = groupedBars(rows, [{ column: "direct_recall", label: "Direct" }], 3, pinned);
    expect(
      bars.items
        .filter((i) => i.pinned)
        .map((i) => i.label)
        .sort(),
    ).toEqual(["System 43", "System 44"]);
    expect(bars.items).toHaveLength(3);
  });

  it("draws the table's page of rows (50) unless all=1", () => {
    const many = testBoard(
      ["precision", "recall", "f1"],
      Array.from({ length: 70 }, (_, i) => ({ slug: `s${i}`, values: { precision: 0.5, recall: 0.5, f1: 1 - i / 100 } })),
    );
    expect(chartRows(many, query({})).board.rows).toHaveLength(50);
    expect(chartRows(many, query({ all: "1" })).board.rows).toHaveLength(70);
  });

  it("the heat maps follow too: Task 3's and the EI heat map keep pinned rows and only matching ones", () => {
    const t3 = testBoard(
      POOL_SIZES.flatMap((s) => [`task3/d${s}:judge_recall`, `task3/d${s}:recall`]),
      Array.from({ length: 6 }, (_, i) => ({ slug: `s${i}`, values: Object.fromEntries(POOL_SIZES.map((s) => [`task3/d${s}:judge_recall`, 0.9 - i / 10])) })),
    );
    t3.rows[5]!.tier = "rescored";
    const { board: rows, pinned } = chartRows(t3, query({ tier: "reported", pin: "row-5" }));
    const heat = poolScalingCharts(rows, 2, pinned)[0]!.heatmap;
    expect(heat.rows.map((r) => [r.label, r.pinned])).toEqual([
      ["s0", false],
      ["s5", true],
    ]);
    const ei = testBoard(
      EI_DIMENSIONS.map((d) => d.column),
      [
        { slug: "a", values: { [EI_DIMENSIONS[0].column]: 4 } },
        { slug: "b", values: { [EI_DIMENSIONS[0].column]: 3 } },
      ],
    );
    const one = chartRows(ei, query({ q: "b" }));
    expect(eiDimensions(one.board, 40, one.pinned).heatmap.rows.map((r) => r.label)).toEqual(["b"]);
  });

  it("says in the caption what is drawn", () => {
    expect(filterNote(query({}), 0)).toBe("");
    expect(filterNote(query({ q: "gpt" }), 2)).toBe(
      "Drawn: the rows matching the table's search and filters, and 2 pinned rows (always drawn where they have figures, named in bold and outlined). ",
    );
  });
});
