import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { WHOLE_TREE } from "./whole-tree";

/**
 * `npm test` type-checks the whole tree (tsconfig.json: app, components, lib, scripts, tests), since `next build`
 * does not (next.config.ts `typescript.ignoreBuildErrors`: the check belongs to the tests, not to every start).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

test("the whole tree type-checks (tsc --noEmit)", WHOLE_TREE, async () => {
  const result = await promisify(execFile)(process.execPath, [TSC, "--noEmit", "-p", ROOT], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).then(
    () => ({ code: 0, output: "" }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? String(error) }),
  );
  // the compiler's own lines (file(line,col): error TSxxxx: …) when it fails
  expect(result.output).toBe("");
  expect(result.code).toBe(0);
});
