import { describe, expect, test } from "vitest";
import { candidatePositions, copyInputRows, emptyMemoryRows, emptyPickRows, RANDOM_BASELINE_SEED } from "./reference-predictions";

describe("reference baseline predictions", () => {
  test("copy-the-input returns each instance's input memory items exactly as given", () => {
    const memory = [{ memory_id: "m1", type: "direct", label: "Preferences/Food", value: "likes tea", confidence: 0.9, reasoning: "kept" }];
    expect(
      copyInputRows([
        { benchmarkId: "a", input: { memory, dialogue: [] } },
        { benchmarkId: "b", input: null },
      ]),
    ).toEqual([
      { benchmark_id: "a", memory_items: memory },
      { benchmark_id: "b", memory_items: [] },
    ]);
  });

  test("empty rows predict nothing", () => {
    expect(emptyMemoryRows(["a"])).toEqual([{ benchmark_id: "a", memory_items: [] }]);
    expect(emptyPickRows(["a"])).toEqual([{ benchmark_id: "a", selected_memory_id: null }]);
  });

  test("first candidate is position 0; random positions are in range, seeded (the same on every call) and not all equal", () => {
    const pools = Array.from({ length: 200 }, (_, k) => ({ benchmarkId: `q${k}`, size: k % 7 === 0 ? 0 : 1 + (k % 50) }));
    expect(candidatePositions(pools, "first")).toEqual(pools.map((p) => (p.size === 0 ? null : 0)));
    const random = candidatePositions(pools, { random: RANDOM_BASELINE_SEED });
    expect(candidatePositions(pools, { random: RANDOM_BASELINE_SEED })).toEqual(random);
    random.forEach((position, k) => {
      if (pools[k]!.size === 0) expect(position).toBeNull();
      else expect(position! >= 0 && position! < pools[k]!.size).toBe(true);
    });
    expect(new Set(random.filter((p) => p !== null)).size).toBeGreaterThan(5);
    expect(candidatePositions(pools, { random: "another seed" })).not.toEqual(random);
  });
});
