import { describe, expect, it } from "vitest";
import { f1Isoline, precisionRecall } from "./precision-recall";
import { testBoard } from "@/tests/fixtures/test-board";

describe("precisionRecall", () => {
  it("keeps systems with both figures, best F1 first", () => {
    const board = testBoard(
      ["precision", "recall", "f1"],
      [
        { slug: "a", values: { precision: 0.3, recall: 0.4, f1: 0.34 } },
        { slug: "b", tier: "rescored", values: { precision: 0.8, recall: 0.7, f1: 0.75 } },
        { slug: "c", values: { precision: 0.5 } },
        { slug: "d", values: { precision: 0.2, recall: 0.2 } },
      ],
    );
    const out = precisionRecall(board);
    expect(out.points.map((p) => [p.label, p.precision, p.recall, p.f1, p.tier])).toEqual([
      ["b", 0.8, 0.7, 0.75, "rescored"],
      ["a", 0.3, 0.4, 0.34, "reported"],
      ["d", 0.2, 0.2, null, "reported"],
    ]);
    expect(out.sources).toBe("2 reported, 1 re-scored");
  });
});

describe("f1Isoline", () => {
  it.each([0.2, 0.5, 0.8])("every point of the F1 = %s curve has that F1, and it spans recall 1 to precision 1", (f) => {
    const line = f1Isoline(f);
    for (const { precision: p, recall: r } of line) expect((2 * p * r) / (p + r)).toBeCloseTo(f, 10);
    expect(line[0]!.recall).toBeCloseTo(1, 10);
    expect(line.at(-1)!.precision).toBe(1);
  });
  it.each([0, 1, -0.5, Number.NaN])("refuses F1 = %s", (f) => expect(() => f1Isoline(f)).toThrow(/0 < f < 1/));
});
