import { describe, expect, it } from "vitest";
import { KEPT_ITEMS_MAX, KEPT_ITEMS_MAX_BYTES, keptSubmittedItems } from "./kept-submitted-items";
import { scoreTrack } from "./score-track";

const item = (k: number, value = `likes tea ${k}`) => ({ memory_id: `p${k}`, type: "direct", label: "Preferences/Food", value, confidence: 0.5 });

describe("keptSubmittedItems", () => {
  it("keeps a row's items as submitted, up to the item and byte bounds; beyond them only their number", () => {
    const few = [item(1), "not an object", item(2)];
    expect(keptSubmittedItems(few)).toEqual({ pred: few });
    expect(keptSubmittedItems(Array.from({ length: KEPT_ITEMS_MAX }, (_, k) => item(k)))).toHaveProperty("pred");
    expect(keptSubmittedItems(Array.from({ length: KEPT_ITEMS_MAX + 1 }, (_, k) => item(k)))).toEqual({ predOmitted: KEPT_ITEMS_MAX + 1 });
    expect(keptSubmittedItems([item(1, "x".repeat(KEPT_ITEMS_MAX_BYTES))])).toEqual({ predOmitted: 1 });
  });

  it("scoreTrack keeps them in each Task 1 instance's detail; a missing row keeps nothing", () => {
    const gold = { memory_items: [item(1)] };
    const result = scoreTrack(
      "task1",
      [
        { benchmarkId: "a", input: null, gold },
        { benchmarkId: "b", input: null, gold },
      ],
      [{ line: 1, value: { benchmark_id: "a", memory_items: [item(1), item(2)] } }],
    );
    expect(result.instances[0]!.detail.pred).toEqual([item(1), item(2)]);
    expect(result.instances[1]!.detail).not.toHaveProperty("pred");
    expect(result.instances[1]!.detail).not.toHaveProperty("predOmitted");
  });
});
