import { describe, expect, test } from "vitest";
import { publishesTestFigures } from "./test-figures";

describe("which uploads publish rounded test figures", () => {
  test("uploads with test rows on a real benchmark; never the demo (its gold is built by code in this repository)", () => {
    const real = { isDemo: false };
    expect(publishesTestFigures({ source: "upload", split: "test", benchmarkVersion: real }, true)).toBe(true);
    expect(publishesTestFigures({ source: "upload", split: "full", benchmarkVersion: real }, true)).toBe(true);
    expect(publishesTestFigures({ source: "upload", split: "full", benchmarkVersion: real }, false)).toBe(false);
    expect(publishesTestFigures({ source: "upload", split: "dev", benchmarkVersion: real }, false)).toBe(false);
    expect(publishesTestFigures({ source: "seed", split: "full", benchmarkVersion: real }, true)).toBe(false);
    expect(publishesTestFigures({ source: "upload", split: "test", benchmarkVersion: { isDemo: true } }, true)).toBe(false);
    expect(publishesTestFigures({ source: "upload", split: "full", benchmarkVersion: { isDemo: true } }, true)).toBe(false);
  });
});
