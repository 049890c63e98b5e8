import { describe, expect, test } from "vitest";
import { labelParts, labelSimilarityOfParts } from "./label-similarity";

describe("labelSimilarityOfParts (SCORING.md step 2)", () => {
  test.each([
    ["identical paths", "A/B/C", "A/B/C", 1],
    ["shared first part of 2 + 3", "A/B", "A/X/Y", (2 * 1) / 5],
    ["different roots", "A/B", "X/B", 0],
    ["empty parts dropped", "/A//B/", "A/B", 1],
    ["case-sensitive parts", "a/B", "A/B", 0],
    ["empty label is 0", "", "A", 0],
    ["missing label is 0", undefined, "A", 0],
    ["prefix of a longer path", "A", "A/B/C/D", 2 / 5],
    ["list label read as Python str()", ["A/B"], "['A/B']", 1],
    ["list label shares nothing with the plain path", ["A", "B"], "A/B", 0],
    ["number label", 5, "5", 1],
  ])("%s", (_n, a, b, want) => {
    expect(labelSimilarityOfParts(labelParts(a), labelParts(b))).toBe(want);
  });
});
