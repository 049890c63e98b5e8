import { describe, expect, test } from "vitest";
import { ciHalfWidth, formatCount, formatInterval, formatMetric } from "./format";
import { bestIds, competitionRanks } from "./rank";

describe("formatMetric", () => {
  test.each([
    { label: "fixed decimals", value: 0.53249, decimals: 3, expected: "0.532" },
    { label: "pads with zeros", value: 0.5, decimals: 3, expected: "0.500" },
    { label: "hundred scale", value: 61.234, decimals: 1, expected: "61.2" },
    { label: "zero decimals", value: 4.6, decimals: 0, expected: "5" },
    { label: "no negative zero", value: -0.0001, decimals: 2, expected: "0.00" },
    { label: "real negatives stay", value: -0.25, decimals: 2, expected: "-0.25" },
    { label: "null is missing", value: null, decimals: 2, expected: null },
    { label: "NaN is missing", value: Number.NaN, decimals: 2, expected: null },
  ])("$label", ({ value, decimals, expected }) => {
    expect(formatMetric(value, decimals)).toBe(expected);
  });
});

describe("intervals and counts", () => {
  test("half-width", () => expect(ciHalfWidth(0.5, 0.56)).toBeCloseTo(0.03));
  test("half-width needs both bounds", () => expect(ciHalfWidth(null, 0.56)).toBeNull());
  test("interval text", () => expect(formatInterval(0.5012, 0.5621, 3)).toBe("[0.501, 0.562]"));
  test("interval needs both bounds", () => expect(formatInterval(0.5, null, 3)).toBeNull());
  test.each([
    { n: 0, expected: "0" },
    { n: 999, expected: "999" },
    { n: 1398, expected: "1,398" },
    { n: 1234567, expected: "1,234,567" },
    { n: null, expected: null },
  ])("count $n", ({ n, expected }) => expect(formatCount(n)).toBe(expected));
});

describe("competitionRanks", () => {
  const items = [
    { id: "a", value: 0.9 },
    { id: "b", value: 0.7 },
    { id: "c", value: 0.9 },
    { id: "d", value: null },
    { id: "e", value: 0.5 },
  ];

  test("higher is better: ties share, next rank skips", () => {
    expect(Object.fromEntries(competitionRanks(items, "higher", 3))).toEqual({ a: 1, c: 1, b: 3, e: 4, d: null });
  });

  test("lower is better reverses", () => {
    expect(Object.fromEntries(competitionRanks(items, "lower", 3))).toEqual({ e: 1, b: 2, a: 3, c: 3, d: null });
  });

  test("ties at displayed precision", () => {
    const close = [
      { id: "x", value: 0.5321 },
      { id: "y", value: 0.5324 },
      { id: "z", value: 0.5 },
    ];
    expect(Object.fromEntries(competitionRanks(close, "higher", 3))).toEqual({ x: 1, y: 1, z: 3 });
    expect(Object.fromEntries(competitionRanks(close, "higher", 4))).toEqual({ y: 1, x: 2, z: 3 });
  });

  test("best ids", () => {
    expect([...bestIds(items, "higher", 3)].sort()).toEqual(["a", "c"]);
    expect(bestIds([{ id: "n", value: null }], "higher", 3).size).toBe(0);
  });
});

describe("published figures", () => {
  test("a paper's 3-decimal figure keeps 3 decimals in a 4-decimal column, padded with figure spaces to align", async () => {
    const { formatPublished } = await import("./format");
    expect(formatPublished(0.446, 4)).toBe("0.446\u2007");
    expect(formatPublished(0.4463, 4)).toBe("0.4463");
    expect(formatPublished(56.1, 2)).toBe("56.1\u2007");
    expect(formatPublished(0.37314652288732264, 4)).toBe("0.3731");
    expect(formatPublished(null, 4)).toBeNull();
  });
});
