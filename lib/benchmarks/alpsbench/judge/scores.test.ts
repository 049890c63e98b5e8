import { describe, expect, test } from "vitest";
import { pyInt } from "./python-compat";
import {
  aggregateT3,
  aggregateT4Binary,
  aggregateT4Ei,
  judgeT12Instance,
  judgeT3Instance,
  judgeT4BinaryInstance,
  judgeT4EiInstance,
  pairErrorType,
  severityMultiplier,
  t12FinalScore,
  t12JudgeScore,
} from "./scores";
import type { T12ReviewVerdict } from "./verdicts";

const verdict = (partial: Partial<T12ReviewVerdict>): T12ReviewVerdict => ({
  pair_reviews: [],
  missing_reviews: [],
  extra_reviews: [],
  ...partial,
});

describe("pyInt (Python int() on JSON values)", () => {
  test.each([
    [2, 2],
    [2.9, 2],
    [-1.5, -1],
    [true, 1],
    [false, 0],
    ["3", 3],
    [" 2 ", 2],
    ["+1", 1],
    ["-4", -4],
    ["1_0", 10],
    ["2.5", null],
    ["high", null],
    ["", null],
    [null, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [[2], null],
    [{ s: 2 }, null],
  ])("int(%j) -> %j", (value, expected) => {
    expect(pyInt(value)).toBe(expected);
  });
});

describe("severity multiplier m(s) = 0.5 + 0.5*clamp(s, 0, 3)", () => {
  test.each([
    ["0", 0, 0.5],
    ["1", 1, 1.0],
    ["2", 2, 1.5],
    ["3", 3, 2.0],
    ["above 3 clamps", 7, 2.0],
    ["below 0 clamps", -2, 0.5],
    ["float truncates like int()", 2.9, 1.5],
    ["numeric string", "3", 2.0],
    ["missing -> s = 1", undefined, 1.0],
    ["null is unparsable -> 1.0", null, 1.0],
    ["'2.5' is unparsable -> 1.0", "2.5", 1.0],
    ["word is unparsable -> 1.0", "severe", 1.0],
    ["boolean true is 1", true, 1.0],
  ])("%s", (_label, severity, expected) => {
    expect(severityMultiplier(severity)).toBe(expected);
  });
});

describe("error type", () => {
  test.each([
    ["EQUIVALENT", "EQUIVALENT", true],
    ["value_drift", "VALUE_DRIFT", true],
    ["Label_Wrong", "LABEL_WRONG", true],
    [undefined, "OTHER", true],
    ["SYNONYM", "OTHER", false],
    [" equivalent", "OTHER", false],
    [null, "OTHER", false],
    [3, "OTHER", false],
  ])("%j is charged as %s", (given, type, known) => {
    expect(pairErrorType(given)).toMatchObject({ type, known });
  });
});

describe("task 1/2 judge score arithmetic", () => {
  test("no reviews -> 100", () => {
    expect(t12JudgeScore(verdict({})).score).toBe(100);
  });

  test("each pair review is charged by error type x multiplier, regardless of `ok`", () => {
    const { score, breakdown } = t12JudgeScore(
      verdict({
        pair_reviews: [
          { error_type: "EQUIVALENT", severity: 3, ok: true }, // 0
          { error_type: "VALUE_DRIFT", severity: 2, ok: true }, // 12 * 1.5 = 18
          { error_type: "hallucination", severity: 0 }, // 15 * 0.5 = 7.5
          { error_type: "LABEL_WRONG" }, // 6 * 1.0 (missing severity) = 6
          { error_type: "TYPE_WRONG", severity: "x" }, // 6 * 1.0 (unparsable) = 6
          { error_type: "OVERGENERAL", severity: 3 }, // 3 * 2 = 6
          { error_type: "UNDERGENERAL", severity: 1 }, // 3
          { severity: 1 }, // missing type -> OTHER 4
          { error_type: "MADE_UP", severity: 2 }, // unknown -> 4 * 1.5 = 6
        ],
      }),
    );
    expect(breakdown.pairPenalty).toBe(56.5);
    expect(score).toBe(43.5);
    expect(breakdown.unknownErrorTypes).toEqual(["MADE_UP"]);
  });

  test("missing reviews count only when should_have_extracted === true", () => {
    const { score, breakdown } = t12JudgeScore(
      verdict({
        missing_reviews: [
          { id: "m1", should_have_extracted: true, severity: 2 }, // 15
          { id: "m2", should_have_extracted: true }, // 10
          { id: "m3", should_have_extracted: false, severity: 3 }, // 0
          { id: "m4", should_have_extracted: "true", severity: 3 }, // 0: not the boolean true
          { id: "m5", severity: 3 }, // 0
        ],
      }),
    );
    expect(breakdown.missingPenalty).toBe(25);
    expect(score).toBe(75);
  });

  test("extra reviews count only when hallucinated === true", () => {
    const { score } = t12JudgeScore(
      verdict({
        extra_reviews: [
          { id: "p1", hallucinated: true, severity: 0 }, // 7.5
          { id: "p2", hallucinated: true, severity: 3 }, // 30
          { id: "p3", hallucinated: false, severity: 3 }, // 0
          { id: "p4", hallucinated: 1, severity: 3 }, // 0
        ],
      }),
    );
    expect(score).toBe(62.5);
  });

  test("clipped to [0, 100]", () => {
    const many = Array.from({ length: 10 }, () => ({ hallucinated: true, severity: 3 }));
    const { score, breakdown } = t12JudgeScore(verdict({ extra_reviews: many }));
    expect(breakdown.unclipped).toBe(-200);
    expect(score).toBe(0);
  });

  test("final = 0.5*algo + 0.5*judge, rounded half-even to 4 decimals", () => {
    expect(t12FinalScore(0, 75)).toBe(37.5);
    expect(t12FinalScore(80.123456, 60)).toBe(70.0617);
    // algo must be blended unrounded: 0.5*12.34567 + 25 = 31.172835 -> 31.1728,
    // whereas blending round(algo, 4) = 12.3457 would give 31.17285 -> 31.1729
    expect(t12FinalScore(12.34567, 50)).toBe(31.1728);
  });

  test("not judged: judge null, final = algo fallback (never zero)", () => {
    const j = judgeT12Instance(62.14, { ok: false, notJudged: true, reason: "no judge output" });
    expect(j).toEqual({ status: "not_judged", judgeScore: null, finalScore: 62.14, reason: "no judge output" });
  });

  test("unparsable: recorded as such, judge null, final = algo fallback", () => {
    const j = judgeT12Instance(40.00004, { ok: false, reason: "no JSON object found in judge output" });
    expect(j).toMatchObject({ status: "unparsable", judgeScore: null, finalScore: 40 });
  });

  test("judged instance", () => {
    const j = judgeT12Instance(50, { ok: true, verdict: verdict({ missing_reviews: [{ should_have_extracted: true, severity: 2 }] }) });
    expect(j).toMatchObject({ status: "judged", judgeScore: 85, finalScore: 67.5 });
  });
});

describe("task 3", () => {
  test("judged, unparsable -> 0, not judged -> null; mean and share > 0.5", () => {
    const judgements = [
      judgeT3Instance({ ok: true, verdict: { score: 1, used_memory: true } }),
      judgeT3Instance({ ok: true, verdict: { score: 0.5 } }),
      judgeT3Instance({ ok: false, reason: "no JSON object" }),
      judgeT3Instance({ ok: false, notJudged: true, reason: "timeout" }),
    ];
    expect(judgements.map((j) => j.score)).toEqual([1, 0.5, 0, null]);
    expect(judgements[2]).toMatchObject({ status: "unparsable" });
    expect(aggregateT3(judgements)).toEqual({ n: 3, notJudged: 1, unparsable: 1, meanScore: 0.5, shareAboveHalf: 1 / 3 });
  });
});

describe("task 4", () => {
  test("binary: mean over judged responses; failures recorded, not zero", () => {
    const j = judgeT4BinaryInstance([
      { ok: true, verdict: { score: 1 } },
      { ok: true, verdict: { score: 0 } },
      { ok: false, reason: "unparsable" },
    ]);
    expect(j).toEqual({ score: 0.5, responseCount: 3, judgedCount: 2, failures: [{ index: 2, reason: "unparsable" }] });
    expect(judgeT4BinaryInstance([{ ok: false, reason: "timeout" }]).score).toBeNull();
    expect(
      aggregateT4Binary([j, { score: 1, responseCount: 1, judgedCount: 1, failures: [] }, { score: null, responseCount: 1, judgedCount: 0, failures: [] }]),
    ).toEqual({
      n: 2,
      notJudged: 1,
      mean: 0.75,
    });
  });

  test("EI: per-dimension means skip null ratings; EI = mean of the dimension means", () => {
    const j = judgeT4EiInstance([
      { ok: true, verdict: { resonation: 3, expression: 4, reception: 4 } },
      { ok: true, verdict: { resonation: 3, expression: null, reception: 4 } },
      { ok: true, verdict: { resonation: 4, expression: 4, reception: 4 } },
      { ok: true, verdict: { resonation: 2, expression: null, reception: 2 } },
    ]);
    expect(j.response_count).toBe(4);
    expect(j.avg_resonation).toBe(3);
    expect(j.avg_expression).toBe(4);
    expect(j.avg_reception).toBe(3.5);
    expect(j.ei_score).toBeCloseTo(3.5, 12);
    const agg = aggregateT4Ei([j, { ...j, avg_resonation: 5, ei_score: 4 }]);
    expect(agg).toMatchObject({ n: 2, response_count: 8, avg_resonation: 4, avg_expression: 4, avg_reception: 3.5 });
  });

  test("EI: 11/3 stays the double Python computes (3.6666666666666665)", () => {
    const j = judgeT4EiInstance([
      { ok: true, verdict: { resonation: 3, expression: 3, reception: 4 } },
      { ok: true, verdict: { resonation: 3, expression: 4, reception: 4 } },
      { ok: true, verdict: { resonation: 3, expression: 4, reception: 4 } },
    ]);
    expect(j.avg_expression).toBe(3.6666666666666665);
  });
});
