import { describe, expect, test } from "vitest";
import { testFiguresOf } from "./test-figures";

describe("which uploads publish rounded test figures", () => {
  test("uploads with test rows on a real benchmark; never the demo (its gold is built by code in this repository)", () => {
    const real = { isDemo: false };
    expect(testFiguresOf({ source: "upload", split: "test", benchmarkVersion: real }, true)).toEqual({ score: true, testSplit: true });
    expect(testFiguresOf({ source: "upload", split: "full", benchmarkVersion: real }, true)).toEqual({ score: true, testSplit: true });
    expect(testFiguresOf({ source: "upload", split: "full", benchmarkVersion: real }, false)).toBeNull();
    expect(testFiguresOf({ source: "upload", split: "dev", benchmarkVersion: real }, false)).toBeNull();
    expect(testFiguresOf({ source: "seed", split: "full", benchmarkVersion: real }, true)).toBeNull();
    expect(testFiguresOf({ source: "upload", split: "test", benchmarkVersion: { isDemo: true } }, true)).toBeNull();
    expect(testFiguresOf({ source: "upload", split: "full", benchmarkVersion: { isDemo: true } }, true)).toBeNull();
  });
});
