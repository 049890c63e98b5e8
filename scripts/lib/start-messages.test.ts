import { describe, expect, test } from "vitest";
import { engineWarningLine, isRouteTableLine, notReadyLines, readyLines, releaseLine } from "./start-messages";

describe("what npm start prints", () => {
  test("next build's route table is left out, its other lines kept", () => {
    for (const line of [
      "Route (app)",
      "┌ ƒ /",
      "├ ○ /about",
      "└ ƒ /workers/[id]",
      "+ First Load JS shared by all 102 kB",
      "○  (Static)  prerendered as static content",
      "ƒ Proxy (Middleware)",
    ])
      expect(isRouteTableLine(line)).toBe(true);
    for (const line of ["✓ Compiled successfully in 2.1min", "Creating an optimized production build ...", "Collecting page data ..."])
      expect(isRouteTableLine(line)).toBe(false);
  });
  test("a module without data: a short line, and what to do on its own line", () => {
    const lines = notReadyLines({ id: "personalllm", title: "PersonalLLM", importHow: "import the parquet files." }, ["rewards", "selection"]);
    expect(lines).toEqual([
      "PersonalLLM (personalllm): its rewards and selection tracks take no uploads yet, since no evaluation data is imported here; its boards and the rest of the site work",
      "  to take uploads: import the parquet files.",
    ]);
  });
  test("a release says what a release is", () => {
    expect(releaseLine({ benchmark: "demo", id: "r1", reason: "new data version" })).toMatch(
      /^release: demo's boards saved as a citable snapshot at \/releases\/r1 \(new data version; one is cut whenever/,
    );
  });
  test("the closing lines say where the site is and how to sign in", () => {
    const lines = readyLines({ url: "http://127.0.0.1:3000", localSignIn: true });
    expect(lines[0]).toMatch(/^the site: http:\/\/127\.0\.0\.1:3000/);
    expect(lines[1]).toMatch(/^sign in: open http:\/\/127\.0\.0\.1:3000\/signin .*local sign-in link/);
  });
  test("the EBADENGINE line only where npm would have warned", () => {
    expect(engineWarningLine("v20.19.2", true)).toMatch(/EBADENGINE.*harmless/);
    expect(engineWarningLine("v22.1.0", true)).toBeNull();
    expect(engineWarningLine("v20.19.2", false)).toBeNull();
  });
});
