import { describe, expect, test } from "vitest";
import { ModerationRequest } from "./moderate-submission";
import { VisibilityRequest } from "./set-visibility";

describe("moderation requests", () => {
  test("verify needs no reason; hide and flag need one (it is public)", () => {
    expect(ModerationRequest.safeParse({ action: "verify" }).success).toBe(true);
    for (const action of ["hide", "flag"]) {
      const parsed = ModerationRequest.safeParse({ action });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["reason"], message: expect.stringContaining("required") });
      expect(ModerationRequest.safeParse({ action, reason: "  " }).success).toBe(false);
      expect(ModerationRequest.safeParse({ action, reason: "copied test answers" }).data).toEqual({ action, reason: "copied test answers" });
    }
  });

  test("unknown actions, fields and over-long reasons are refused with the field named", () => {
    expect(ModerationRequest.safeParse({ action: "delete" }).error?.issues[0]?.message).toContain("must be one of verify");
    expect(ModerationRequest.safeParse({ action: "verify", note: "x" }).error?.issues[0]?.message).toContain("unknown field(s): note");
    expect(ModerationRequest.safeParse({ action: "flag", reason: "x".repeat(501) }).error?.issues[0]?.message).toContain("at most 500");
    expect(VisibilityRequest.safeParse({ visibility: "secret" }).error?.issues[0]?.message).toBe("must be public or private");
  });
});

describe("a moderation reason (shown publicly on /audit)", () => {
  test("a NUL or another control character is refused (a NUL answered 500, U+0001 was stored and shown)", () => {
    for (const reason of ["a\u0000b", "a\u0001b", "a\u0085b"]) {
      const parsed = ModerationRequest.safeParse({ action: "hide", reason });
      expect(parsed.success, JSON.stringify(reason)).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["reason"]);
      expect(parsed.error!.issues[0]!.message).toMatch(/control character U\+00/);
    }
  });

  test("line breaks in a reason are fine", () => {
    expect(ModerationRequest.safeParse({ action: "flag", reason: "tuned on test\nsee thread" }).success).toBe(true);
  });

  test("an invisible reason (zero-width or blank characters only) is refused: it is shown publicly", () => {
    for (const reason of ["\u200b", "\u2800", "\u3164"]) {
      const parsed = ModerationRequest.safeParse({ action: "flag", reason });
      expect(parsed.success, JSON.stringify(reason)).toBe(false);
    }
  });
});
