import { describe, expect, test } from "vitest";
import { bootstrapCI, quantile } from "./bootstrap-ci";
import { seededRandom } from "./seeded-random";

describe("bootstrapCI", () => {
  const r = seededRandom("values");
  const values = Array.from({ length: 400 }, () => r() * 100);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
  const se = sd / Math.sqrt(values.length);

  test("is reproducible for a fixed seed and changes with the seed", () => {
    const a = bootstrapCI(values, { seed: 7, resamples: 1000 });
    expect(bootstrapCI(values, { seed: 7, resamples: 1000 })).toEqual(a);
    expect(bootstrapCI(values, { seed: 8, resamples: 1000 }).low).not.toBe(a.low);
  });

  test("brackets the mean with about ±1.96 standard errors (CLT)", () => {
    const ci = bootstrapCI(values, { seed: "clt", resamples: 4000 });
    expect(ci.mean).toBeCloseTo(mean, 10);
    expect(ci.low!).toBeLessThan(mean);
    expect(ci.high!).toBeGreaterThan(mean);
    expect((ci.high! - ci.low!) / (2 * 1.96 * se)).toBeGreaterThan(0.9);
    expect((ci.high! - ci.low!) / (2 * 1.96 * se)).toBeLessThan(1.1);
  });

  test.each([
    ["no values", [], { mean: null, low: null, high: null, n: 0 }],
    ["non-finite values are left out", [NaN, Infinity, 2], { mean: 2, low: 2, high: 2, n: 1 }],
    ["constant values give a zero-width interval", [5, 5, 5], { mean: 5, low: 5, high: 5, n: 3 }],
  ])("%s", (_n, xs, want) => {
    expect(bootstrapCI(xs, { seed: 1, resamples: 1000 })).toEqual(want);
  });

  test.each([
    [[1, 2, 3, 4], 0, 1],
    [[1, 2, 3, 4], 1, 4],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[10, 20], 0.25, 12.5],
  ])("quantile(%j, %s) = %s", (xs, q, want) => {
    expect(quantile(xs, q)).toBe(want);
  });
});
