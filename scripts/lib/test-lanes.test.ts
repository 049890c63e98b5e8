import { describe, expect, test } from "vitest";
import { combineLanes } from "./test-lanes";

describe("combineLanes (npm test's closing line)", () => {
  test("adds the lanes' counts", () => {
    expect(
      combineLanes([
        { code: 0, summary: { passed: 900, failed: 0, skipped: 0 } },
        { code: 0, summary: { passed: 300, failed: 0, skipped: 2 } },
      ]),
    ).toEqual({ line: "Tests: 1200 passed, 0 failed, 2 skipped", code: 0 });
  });

  test("a failed test in either lane fails the run", () => {
    expect(
      combineLanes([
        { code: 0, summary: { passed: 10, failed: 0, skipped: 0 } },
        { code: 1, summary: { passed: 5, failed: 3, skipped: 0 } },
      ]),
    ).toEqual({ line: "Tests: 15 passed, 3 failed", code: 1 });
  });

  test("a lane that crashed without a summary counts as a failure, never as green", () => {
    expect(
      combineLanes([
        { code: 0, summary: { passed: 10, failed: 0, skipped: 0 } },
        { code: 1, summary: null },
      ]),
    ).toEqual({
      line: "Tests: 10 passed, 1 failed",
      code: 1,
    });
    // exit 1 with zero counted failures (e.g. vitest found no test file)
    expect(combineLanes([{ code: 1, summary: { passed: 0, failed: 0, skipped: 0 } }]).code).toBe(1);
  });
});
