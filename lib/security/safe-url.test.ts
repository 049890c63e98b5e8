import { describe, expect, test } from "vitest";
import { safeHttpUrl } from "./safe-url";

describe("safeHttpUrl", () => {
  test.each([
    ["https://arxiv.org/abs/1", "https://arxiv.org/abs/1"],
    ["  http://github.com/x/y ", "http://github.com/x/y"],
    ["HTTPS://Example.org/a b", "https://example.org/a%20b"],
  ])("keeps the http(s) link %s", (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
  test.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "//evil.example/x",
    "/relative",
    "https://",
    "ftp://example.org",
    "",
  ])("refuses %j", (input) => {
    expect(safeHttpUrl(input)).toBeNull();
  });
  test("null and undefined are no link", () => {
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });
});
