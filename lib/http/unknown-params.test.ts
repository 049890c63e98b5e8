import { describe, expect, test } from "vitest";
import { unknownParamsIssue } from "./unknown-params";

describe("unknownParamsIssue", () => {
  test("null when every key is known, repeated keys included", () => {
    expect(unknownParamsIssue(new URLSearchParams("sort=f1&org=a&org=b"), ["sort", "org"])).toBeNull();
    expect(unknownParamsIssue(new URLSearchParams(""), [])).toBeNull();
  });
  test("names each unknown key once, cut to 64 characters, and lists the known ones", () => {
    const issue = unknownParamsIssue(new URLSearchParams(`include=private&limit=1&limit=2&${"x".repeat(100)}=1`), ["sort"]);
    expect(issue).toBe(`unknown query parameters "include", "limit", "${"x".repeat(64)}". Known: sort.`);
  });
});
