import { describe, expect, test } from "vitest";
import { labelFreeSkeleton, sourceWordsOf } from "./row-label-name";

describe("labelFreeSkeleton: a name without its tier and source words (issue 30 item 9)", () => {
  const words = sourceWordsOf(["Example paper (Table 2)", "Example v1"]);
  test.each([
    ["GPT-5.2 reported", "GPT-5.2"],
    ["GPT-5.2 (re-scored)", "GPT-5.2"],
    ["gpt\u20115.2 OFFICIAL verified", "GPT-5.2"],
    ["GPT-5.2 (Example paper)", "GPT-5.2"],
    ["GPT-5.2 re\u0440orted", "GPT-5.2"],
    ["Copy the input", "Copy the input (baseline)"],
  ])("%s reads as %s", (name, reference) => {
    expect(labelFreeSkeleton(name, words)).toBe(labelFreeSkeleton(reference, words));
  });

  test("a name with a word of its own stays apart; short words and numbers are not source words", () => {
    expect(labelFreeSkeleton("GPT-5.2 + my memory", words)).not.toBe(labelFreeSkeleton("GPT-5.2", words));
    expect(sourceWordsOf(["Table 2 v1"])).toEqual(["Table"]);
    expect(labelFreeSkeleton("GPT-5", words)).not.toBe(labelFreeSkeleton("GPT-5.2", words));
  });
});
