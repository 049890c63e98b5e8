import { describe, expect, it } from "vitest";
import { ABILITY_AXES, EI_DIMENSIONS, abilityProfiles, eiDimensions, likertToUnit } from "./ability-profile";
import { testBoard } from "@/tests/fixtures/test-board";

const COLUMNS = [...ABILITY_AXES.map((a) => a.column), ...EI_DIMENSIONS.map((d) => d.column)];

describe("abilityProfiles", () => {
  const board = testBoard(COLUMNS, [
    {
      slug: "full",
      values: Object.fromEntries(ABILITY_AXES.map((a) => [a.column, a.scale === "likert5" ? 5 : 1])),
    },
    { slug: "partial", values: { "task4/ability1:score": 0.5, "task4/ability3:score": 0.3, "task4/ability5:ei_en": 3 } },
    { slug: "too-few", values: { "task4/ability1:score": 0.9, "task4/ability3:score": 0.9 } },
  ]);
  const { profiles, sources } = abilityProfiles(board);

  it("keeps rows with at least three abilities, best mean first", () => {
    expect(profiles.map((p) => p.label)).toEqual(["full", "partial"]);
    expect(sources).toBe("2 reported");
  });

  it("puts EI's 1–5 rating on the 0–1 axis and keeps the raw figure", () => {
    const ei = profiles[1]!.axes.find((a) => a.axis === "EI EN")!;
    expect(ei).toEqual({ axis: "EI EN", raw: 3, plotted: 0.5 });
    expect(profiles[0]!.axes.every((a) => a.plotted === 1)).toBe(true);
  });

  it("draws a missing ability at 0 but reports it as missing", () => {
    const pf = profiles[1]!.axes.find((a) => a.axis === "PF")!;
    expect(pf).toEqual({ axis: "PF", raw: null, plotted: 0 });
    expect(profiles[1]!.mean).toBeCloseTo((0.5 + 0.3 + 0.5) / 3, 10);
  });

  it.each([
    [1, 0],
    [3, 0.5],
    [5, 1],
    [0, 0],
    [6, 1],
  ])("likertToUnit(%s) = %s", (v, out) => expect(likertToUnit(v)).toBe(out));
});

describe("eiDimensions", () => {
  it("is a systems × six-dimension heat map on the rating scale, best mean first", () => {
    const values = (base: number) => Object.fromEntries(EI_DIMENSIONS.map((d, i) => [d.column, base + i / 10]));
    const { heatmap } = eiDimensions(
      testBoard(COLUMNS, [
        { slug: "low", values: values(2) },
        { slug: "high", values: values(3.5) },
        { slug: "none", values: {} },
      ]),
    );
    expect(heatmap.rows.map((r) => r.label)).toEqual(["high", "low"]);
    expect(heatmap.columns.map((c) => c.label)).toEqual(["Resonation EN", "Expression EN", "Reception EN", "Resonation ZH", "Expression ZH", "Reception ZH"]);
    expect(heatmap.rows[0]!.cells.map((c) => c.text)).toEqual(["3.50", "3.60", "3.70", "3.80", "3.90", "4.00"]);
    expect(heatmap.domain).toEqual([2, 4]);
  });
});
