import { describe, expect, test } from "vitest";
import { hasVisibleCharacter, nameProblem, textProblem } from "./safe-text";

describe("free text people send", () => {
  test("C0, DEL and C1 controls are named; tab and line breaks only in multi-line text", () => {
    expect(textProblem("a\u0000b")).toBe("contains the control character U+0000");
    expect(textProblem("a\u0085b")).toBe("contains the control character U+0085");
    expect(textProblem("a\u009fb")).toMatch(/U\+009F/);
    expect(textProblem("a\u007fb")).toMatch(/U\+007F/);
    expect(textProblem("line 1\nline 2")).toMatch(/U\+000A/);
    expect(textProblem("line 1\r\nline 2\tend", true)).toBeNull();
    expect(textProblem("a\u0001b", true)).toMatch(/U\+0001/);
    expect(textProblem("bad \ufffd")).toMatch(/not valid UTF-8/);
    expect(textProblem("Über 中文 😀")).toBeNull();
  });

  test("a name must show something", () => {
    expect(hasVisibleCharacter("\u200b")).toBe(false);
    expect(hasVisibleCharacter(" \u200d\u2060\ufeff\u00a0")).toBe(false);
    expect(hasVisibleCharacter("\u3164")).toBe(false);
    expect(hasVisibleCharacter("a\u200b")).toBe(true);
    expect(hasVisibleCharacter("中")).toBe(true);
  });

  test("nameProblem: a text problem first, then nothing visible; empty is the caller's", () => {
    expect(nameProblem("a\u0000b")).toBe("contains the control character U+0000");
    expect(nameProblem("\u200b")).toBe("has no visible character");
    expect(nameProblem("line 1\nline 2", true)).toBeNull();
    expect(nameProblem("")).toBeNull();
    expect(nameProblem("ok")).toBeNull();
  });

  test("the second review pass: blanks that are marks or symbols, bidi overrides and lone surrogates", () => {
    for (const blank of ["\u2800", "\u034f", "\ufe0f", "\u17b4", "\u{1d159}", "\u00ad", "\u2066", "\u{e0041}"]) {
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
    }
    expect(hasVisibleCharacter("e\u0301")).toBe(true);
    expect(textProblem("a\u202eb")).toMatch(/bidirectional control character U\+202E/);
    expect(textProblem("a\u2066b\u2069")).toMatch(/U\+2066/);
    expect(textProblem("\ud800")).toMatch(/lone surrogate/);
    expect(textProblem("😀 \u200f")).toBeNull();
  });

  test("the third pass: unassigned and private-use code points show nothing either", () => {
    for (const blank of ["\u2065", "\ufff0", "\u{e0080}", "\ue000"]) expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
  });
});
