import { describe, expect, test } from "vitest";
import { mean, ratio } from "./aggregate";

describe("mean", () => {
  test("the sum over the count; null for no values", () => {
    expect(mean([1, 2, 4])).toBe(7 / 3);
    expect(mean([0.5])).toBe(0.5);
    expect(mean([])).toBeNull();
  });

  test("adds left to right, as the benchmarks' own code did (another order gives other bits)", () => {
    // 1e16 + 1 rounds back to 1e16: the 1 survives only when the large values cancel first
    expect(mean([1e16, 1, -1e16])).toBe(0);
    expect(mean([1e16, -1e16, 1])).toBe(1 / 3);
    // 0.1 + 0.2 + 0.3 is 0.6000000000000001 left to right, 0.6 right to left
    expect(mean([0.1, 0.2, 0.3])).toBe((0.1 + 0.2 + 0.3) / 3);
    expect(mean([0.1, 0.2, 0.3])).not.toBe((0.3 + 0.2 + 0.1) / 3);
  });
});

describe("ratio", () => {
  test("counted over countable; null when nothing could be counted", () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(0, 5)).toBe(0);
    expect(ratio(0, 0)).toBeNull();
  });
});
