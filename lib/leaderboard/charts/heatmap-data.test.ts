import { describe, expect, it } from "vitest";
import { cellTitle, colourCells } from "./heatmap-data";

describe("colourCells intervals", () => {
  it("keeps each figure's interval for the cell's title; a figure without one says so, a missing figure has none", () => {
    const cells = colourCells([0.41, 0.5, null], [0, 1], 2, [[0.371, 0.452], null, [0, 1]]);
    expect(cells.map((c) => c.interval ?? null)).toEqual([[0.371, 0.452], null, null]);
    expect(cells.map((c) => cellTitle(c, 2))).toEqual(["0.41, 95% CI [0.37, 0.45]", "0.50 (no interval)", "no figure"]);
  });
});
