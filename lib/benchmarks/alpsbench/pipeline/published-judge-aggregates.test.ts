import { describe, expect, test } from "vitest";
import { publishedJudgeAggregates } from "./published-judge-aggregates";

/** No noise (the Laplace draw at u = 0.5 is 0): these tests are about how the parts combine and round. */
const FULL = { kind: "full", draw: () => 0.5 } as const;
const TEST = { kind: "test", draw: () => 0.5 } as const;

/** task2 judge rows: judge_score on the 0..100 scale (range 100). */
const rows = (testScores: number[], publicScores: number[]) => [
  ...publicScores.map((s, i) => ({ metrics: { judge_score: s }, meta: {}, split: (i % 2 ? "dev" : "validation") as "dev" | "validation" })),
  ...testScores.map((s) => ({ metrics: { judge_score: s }, meta: {}, split: "test" as const })),
];

describe("published judge aggregates of a full upload with test rows", () => {
  // 1,364 test instances: the test figure is rounded to 1 on a 0..100 metric (step = 10^ceil(log10(2 × 100 / 1364)))
  const tests = Array.from({ length: 1364 }, (_, i) => (i % 3) * 30);
  const publics = Array.from({ length: 908 }, (_, i) => (i % 5) * 20);

  test("one hidden test instance moved from 0 to 40 changes nothing published (the rounded whole moved before)", () => {
    const a = publishedJudgeAggregates("task2", rows([0, ...tests.slice(1)], publics), "seed", FULL);
    const b = publishedJudgeAggregates("task2", rows([40, ...tests.slice(1)], publics), "seed", FULL);
    // the test mean moves by 40 / 1364 = 0.03 < half a step: same rounded test part, same whole
    expect(b.judge_score).toEqual(a.judge_score);
    expect(a.judge_score!.n).toBe(1364 + 908);
    expect(a.judge_score!.value).not.toBeNull();
  });

  test("public rows chosen to put the whole at a rounding boundary do not help (they did when the exact whole was rounded)", () => {
    // The exact whole rounded (the old way) uses the whole's step: 10^ceil(log10(2 × 100 / 2272)) = 0.1. Each public
    // row raised by 1 adds 1 / 2,272 to the whole: raise just enough rows to put the whole right under a boundary,
    // where the hidden instance's 0 or 40 (+40 / 2,272 = 0.018) decides how it rounds.
    const N = tests.length + publics.length;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const whole = (sum(publics) + sum([0, ...tests.slice(1)])) / N;
    const target = Math.floor(whole / 0.1 + 0.5) * 0.1 + 0.05 - 0.01; // 0.01 under the next rounding boundary
    const shift = Math.round((target - whole) * N);
    expect(shift).toBeGreaterThanOrEqual(0);
    const publicRows = publics.map((s, i) => (i < shift ? s + 1 : s));
    const [low, high] = [0, 40].map((first) => rows([first, ...tests.slice(1)], publicRows));
    const old = [low!, high!].map((r) => publishedJudgeAggregates("task2", r, "seed", TEST).judge_score!.value);
    expect(old[0]).not.toBe(old[1]); // the old way told the two hidden scores apart...
    const now = [low!, high!].map((r) => publishedJudgeAggregates("task2", r, "seed", FULL).judge_score);
    expect(now[1]).toEqual(now[0]); // ...the published figures do not
  });

  test("exact for the modes that publish exact figures; rounded for a test-split upload", () => {
    const exact = publishedJudgeAggregates("task2", rows(tests, []), "seed", { kind: "exact" });
    const rounded = publishedJudgeAggregates("task2", rows(tests, []), "seed", TEST);
    expect(Number.isInteger(rounded.judge_score!.value)).toBe(true);
    expect(Math.abs(rounded.judge_score!.value! - exact.judge_score!.value!)).toBeLessThanOrEqual(0.5);
  });
});
