import { describe, expect, test } from "vitest";
import { aggregateMemorySet } from "./aggregate-memory-set";

const row = (algo: number, f1: number, d: [number, number], i: [number, number]) => ({
  precision: f1,
  recall: f1,
  f1,
  algoScore100: algo,
  directGold: d[1],
  directMatched: d[0],
  indirectGold: i[1],
  indirectMatched: i[0],
});

describe("aggregateMemorySet", () => {
  test("macro means over instances, pooled direct/indirect recall", () => {
    const agg = aggregateMemorySet([row(80, 0.5, [1, 2], [0, 1]), row(20, 0.25, [3, 3], [0, 0]), row(0, 0, [0, 5], [2, 3])]);
    expect(agg).toMatchObject({ n: 3, algoScore100: 100 / 3, f1: 0.75 / 3 });
    // Pooled, not averaged per instance: (1 + 3 + 0) / (2 + 3 + 5).
    expect(agg.direct).toEqual({ matched: 4, total: 10, recall: 0.4 });
    expect(agg.indirect).toEqual({ matched: 2, total: 4, recall: 0.5 });
    expect(agg.ci).toBeUndefined();
  });

  test.each([
    ["no instances", [], { n: 0, algoScore100: null, direct: { matched: 0, total: 0, recall: null } }],
    ["no indirect gold at all", [row(50, 0.5, [1, 1], [0, 0])], { indirect: { matched: 0, total: 0, recall: null } }],
  ])("%s", (_n, rows, want) => {
    expect(aggregateMemorySet(rows)).toMatchObject(want);
  });

  test("bootstrap intervals are seeded per metric and contain the mean", () => {
    const rows = Array.from({ length: 50 }, (_, k) => row(k * 2, (k % 5) / 5, [1, 1], [0, 1]));
    const a = aggregateMemorySet(rows, { seed: 1, resamples: 1000 });
    expect(a.ci!.algoScore100.low!).toBeLessThan(a.algoScore100!);
    expect(a.ci!.algoScore100.high!).toBeGreaterThan(a.algoScore100!);
    expect(aggregateMemorySet(rows, { seed: 1, resamples: 1000 }).ci).toEqual(a.ci);
  });
});
