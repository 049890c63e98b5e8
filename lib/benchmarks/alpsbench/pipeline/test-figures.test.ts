import { describe, expect, test } from "vitest";
import { publishesTestFigures, testFigureDraw } from "./test-figures";

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

describe("test figures are exact unless the operator turns the noise on", () => {
  const upload = { id: "s1", source: "upload", split: "test" as const, benchmarkVersion: { isDemo: false } };
  // the secret is read only to draw noise: a database that throws proves no draw is made
  const untouched = {
    serverSecret: new Proxy({}, { get: () => () => Promise.reject(new Error("the noise secret was read")) }),
  } as unknown as Parameters<typeof testFigureDraw>[0];

  test("noise off (the default): no draw, even for a test-split upload on a real benchmark", async () => {
    await expect(testFigureDraw(untouched, upload, "task1", true, false)).resolves.toBeNull();
  });
});
