import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { unusedExports } from "./unused-exports";
import { WHOLE_TREE } from "./whole-tree";

/**
 * `npm test` fails on an export nothing imports and on a re-export (tests/lint/unused-exports.ts): a name is
 * imported from the file that defines it, and what nothing uses is deleted, so there is one way to import
 * everything and no dead code kept alive by its `export`. The second test plants each kind in a scratch tree to
 * show the check sees it.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("every export of the code base is imported somewhere, from the file that defines it", WHOLE_TREE, () => {
  const { unused, reexports, files } = unusedExports(ROOT, ["app", "components", "lib", "scripts", "tests"]);
  expect(unused).toEqual([]);
  expect(reexports).toEqual([]);
  // the check read the whole tree, not an empty selection
  expect(files).toBeGreaterThan(500);
});

test("planted unused exports are found, used ones are not", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "unused-exports-"));
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, paths: { "@/*": ["./*"] } } }),
    "lib/scope.ts": "export function parseScope() {}\nexport function scopeOf() {}\nexport type Scope = string;\nexport const { a, b } = { a: 1, b: 2 };\n",
    "lib/barrel/index.ts": 'export { scopeOf, parseScope as parse } from "../scope";\nexport * from "../stats";\nexport * from "../unread";\n',
    "lib/stats.ts": "export const mean = 1;\nexport const median = 2;\n",
    "lib/unread.ts": "export const never = 1;\n",
    "lib/lazy.ts": "export const chart = 1;\nexport default chart;\n",
    "lib/typed.ts": "export interface Row { id: string }\nexport interface Other { id: string }\n",
    "lib/forward.ts": 'import { mean } from "./stats";\nexport { mean as average };\nexport const own = mean;\n',
    "lib/benchmarks/types.ts": 'export type { Row } from "../typed";\n',
    "components/table.tsx": [
      'import { scopeOf } from "@/lib/barrel";',
      'import { mean } from "../lib/barrel";',
      'import { a } from "@/lib/scope";',
      'export const view = () => import("@/lib/lazy");',
      'export type R = import("@/lib/typed").Row;',
      'import { average, own } from "@/lib/forward";',
      'import type { Row } from "@/lib/benchmarks/types";',
      "export const shown = [scopeOf, mean, a, average, own] as unknown as Row[];",
    ].join("\n"),
    "app/page.tsx":
      'import { shown, view, type R } from "@/components/table";\nexport default function Page() { return [shown, view] as unknown as R; }\nexport const dynamic = "force-dynamic";\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  const { unused, reexports } = unusedExports(scratch, ["app", "components", "lib", "tests"]);
  rmSync(scratch, { recursive: true, force: true });
  // the contract (lib/benchmarks/types.ts) may re-export its parts
  expect(reexports).toEqual([
    "lib/barrel/index.ts:1 parse (re-exported)",
    "lib/barrel/index.ts:1 scopeOf (re-exported)",
    "lib/barrel/index.ts:2 * (re-exported)",
    "lib/barrel/index.ts:3 * (re-exported)",
    "lib/forward.ts:2 average (re-exported)", // an imported name exported again
  ]);
  expect(unused).toEqual([
    "lib/barrel/index.ts:1 parse", // a re-export nothing imports through
    "lib/barrel/index.ts:3 export * from lib/unread.ts", // a star re-export nothing reads through
    "lib/scope.ts:1 parseScope", // only re-exported, under a name nobody imports
    "lib/scope.ts:3 Scope", // a type nothing imports
    "lib/scope.ts:4 b", // one name of a destructured export
    "lib/stats.ts:2 median",
    "lib/typed.ts:2 Other",
    "lib/unread.ts:1 never",
  ]);
});
