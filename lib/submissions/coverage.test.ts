import { describe, expect, test } from "vitest";
import { coverageOfReport } from "./coverage";
import { coverageMark, coverageSentence } from "./coverage-text";

describe("coverage of an accepted file", () => {
  test("read from a stored validation report", () => {
    expect(coverageOfReport({ coverage: { valid: 3, expected: 454, missing: 451 } })).toEqual({ covered: 3, expected: 454 });
    expect(coverageOfReport(null)).toBeNull();
    expect(coverageOfReport({ coverage: { valid: 0, expected: 0 } })).toBeNull();
  });
  test("said in words", () => {
    expect(coverageSentence({ covered: 3, expected: 454 })).toBe("covered 3 of 454 instances; 451 had no prediction row and score as empty predictions");
    expect(coverageSentence({ covered: 1363, expected: 1364 })).toBe("covered 1,363 of 1,364 instances; 1 had no prediction row and scores as an empty prediction");
    expect(coverageSentence({ covered: 454, expected: 454 })).toBe("covered all 454 instances");
    expect(coverageMark({ covered: 3, expected: 454 })).toBe("covered 3 of 454");
  });
});
