import { describe, expect, it } from "vitest";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import { linePoints, niceDomain, poolScalingCharts } from "./pool-scaling";
import { testBoard } from "@/tests/fixtures/test-board";

const COLUMNS = POOL_SIZES.flatMap((s) => [`task3/d${s}:judge_recall`, `task3/d${s}:recall`]);
const judge = (values: (number | null)[]) => Object.fromEntries(POOL_SIZES.map((s, i) => [`task3/d${s}:judge_recall`, values[i] ?? null]));
const exact = (values: (number | null)[]) => Object.fromEntries(POOL_SIZES.map((s, i) => [`task3/d${s}:recall`, values[i] ?? null]));

describe("poolScalingCharts", () => {
  const board = testBoard(COLUMNS, [
    { slug: "low", name: "Low", values: judge([0.5, 0.4, 0.3, 0.2, 0.1]) },
    { slug: "high", name: "High", values: judge([0.9, 0.8, 0.8, 0.7, 0.6]) },
    { slug: "bm25", name: "BM25", tier: "rescored", values: exact([0.62, 0.5, null, 0.4, 0.3]) },
    { slug: "none", name: "Nothing", values: {} },
  ]);
  const charts = poolScalingCharts(board);

  it("makes one chart per recall metric that has values, judge recall first", () => {
    expect(charts.map((c) => [c.metric, c.series.map((s) => s.label)])).toEqual([
      ["judge_recall", ["High", "Low"]],
      ["recall", ["BM25"]],
    ]);
  });

  it("sorts rows by mean recall over the pool sizes present", () => {
    expect(charts[0]!.series.map((s) => s.mean)).toEqual([expect.closeTo(0.76, 10), expect.closeTo(0.3, 10)]);
    expect(charts[1]!.series[0]!.mean).toBeCloseTo((0.62 + 0.5 + 0.4 + 0.3) / 4, 10);
  });

  it("gives the heat map one cell per system and pool size with the value printed", () => {
    const heat = charts[0]!.heatmap;
    expect(heat.columns.map((c) => c.label)).toEqual(["d100", "d300", "d500", "d700", "d1000"]);
    expect(heat.rows.flatMap((r) => r.cells)).toHaveLength(2 * 5);
    expect(heat.rows[0]!.cells.map((c) => c.text)).toEqual(["0.900", "0.800", "0.800", "0.700", "0.600"]);
    expect(heat.domain).toEqual([0.1, 0.9]);
    // the extremes of the domain get the extremes of the scale
    expect(heat.rows[0]!.cells[0]!.background).toBe("#fde725");
    expect(heat.rows[1]!.cells[4]!.background).toBe("#440154");
  });

  it("leaves a missing pool size uncoloured with a dash", () => {
    expect(charts[1]!.heatmap.rows[0]!.cells[2]).toEqual({ value: null, text: "–", background: null, color: null });
  });

  it("says where the figures come from", () => {
    expect(charts.map((c) => c.sources)).toEqual(["2 reported", "1 re-scored"]);
  });

  it("shapes points per pool size for the line chart", () => {
    expect(linePoints(charts[1]!)).toEqual([
      { pool: 100, s2: 0.62 },
      { pool: 300, s2: 0.5 },
      { pool: 500, s2: null },
      { pool: 700, s2: 0.4 },
      { pool: 1000, s2: 0.3 },
    ]);
  });

  it("returns no chart for a board without recall", () => {
    expect(poolScalingCharts(testBoard(COLUMNS, [{ slug: "a", values: {} }]))).toEqual([]);
  });

  it("refuses a board that is not Task 3's view", () => {
    expect(() => poolScalingCharts(testBoard(["f1"], []))).toThrow(/task3\/d100:judge_recall/);
  });
});

describe("niceDomain", () => {
  it.each([
    [
      [0.31, 0.88],
      [0, 1],
      [0.3, 0.9],
    ],
    [[0.5], [0, 1], [0.4, 0.6]],
    [[], [0, 1], [0, 1]],
    [
      [1, 1],
      [0, 1],
      [0.9, 1],
    ],
    [
      [3.21, 4.46],
      [1, 5],
      [3.2, 4.5],
    ],
  ] as [number[], [number, number], [number, number]][])("niceDomain(%j, %j) = %j", (values, bounds, out) => {
    const [lo, hi] = niceDomain(values, bounds);
    expect(lo).toBeCloseTo(out[0], 10);
    expect(hi).toBeCloseTo(out[1], 10);
  });
});

describe("poolScalingCharts with many systems", () => {
  it("draws the best `limit` systems and counts them all", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ slug: `s${i}`, values: judge([i / 100, i / 100, i / 100, i / 100, i / 100]) }));
    const [chart] = poolScalingCharts(testBoard(COLUMNS, rows), 10);
    expect(chart!.total).toBe(50);
    expect(chart!.series.map((s) => s.label)).toEqual(Array.from({ length: 10 }, (_, i) => `s${49 - i}`));
    expect(chart!.heatmap.rows).toHaveLength(10);
  });
});
