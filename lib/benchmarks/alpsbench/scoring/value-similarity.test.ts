import { describe, expect, test } from "vitest";
import { stringRatio as ratio } from "@/tests/helpers/alpsbench/scoring/string-ratio";
import { prepareValue, valueSimilarityPrepared } from "./value-similarity";

const blend = (jaccard: number, charRatio: number) => 0.6 * jaccard + (1.0 - 0.6) * charRatio;

describe("valueSimilarityPrepared (SCORING.md step 3)", () => {
  test.each<[string, unknown, unknown, () => number]>([
    ["identical", "Likes tea", "Likes tea", () => 1],
    ["normalisation first", "Likes TEA!", "likes tea", () => blend(1, ratio("likes tea ", "likes tea"))],
    ["half the tokens", "likes green tea", "likes black tea", () => blend(2 / 4, ratio("likes green tea", "likes black tea"))],
    ["empty gold is 0", "", "x", () => 0],
    ["null is 0", null, "x", () => 0],
    ["0 is empty in Python", 0, "0", () => 0],
    ["empty list is empty", [], "x", () => 0],
    ["whitespace-only is present; both normalise to '' and difflib says 1.0", " ", "\t", () => blend(0, 1)],
    ["punctuation-only normalises to a single space", " ", "!!!", () => blend(0, 0)],
    ["list value compared by JSON text", ["tea", "coffee"], "tea coffee", () => blend(1, ratio(" tea coffee ", "tea coffee"))],
  ])("%s", (_n, a, b, want) => {
    expect(valueSimilarityPrepared(prepareValue(a), prepareValue(b))).toBe(want());
  });
});
