import { describe, expect, test } from "vitest";
import {
  figuresPerTrack,
  laplace,
  MAX_STEP_SHARE,
  type NoiseDraw,
  publishedStep,
  publishTestAggregate,
  TEST_PRIVACY_BUDGET,
  testPrivacyNote,
} from "./test-split-privacy";
import { metricRange } from "@/tests/helpers/alpsbench/read/metric-range";

/** u = 0.5 is the Laplace distribution's median: no noise, so a test reads the rounding and the interval alone. */
const NO_NOISE: NoiseDraw = () => 0.5;
/** N evenly spaced uniforms: the published figure's distribution over draws, without sampling error beyond 1 / N. */
const grid = (count: number) => Array.from({ length: count }, (_, i) => (i + 0.5) / count);

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

describe("the noise", () => {
  test("figures per track: every metric a track may store shares the budget", () => {
    expect(figuresPerTrack("task1")).toBe(8);
    expect(figuresPerTrack("task2")).toBe(12); // 10 shown + direct/indirect recall, stored but not shown
    expect(figuresPerTrack("task3/d300")).toBe(2);
    expect(figuresPerTrack("task4/ability2")).toBe(3);
  });

  test("laplace(u, b) is the inverse CDF: median 0, symmetric, mean |x| = b", () => {
    expect(laplace(0.5, 3)).toBe(0);
    expect(laplace(0.2, 1)).toBeCloseTo(-laplace(0.8, 1), 12);
    expect(laplace(0.25, 2)).toBeCloseTo(-2 * Math.log(2), 12); // P(X < -b ln 2) = 1/4
    const draws = grid(200_000).map((u) => Math.abs(laplace(u, 0.3)));
    expect(draws.reduce((a, b) => a + b, 0) / draws.length).toBeCloseTo(0.3, 3);
  });

  test("scale b = F x range x share / budget; the published value moves with the draw", () => {
    const aggregate = { value: 0.4321, n: 1364, ciLow: 0.41, ciHigh: 0.45 };
    const publication = publishTestAggregate("task1", "f1", aggregate, NO_NOISE);
    expect(TEST_PRIVACY_BUDGET).toBe(1);
    expect(publication.noiseScale).toBeCloseTo((8 * 1) / 1364, 12);
    expect(publication.aggregate.value).toBe(0.43);
    const high = publishTestAggregate("task1", "f1", aggregate, () => 0.99); // b ln 50 = 0.023 above: 0.455
    expect(high.aggregate.value).toBe(0.46);
    const low = publishTestAggregate("task1", "f1", aggregate, () => 0.01);
    expect(low.aggregate.value).toBe(0.41);
    // the same draw publishes the same figure (a re-score stores what was stored)
    expect(publishTestAggregate("task1", "f1", aggregate, () => 0.99)).toEqual(high);
  });

  test("a value at a rounding boundary no longer gives away one instance (the known-rows attack of the fourth review)", () => {
    // The attack: every other row's score is known exactly (input memories copied, junk), so the uploader can put
    // the exact F1 right under a rounding boundary; the probed instance adds Δ = 1 / 1,364 or nothing.
    const n = 1364;
    const delta = 1 / n;
    const boundary = 0.425;
    const without = { value: boundary - delta / 2, n, ciLow: null, ciHigh: null };
    const withIt = { value: boundary + delta / 2, n, ciLow: null, ciHigh: null };
    // rounding alone told the two apart every time
    expect(publishTestAggregate("task1", "f1", without, NO_NOISE).aggregate.value).toBe(0.42);
    expect(publishTestAggregate("task1", "f1", withIt, NO_NOISE).aggregate.value).toBe(0.43);
    // with the noise, each published value is about as likely either way: within e^(ε / F) (ε-DP per figure)
    const histogram = (aggregate: typeof without) => {
      const counts = new Map<number, number>();
      for (const u of grid(200_000)) {
        const value = publishTestAggregate("task1", "f1", aggregate, () => u).aggregate.value!;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return counts;
    };
    const [a, b] = [histogram(without), histogram(withIt)];
    const bound = Math.exp(TEST_PRIVACY_BUDGET / figuresPerTrack("task1"));
    let checked = 0;
    for (const [value, count] of a) {
      if (count < 400) continue; // probabilities under 0.2 %: the grid's 1 / N error would dominate the ratio
      const other = b.get(value) ?? 0;
      expect(count / other, `P(${value})`).toBeLessThanOrEqual(bound * 1.01);
      expect(other / count, `P(${value})`).toBeLessThanOrEqual(bound * 1.01);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    // and the best guess from one published value is right barely more often than a coin: (1 + TV) / 2, where the
    // total variation between two Laplace laws Δ apart is 1 - e^(-Δ / 2b) = 1 - e^(-1 / 16) (b = 8Δ): 53.0 %
    let right = 0;
    for (const [value, count] of a) right += Math.max(count, b.get(value) ?? 0);
    for (const [value, count] of b) if (!a.has(value)) right += count;
    expect(right / (2 * 200_000)).toBeLessThanOrEqual((2 - Math.exp(-1 / 16)) / 2 + 0.001);
  });

  test("the interval is the published value ± a conservative half-width, and covers the exact value in ≥ 95 % of draws", () => {
    const aggregate = { value: 0.6123, n: 1364, ciLow: 0.6, ciHigh: 0.62 };
    const centred = publishTestAggregate("task1", "recall", aggregate, NO_NOISE).aggregate;
    const b = 8 / 1364;
    const half = 1.96 * Math.sqrt(0.25 / 1364 + 2 * b * b);
    expect(centred.ciLow).toBe(Math.floor((0.61 - half) * 100) / 100);
    expect(centred.ciHigh).toBe(Math.ceil((0.61 + half) * 100) / 100);
    let covered = 0;
    const draws = grid(20_000);
    for (const u of draws) {
      const { ciLow, ciHigh } = publishTestAggregate("task1", "recall", aggregate, () => u).aggregate;
      if (ciLow! <= aggregate.value && aggregate.value <= ciHigh!) covered++;
    }
    expect(covered / draws.length).toBeGreaterThanOrEqual(0.95);
    // clipped to the metric's range
    const floor = publishTestAggregate("task1", "f1", { value: 0, n: 1364, ciLow: 0, ciHigh: 0 }, () => 0.01).aggregate;
    expect(floor).toMatchObject({ value: 0, ciLow: 0 });
    expect(floor.ciHigh).toBeGreaterThan(0);
  });
});

describe("publishTestAggregate: rounding and withholding", () => {
  test("rounds a 1,364-instance test aggregate to 0.01 (unit) and 1 (Score)", () => {
    expect(publishTestAggregate("task1", "f1", { value: 0.000733, n: 1364, ciLow: 0.000001, ciHigh: 0.0021 }, NO_NOISE)).toMatchObject({
      aggregate: { value: 0, n: 1364, ciLow: 0 },
      step: 0.01,
      withheld: false,
    });
    expect(publishTestAggregate("task1", "algo_score_100", { value: 47.4962, n: 1364, ciLow: 46.2, ciHigh: 48.71 }, NO_NOISE).aggregate).toMatchObject({
      value: 47,
      n: 1364,
    });
  });
  test("a pooled ratio's step and noise follow the largest instance's share of the denominator, not 1 / n", () => {
    const pooled = publishTestAggregate("task1", "direct_recall", { value: 0.4567, n: 1364, ciLow: 0.4, ciHigh: 0.5, share: 0.002 }, NO_NOISE);
    expect(pooled.step).toBe(0.01);
    expect(pooled.noiseScale).toBeCloseTo(8 * 0.002, 12);
    // one instance holding 1 % of the denominator: noise of scale 0.08 would say nothing, so withheld
    expect(publishTestAggregate("task1", "direct_recall", { value: 0.4567, n: 1364, ciLow: 0.4, ciHigh: 0.5, share: 0.01 }, NO_NOISE).withheld).toBe(true);
    // Task 2 has no direct-recall column but computes it: the range comes from Task 1's definition
    expect(metricRange("task2", "direct_recall")).toBe(1);
  });
  test("withholds (null, n kept) when the step or the noise would exceed a tenth of the range: small test sets", () => {
    expect(MAX_STEP_SHARE).toBe(0.1);
    expect(publishTestAggregate("task4/ability5", "ei_en", { value: 3.6, n: 11, ciLow: 3.1, ciHigh: 4 }, NO_NOISE)).toMatchObject({
      aggregate: { value: null, n: 11, ciLow: null, ciHigh: null },
      step: 1,
      withheld: true,
    });
    expect(publishTestAggregate("task1", "f1", { value: 0.5, n: 18, ciLow: 0.4, ciHigh: 0.6 }, NO_NOISE).withheld).toBe(true);
    // withheld under n = 8 ln 20 / 0.1 = 239.7: the noise (b = 8 / n) would be ±0.1 or more 95 % of the time
    expect(publishTestAggregate("task1", "f1", { value: 0.54, n: 240, ciLow: 0.44, ciHigh: 0.66 }, NO_NOISE).withheld).toBe(false);
    expect(publishTestAggregate("task1", "f1", { value: 0.54, n: 239, ciLow: 0.44, ciHigh: 0.66 }, NO_NOISE).withheld).toBe(true);
    expect(publishTestAggregate("task1", "no_such_metric", { value: 0.5, n: 5000, ciLow: 0.4, ciHigh: 0.6 }, NO_NOISE).withheld).toBe(true);
  });
  test("the note says what was noised and rounded and what withheld", () => {
    const note = testPrivacyNote(
      new Map([
        ["f1", publishTestAggregate("task1", "f1", { value: 0.5, n: 1364, ciLow: 0.4, ciHigh: 0.6 }, NO_NOISE)],
        ["ei_en", publishTestAggregate("task4/ability5", "ei_en", { value: 3, n: 11, ciLow: 2, ciHigh: 4 }, NO_NOISE)],
      ]),
    );
    expect(note).toMatch(/noise and rounded \(f1 to 0\.01\).*; withheld, .*\(ei_en\)/);
    expect(testPrivacyNote(new Map())).toBeNull();
  });
});
