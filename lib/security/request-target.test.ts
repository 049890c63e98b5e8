import { describe, expect, test } from "vitest";
import { requestTargetProblem } from "./request-target";

describe("requestTargetProblem", () => {
  test("ordinary paths and queries pass, UTF-8 and '+' included", () => {
    expect(requestTargetProblem("/tasks/task1", "?sort=f1&q=GPT+4%C3%A9")).toBeNull();
    expect(requestTargetProblem("/systems/%E4%B8%AD%E6%96%87", "")).toBeNull();
    expect(requestTargetProblem("/", "?")).toBeNull();
  });

  test("NUL, other C0/C1 controls and DEL in the path or query are refused", () => {
    expect(requestTargetProblem("/systems/%00", "")).toMatch(/path contains a control/);
    expect(requestTargetProblem("/submissions/a%0Ab", "")).toMatch(/control/);
    expect(requestTargetProblem("/tasks/task1", "?q=%C2%85")).toMatch(/query string contains a control/);
    expect(requestTargetProblem("/tasks/task1", "?q=a%7F")).toMatch(/control/);
    expect(requestTargetProblem("/api/v1/inputs/task1", "?benchmark=%00")).toMatch(/control/);
  });

  test("invalid UTF-8 or a malformed escape is refused, not turned into U+FFFD", () => {
    expect(requestTargetProblem("/tasks/%ff", "")).toMatch(/path is not valid/);
    expect(requestTargetProblem("/api/v1/leaderboards/task3/%ff", "")).toMatch(/not valid/);
    expect(requestTargetProblem("/tasks/task1", "?q=%ff")).toMatch(/query string is not valid/);
    expect(requestTargetProblem("/tasks/task1", "?q=%")).toMatch(/not valid/);
  });

  test("prototype names as query keys are refused (Next's parsed query dropped them silently)", () => {
    expect(requestTargetProblem("/api/v1/submissions", "?task=task1&__proto__=x")).toBe('The query parameter "__proto__" is not accepted.');
    expect(requestTargetProblem("/api/v1/submissions", "?constructor=x")).toMatch(/constructor/);
    expect(requestTargetProblem("/tasks/task1", "?q=__proto__")).toBeNull();
  });
});
