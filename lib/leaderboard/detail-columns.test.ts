import { describe, expect, test } from "vitest";
import { detailLabel, detailShown, shownColumns, toggleDetail } from "./detail-columns";
import { DEFAULT_TABLE_QUERY } from "./table-state";

const headline = [{ id: "score" }, { id: "win" }];
const details = [
  { id: "z_a", detail: true, group: "Mean z per reward model" },
  { id: "z_b", detail: true, group: "Mean z per reward model" },
];
const board = [...headline, ...details];
const ids = (columns: readonly { id: string }[]) => columns.map((c) => c.id);

describe("detail columns", () => {
  test.each([
    ["folded by default", {}, ["score", "win"]],
    ["shown when asked for (detail=1)", { detail: "1" as const }, ["score", "win", "z_a", "z_b"]],
    ["shown when the reader chose columns by name (cols)", { cols: ["score", "z_b"] }, ["score", "win", "z_a", "z_b"]],
    ["shown when the table is sorted by one of them", { sort: "z_a" }, ["score", "win", "z_a", "z_b"]],
    ["folded when sorted by a headline column", { sort: "win" }, ["score", "win"]],
  ])("%s", (_, query, expected) => {
    expect(ids(shownColumns(board, { ...DEFAULT_TABLE_QUERY, ...query }))).toEqual(expected);
  });

  test("a board without detail columns shows them all, and has no toggle", () => {
    expect(ids(shownColumns(headline, DEFAULT_TABLE_QUERY))).toEqual(["score", "win"]);
    expect(detailShown(headline, DEFAULT_TABLE_QUERY)).toBe(false);
    expect(detailLabel(headline)).toBeNull();
  });

  test("a board of detail columns only shows them (nothing else to show)", () => {
    expect(ids(shownColumns(details, DEFAULT_TABLE_QUERY))).toEqual(["z_a", "z_b"]);
  });

  test("the toggle is named after the detail columns' group, or generically when they have none or several", () => {
    expect(detailLabel(board)).toBe("Mean z per reward model");
    expect(detailLabel([...board, { id: "z_c", detail: true }])).toBe("Detail columns");
  });
});

describe("toggleDetail", () => {
  const query = DEFAULT_TABLE_QUERY;
  test("folded: shows them (detail=1), and adds them to a `cols` choice", () => {
    expect(toggleDetail(board, headline, query)).toMatchObject({ detail: "1", cols: [] });
    expect(toggleDetail(board, [headline[0]!], { ...query, cols: ["score"] })).toMatchObject({ detail: "1", cols: ["score", "z_a", "z_b"] });
  });
  test("shown: folds them, drops them from `cols` and a sort on one of them", () => {
    expect(toggleDetail(board, board, { ...query, detail: "1" })).toMatchObject({ detail: "0", cols: [] });
    const sorted = toggleDetail(board, board, { ...query, sort: "z_b", dir: "asc" });
    expect(sorted).toMatchObject({ detail: "0", cols: [] });
    expect(sorted.sort).toBeUndefined();
    expect(sorted.dir).toBeUndefined();
    expect(toggleDetail(board, [headline[1]!, details[0]!], { ...query, sort: "win", cols: ["win", "z_a"] })).toMatchObject({
      detail: "0",
      cols: ["win"],
      sort: "win",
    });
  });
});
