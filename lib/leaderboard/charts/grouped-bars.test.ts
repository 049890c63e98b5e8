import { describe, expect, it } from "vitest";
import { barPoints, figureWithInterval, groupedBars } from "./grouped-bars";
import { testBoard } from "@/tests/fixtures/test-board";

const METRICS = [
  { column: "direct_recall", label: "Direct" },
  { column: "indirect_recall", label: "Indirect" },
];

describe("groupedBars", () => {
  it.each([
    {
      name: "sorted by the first metric, best first; rows without any metric dropped",
      rows: [
        { slug: "a", values: { direct_recall: 0.2, indirect_recall: 0.9 } },
        { slug: "b", values: { direct_recall: 0.7, indirect_recall: 0.1 } },
        { slug: "c", values: {} },
      ],
      labels: ["b", "a"],
      values: [
        [0.7, 0.1],
        [0.2, 0.9],
      ],
    },
    {
      name: "a row missing the first metric goes last but keeps its other bar",
      rows: [
        { slug: "a", values: { indirect_recall: 0.9 } },
        { slug: "b", values: { direct_recall: 0.1 } },
      ],
      labels: ["b", "a"],
      values: [
        [0.1, null],
        [null, 0.9],
      ],
    },
  ])("$name", ({ rows, labels, values }) => {
    const bars = groupedBars(testBoard(["direct_recall", "indirect_recall"], rows), METRICS);
    expect(bars.items.map((i) => i.label)).toEqual(labels);
    expect(bars.items.map((i) => i.values)).toEqual(values);
    expect(bars.metrics).toEqual([
      { key: "m0", label: "Direct" },
      { key: "m1", label: "Indirect" },
    ]);
  });

  it("shapes one Recharts point per system with safe keys (names like GPT-5.2 hold dots)", () => {
    const bars = groupedBars(
      testBoard(["direct_recall", "indirect_recall"], [{ slug: "g", name: "GPT-5.2", values: { direct_recall: 0.5, indirect_recall: 0.25 } }]),
      METRICS,
    );
    expect(barPoints(bars)).toEqual([{ label: "GPT-5.2", id: "row-0", m0: 0.5, m1: 0.25 }]);
  });

  it("refuses a metric the view does not carry", () => {
    expect(() => groupedBars(testBoard(["direct_recall"], []), METRICS)).toThrow(/indirect_recall/);
  });
});

describe("groupedBars with many systems", () => {
  it("keeps the best `limit` by the first metric and counts them all", () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ slug: `s${i}`, values: { direct_recall: i / 30, indirect_recall: 0.5 } }));
    const bars = groupedBars(testBoard(["direct_recall", "indirect_recall"], rows), METRICS, 3);
    expect([bars.total, bars.items.map((i) => i.label)]).toEqual([30, ["s29", "s28", "s27"]]);
  });
});

describe("groupedBars intervals", () => {
  it("carries each figure's 95% interval and hands Recharts' ErrorBar the distances below and above the value", () => {
    const board = testBoard(
      ["direct_recall", "indirect_recall"],
      [{ slug: "g", values: { direct_recall: 0.5, indirect_recall: 0.25 }, intervals: { direct_recall: [0.45, 0.56] } }],
    );
    const bars = groupedBars(board, METRICS);
    expect(bars.items[0]!.intervals).toEqual([[0.45, 0.56], null]);
    const [point] = barPoints(bars);
    expect(point!.m0_ci).toEqual([expect.closeTo(0.05, 9), expect.closeTo(0.06, 9)]);
    expect(point).not.toHaveProperty("m1_ci");
  });

  it("writes a figure with its interval for the data table, and the figure alone where there is none", () => {
    expect(figureWithInterval(0.5, [0.45, 0.56])).toBe("0.500 [0.450, 0.560]");
    expect(figureWithInterval(0.5, null)).toBe("0.500");
    expect(figureWithInterval(null, null)).toBe("–");
  });
});
