import { describe, expect, test } from "vitest";
import { degenerateTestRefusal, MAX_EMPTY_TEST_SHARE, testCoverageRefusal } from "./test-coverage";

describe("testCoverageRefusal", () => {
  test.each([
    ["one test row of 18, test split", { expected: 18, covered: 1, missing: 17 }, "test", /^17 of 18 test instances have no row/],
    ["one test row of 18 inside a full file", { expected: 18, covered: 1, missing: 17 }, "full", /^17 of 18 test instances/],
    ["17 of 18 test rows", { expected: 18, covered: 17, missing: 1 }, "test", /^1 of 18 test instances/],
  ] as const)("refuses %s", (_label, coverage, split, message) => {
    expect(testCoverageRefusal(coverage, split)).toMatch(message);
  });
  test.each([
    ["every test row", { expected: 18, covered: 18, missing: 0 }, "test"],
    ["a full file without test rows", { expected: 18, covered: 0, missing: 18 }, "full"],
    ["a dev file (no test instances in scope)", { expected: 0, covered: 0, missing: 0 }, "dev"],
    ["no test count at all", undefined, "full"],
  ] as const)("accepts %s", (_label, coverage, split) => {
    expect(testCoverageRefusal(coverage, split)).toBeNull();
  });
});

describe("degenerateTestRefusal (issue 11, finding 4: 1 real + 1,363 empty rows)", () => {
  test("refuses the probe with the counts", () => {
    expect(MAX_EMPTY_TEST_SHARE).toBe(0.5);
    expect(degenerateTestRefusal({ expected: 1364, covered: 1364, missing: 0, empty: 1363 })).toMatch(
      /^1,363 of 1,364 test rows \(99\.9 %\) have an empty prediction; .* at most 50 % .*Nothing was stored\.$/,
    );
  });
  test.each([
    ["the worst released model (llama-4-maverick, 341 of 1,364 empty)", { expected: 1364, covered: 1364, missing: 0, empty: 341 }],
    ["exactly half empty", { expected: 10, covered: 10, missing: 0, empty: 5 }],
    ["a full file without test rows", { expected: 18, covered: 0, missing: 18, empty: 0 }],
    ["no empty count (older report)", { expected: 18, covered: 18, missing: 0 }],
  ] as const)("accepts %s", (_label, coverage) => {
    expect(degenerateTestRefusal(coverage)).toBeNull();
  });
});
