import { describe, expect, it } from "vitest";
import { cellValue, isPinned, meanOf, mergeReportedRows, requireColumn, seriesKeys, shownNote, tierSummary, topWithPinned } from "./chart-rows";
import { testBoard, type TestRow } from "@/tests/fixtures/test-board";

describe("seriesKeys", () => {
  it.each([
    {
      name: "distinct systems keep their names",
      rows: [
        { slug: "a", name: "A" },
        { slug: "b", name: "B" },
      ],
      labels: ["A", "B"],
      names: ["A", "B"],
    },
    {
      name: "a system with a reported and a re-scored row gets the tier",
      rows: [
        { slug: "a", name: "A", tier: "reported" as const },
        { slug: "a", name: "A", tier: "rescored" as const },
        { slug: "b", name: "B" },
      ],
      labels: ["A (reported)", "A (re-scored)", "B"],
      names: ["A", "A", "B"],
    },
    {
      name: "two re-scored rows of one system are numbered",
      rows: [
        { slug: "a", name: "A", tier: "rescored" as const },
        { slug: "a", name: "A", tier: "rescored" as const },
      ],
      labels: ["A (re-scored)", "A (re-scored) #2"],
      names: ["A", "A #2"],
    },
  ])("$name", ({ rows, labels, names }) => {
    const board = testBoard(
      ["x"],
      rows.map((r) => ({ ...r, values: { x: 1 } })),
    );
    expect(seriesKeys(board.rows).map((k) => k.label)).toEqual(labels);
    // the name a chart writes beside a mark leaves the tier to the mark's legend
    expect(seriesKeys(board.rows).map((k) => k.name)).toEqual(names);
  });
});

describe("cellValue, meanOf, tierSummary, requireColumn", () => {
  const board = testBoard(["x", "y"], [{ slug: "a", values: { x: 0.5, y: null } }]);
  it("reads numbers and treats missing or null cells as null", () => {
    const row = board.rows[0]!;
    expect([cellValue(row, "x"), cellValue(row, "y"), cellValue(row, "z")]).toEqual([0.5, null, null]);
  });
  it.each([
    [[0.2, 0.4, null], 0.3],
    [[null, null], null],
    [[], null],
  ])("meanOf(%j) = %s", (values, mean) => {
    const out = meanOf(values);
    if (mean === null) expect(out).toBeNull();
    else expect(out).toBeCloseTo(mean, 10);
  });
  it.each([
    [[], "no rows"],
    [["rescored", "reported", "reported"], "2 reported, 1 re-scored"],
    [["verified"], "1 verified"],
  ] as const)("tierSummary(%j) = %s", (tiers, text) => expect(tierSummary(tiers)).toBe(text));
  it("names the missing column and the view", () => {
    expect(() => requireColumn(board, "nope")).toThrow(/"nope".*"test"/);
  });
});

type Case = { name: string; rows: TestRow[]; expected: Record<string, number>[] };

describe("mergeReportedRows", () => {
  it.each<Case>([
    {
      name: "two reported sources with different metrics become one row",
      rows: [
        { slug: "a", values: { x: 0.5 } },
        { slug: "b", values: { x: 0.1 } },
        { slug: "a", values: { y: 3.2 } },
      ],
      expected: [{ x: 0.5, y: 3.2 }, { x: 0.1 }],
    },
    {
      name: "two reported sources giving the same metric stay apart",
      rows: [
        { slug: "a", values: { x: 0.5 } },
        { slug: "a", values: { x: 0.6, y: 1 } },
      ],
      expected: [{ x: 0.5 }, { x: 0.6, y: 1 }],
    },
    {
      name: "re-scored rows are never merged",
      rows: [
        { slug: "a", tier: "rescored", values: { x: 0.5 } },
        { slug: "a", tier: "rescored", values: { y: 0.6 } },
        { slug: "a", values: { y: 0.7 } },
      ],
      expected: [{ x: 0.5 }, { y: 0.6 }, { y: 0.7 }],
    },
  ])("$name", ({ rows, expected }) => {
    const merged = mergeReportedRows(testBoard(["x", "y"], rows));
    expect(merged.rows.map((r) => Object.fromEntries(Object.entries(r.cells).map(([k, c]) => [k, c.value])))).toEqual(expected);
    expect(new Set(merged.rows.map((r) => r.rowId)).size).toBe(merged.rows.length);
  });
});

describe("isPinned and topWithPinned", () => {
  it("a merged row is pinned when any of its rows is", () => {
    expect(isPinned("a~reported+b~reported", new Set(["b~reported"]))).toBe(true);
    expect(isPinned("a~reported", new Set(["a~rescored"]))).toBe(false);
  });
  it("keeps the first items and every pinned one, pinned items counting against the limit", () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => ({ n, pinned: n >= 5 }));
    expect(topWithPinned(items, 3).map((i) => i.n)).toEqual([1, 5, 6]);
    expect(topWithPinned(items, 1).map((i) => i.n)).toEqual([5, 6]);
  });
});

describe("shownNote", () => {
  it.each([
    [5, 5, ""],
    [40, 1000, "Showing the top 40 of 1000 systems by F1; the table lists them all. "],
  ])("%s of %s", (shown, total, text) => expect(shownNote(shown, total, "F1")).toBe(text));
});
