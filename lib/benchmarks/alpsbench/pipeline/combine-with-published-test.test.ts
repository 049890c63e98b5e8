import { describe, expect, test } from "vitest";
import { combineWithPublishedTest } from "./persist-track-score";

describe("combineWithPublishedTest", () => {
  const part = (value: number, n: number, half = 0.01) => ({ value, n, ciLow: value - half, ciHigh: value + half });

  test("the whole is the instance-weighted mean of the exact public parts and the published test part", () => {
    const whole = combineWithPublishedTest(
      "task2",
      "modification_recall",
      2272,
      { dev: { modification_recall: part(0.5, 454) }, validation: { modification_recall: part(0.3, 454) }, test: { modification_recall: part(0.4, 1364, 0.02) } },
      new Map(),
      () => 0.5, // no noise: the test part is 0.4 rounded to 0.01
    );
    expect(whole.value).toBeCloseTo((454 * 0.5 + 454 * 0.3 + 1364 * 0.4) / 2272, 12);
  });

  test("its interval is clipped to the metric's range (a whole near 0 reached below 0, the outside review's fifth pass)", () => {
    const zero = { modification_recall: part(0, 454, 0) };
    const whole = combineWithPublishedTest(
      "task2",
      "modification_recall",
      2272,
      { dev: zero, validation: zero, test: { modification_recall: part(0, 1364, 0) } },
      new Map(),
      () => 0.5,
    );
    expect(whole.value).toBe(0);
    expect(whole.ciLow).toBe(0);
    expect(whole.ciHigh).toBeGreaterThan(0);
  });
});
