import { describe, expect, test } from "vitest";
import { nameSkeleton } from "./name-skeleton";

describe("nameSkeleton: names a reader cannot tell apart share one skeleton (issue 19 finding 4)", () => {
  test.each([
    ["lower case", "gpt-5.2"],
    ["U+2011 non-breaking hyphen", "GPT\u20115.2"],
    ["zero-width space", "GP\u200bT-5.2"],
    ["word joiner", "GPT\u2060-5.2"],
    ["soft hyphen", "GPT\u00ad-5.2"],
    ["combining grapheme joiner", "G\u034fPT-5.2"],
    ["variation selector", "GPT\ufe0f-5.2"],
    ["Cyrillic Р", "G\u0420T-5.2"],
    ["full-width", "ＧＰＴ－５.２"],
    ["spaces", " GPT 5.2 "],
  ])("%s: the same as GPT-5.2", (_label, variant) => {
    expect(nameSkeleton(variant)).toBe(nameSkeleton("GPT-5.2"));
  });

  test("organisations too; different names stay different", () => {
    expect(nameSkeleton("Ореn\u200bAI")).toBe(nameSkeleton("OpenAI"));
    expect(nameSkeleton("0penAl")).toBe(nameSkeleton("OpenAI"));
    expect(nameSkeleton("Mém0")).toBe(nameSkeleton("Mem0"));
    expect(nameSkeleton("GPT-5.3")).not.toBe(nameSkeleton("GPT-5.2"));
    expect(nameSkeleton("My Memory System")).not.toBe(nameSkeleton("Mem0"));
  });
});
