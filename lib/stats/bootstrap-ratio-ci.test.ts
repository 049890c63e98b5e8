import { describe, expect, test } from "vitest";
import { bootstrapRatioCI } from "./bootstrap-ratio-ci";

describe("bootstrapRatioCI", () => {
  test("the point estimate is the pooled ratio, not the mean of ratios", () => {
    // instance ratios 1/1 and 0/9: mean of ratios 0.5, pooled 0.1
    const ci = bootstrapRatioCI([1, 0], [1, 9], { seed: 1, resamples: 1000 });
    expect(ci.mean).toBeCloseTo(0.1, 12);
    expect(ci.n).toBe(2);
  });

  test("the interval contains the estimate, narrows with more instances, and is reproducible", () => {
    const small = { num: Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 2 : 1)), den: Array.from({ length: 20 }, () => 3) };
    const large = { num: Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? 2 : 1)), den: Array.from({ length: 2000 }, () => 3) };
    const a = bootstrapRatioCI(small.num, small.den, { seed: "s", resamples: 1000 });
    const b = bootstrapRatioCI(large.num, large.den, { seed: "s", resamples: 1000 });
    for (const ci of [a, b]) {
      expect(ci.low!).toBeLessThanOrEqual(ci.mean!);
      expect(ci.high!).toBeGreaterThanOrEqual(ci.mean!);
    }
    expect(b.high! - b.low!).toBeLessThan(a.high! - a.low!);
    expect(bootstrapRatioCI(small.num, small.den, { seed: "s", resamples: 1000 })).toEqual(a);
  });

  test("no denominators at all gives a null interval, and mismatched lengths throw", () => {
    expect(bootstrapRatioCI([0, 0], [0, 0], { seed: 1 })).toEqual({ mean: null, low: null, high: null, n: 2 });
    expect(() => bootstrapRatioCI([1], [1, 2], { seed: 1 })).toThrow(/differ in length/);
  });
});
