import { describe, expect, test } from "vitest";
import { MAX_STEP_SHARE, metricRange, publishedStep, publishTestAggregate, testPrivacyNote } from "./test-split-privacy";

describe("publishedStep: 2 x range x share, up to a power of ten", () => {
  test.each([
    [1, 1 / 1364, 0.01], // Task 1 test (n = 1,364) on a 0..1 metric
    [100, 1 / 1364, 1], // ... on the 0..100 Score
    [1, 1 / 2272, 0.001], // a full Task 1 upload (2,272 instances)
    [1, 1 / 20, 0.1],
    [4, 1 / 11, 1], // Task 4 ability 5's ~11 test instances on the 1..5 EI scale
    [1, 1 / 2000, 0.001], // 0.001 exactly: no float-noise step up
  ])("range %d, share %d -> %d", (range, share, step) => {
    expect(publishedStep(range, share)).toBe(step);
  });
});

describe("publishTestAggregate", () => {
  test("rounds value and CI bounds of a 1,364-instance test aggregate to 0.01 (unit) and 1 (Score)", () => {
    const f1 = publishTestAggregate("task1", "f1", { value: 0.000733, n: 1364, ciLow: 0.000001, ciHigh: 0.0021 });
    expect(f1).toEqual({ aggregate: { value: 0, n: 1364, ciLow: 0, ciHigh: 0 }, step: 0.01, withheld: false });
    const score = publishTestAggregate("task1", "algo_score_100", { value: 0.0582302, n: 1364, ciLow: 0.01, ciHigh: 0.17 });
    expect(score.aggregate).toEqual({ value: 0, n: 1364, ciLow: 0, ciHigh: 0 });
    expect(publishTestAggregate("task1", "algo_score_100", { value: 47.4962, n: 1364, ciLow: 46.2, ciHigh: 48.71 }).aggregate).toEqual({
      value: 47,
      n: 1364,
      ciLow: 46,
      ciHigh: 49,
    });
  });
  test("a pooled ratio's step follows the largest instance's share of the denominator, not 1 / n", () => {
    expect(publishTestAggregate("task1", "direct_recall", { value: 0.4567, n: 1364, ciLow: 0.4, ciHigh: 0.5, share: 0.01 }).step).toBe(0.1);
    // Task 2 has no direct-recall column but computes it: the range comes from Task 1's definition
    expect(metricRange("task2", "direct_recall")).toBe(1);
  });
  test("withholds (null, n kept) when the step would exceed a tenth of the range: small test sets", () => {
    expect(MAX_STEP_SHARE).toBe(0.1);
    expect(publishTestAggregate("task4/ability5", "ei_en", { value: 3.6, n: 11, ciLow: 3.1, ciHigh: 4 })).toEqual({
      aggregate: { value: null, n: 11, ciLow: null, ciHigh: null },
      step: 1,
      withheld: true,
    });
    expect(publishTestAggregate("task1", "f1", { value: 0.5, n: 18, ciLow: 0.4, ciHigh: 0.6 }).withheld).toBe(true);
    expect(publishTestAggregate("task1", "f1", { value: 0.54, n: 30, ciLow: 0.44, ciHigh: 0.66 }).aggregate).toEqual({ value: 0.5, n: 30, ciLow: 0.4, ciHigh: 0.7 });
    expect(publishTestAggregate("task1", "no_such_metric", { value: 0.5, n: 5000, ciLow: 0.4, ciHigh: 0.6 }).withheld).toBe(true);
  });
  test("the note says what was rounded and what withheld", () => {
    const note = testPrivacyNote(
      new Map([
        ["f1", publishTestAggregate("task1", "f1", { value: 0.5, n: 1364, ciLow: 0.4, ciHigh: 0.6 })],
        ["ei_en", publishTestAggregate("task4/ability5", "ei_en", { value: 3, n: 11, ciLow: 2, ciHigh: 4 })],
      ]),
    );
    expect(note).toMatch(/rounded \(f1 to 0\.01\); withheld, .*\(ei_en\)/);
    expect(testPrivacyNote(new Map())).toBeNull();
  });
});
