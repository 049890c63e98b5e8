import { describe, expect, test } from "vitest";
import { atDisplayPrecision, displayDecimals } from "./test-precision";
import { aggregateScores } from "./score-track";

describe("test figures at display precision", () => {
  test("value and both bounds are rounded to the column's decimals; n is kept", () => {
    expect(displayDecimals("task1", "f1")).toBe(4);
    expect(displayDecimals("task1", "algo_score_100")).toBe(2);
    // computed but not shown on Task 2: any track's definition
    expect(displayDecimals("task2", "direct_recall")).toBe(4);
    expect(atDisplayPrecision("task1", "f1", { value: 0.123456, n: 9, ciLow: 0.100049, ciHigh: 0.15 })).toEqual({ value: 0.1235, n: 9, ciLow: 0.1, ciHigh: 0.15 });
    expect(atDisplayPrecision("task1", "algo_score_100", { value: 24.70449, n: 9, ciLow: null, ciHigh: null })).toEqual({
      value: 24.7,
      n: 9,
      ciLow: null,
      ciHigh: null,
    });
  });
});

describe("aggregateScores with a test seed", () => {
  const inputs = Array.from({ length: 400 }, (_, k) => ({ kind: "hit" as const, hit: (k * 7) % 11 < 4 ? 1 : 0 }));
  const ids = inputs.map((_, k) => `i${k}`);
  const splitOf = (id: string) => (Number(id.slice(1)) < 200 ? ("dev" as const) : ("test" as const));

  test("the whole and the test split take the secret seed; dev keeps the documented one", () => {
    const documented = aggregateScores("task3/d100", ids, inputs as never, { seed: "sub", splitOf });
    const secret = aggregateScores("task3/d100", ids, inputs as never, { seed: "sub", splitOf, testSeed: "secret" });
    expect(secret.splitMetrics.dev).toEqual(documented.splitMetrics.dev);
    expect(secret.metrics.recall!.value).toBe(documented.metrics.recall!.value);
    expect([secret.metrics.recall!.ciLow, secret.metrics.recall!.ciHigh]).not.toEqual([documented.metrics.recall!.ciLow, documented.metrics.recall!.ciHigh]);
    expect(secret.splitMetrics.test!.recall!.value).toBe(documented.splitMetrics.test!.recall!.value);
    expect([secret.splitMetrics.test!.recall!.ciLow, secret.splitMetrics.test!.recall!.ciHigh]).not.toEqual([
      documented.splitMetrics.test!.recall!.ciLow,
      documented.splitMetrics.test!.recall!.ciHigh,
    ]);
  });
});
