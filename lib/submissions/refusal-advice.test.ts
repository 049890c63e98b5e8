import { describe, expect, test } from "vitest";
import { refusalAdvice } from "./refusal-advice";

describe("the advice under a refused upload", () => {
  test("a limit refusal (429) says when to submit again and never to fix the file, with or without a date", () => {
    const dated = refusalAdvice(429, "2026-11-27T14:04:10.000Z");
    expect(dated).toContain("2026-11-27 14:05 UTC");
    expect(dated).toMatch(/submit it again/i);
    for (const advice of [dated, refusalAdvice(429, null), refusalAdvice(429, undefined), refusalAdvice(429, undefined, "rate_limited")]) {
      expect(advice).not.toMatch(/fix the file/i);
    }
  });

  test("a duplicate (409) and a missing benchmark (404) are not the file's fault; a refused file (422, 413) is", () => {
    expect(refusalAdvice(409, undefined)).not.toMatch(/fix the file/i);
    expect(refusalAdvice(404, undefined)).not.toMatch(/fix the file/i);
    expect(refusalAdvice(422, undefined)).toMatch(/fix the file/i);
    expect(refusalAdvice(413, undefined)).toMatch(/fix the file/i);
  });
});
