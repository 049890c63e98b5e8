import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

/**
 * `registerBenchmark` extends the registry at run time for tests (a test-only third benchmark); no shipped code may
 * call it, or a request could add a benchmark. (The import boundaries themselves are ESLint rules: eslint.config.mjs.)
 * Only code counts: a benchmark folder started from a test fixture may keep a comment that names it.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) return [];
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Whether the name appears as code (an identifier, or a string equal to it: `mod["registerBenchmark"]`); comments do not count. */
function namesInCode(source: string, name: string, jsx: boolean): boolean {
  const file = ts.createSourceFile(jsx ? "f.tsx" : "f.ts", source, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node): boolean => ((ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === name) || ts.forEachChild(node, visit) === true;
  return visit(file);
}

test("the scan finds a call and an import, not a comment or a string", () => {
  expect(namesInCode('import { registerBenchmark } from "@/lib/benchmarks";', "registerBenchmark", false)).toBe(true);
  expect(namesInCode("const undo = registerBenchmark(toy);", "registerBenchmark", false)).toBe(true);
  expect(namesInCode("/** the test registers it with registerBenchmark */\n// registerBenchmark(x)\n", "registerBenchmark", false)).toBe(false);
  expect(namesInCode('const s = "registerBenchmark is for tests";', "registerBenchmark", false)).toBe(false);
  expect(namesInCode('benchmarks["registerBenchmark"](toy);', "registerBenchmark", false)).toBe(true);
  // after a template literal with a placeholder (where a bare token scanner loses its place)
  expect(namesInCode("const a = `x ${1} y`;\nregisterBenchmark(toy);", "registerBenchmark", false)).toBe(true);
});

test("registerBenchmark (tests only) is called by no route, page, CLI or platform code", () => {
  const shipped = ["app", "components", "lib", "scripts"]
    .flatMap((d) => files(path.join(ROOT, d)))
    .filter((f) => path.relative(ROOT, f) !== "lib/benchmarks/index.ts");
  expect(shipped.length).toBeGreaterThan(100);
  // parse only the files whose text names it at all (none, today)
  const callers = shipped
    .filter((f) => {
      const text = readFileSync(f, "utf8");
      return text.includes("registerBenchmark") && namesInCode(text, "registerBenchmark", f.endsWith(".tsx"));
    })
    .map((f) => path.relative(ROOT, f));
  expect(callers).toEqual([]);
});
