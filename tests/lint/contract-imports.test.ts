import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { importClosure } from "./contract-imports";
import { WHOLE_TREE } from "./whole-tree";

/**
 * The contract between the platform and its benchmarks (lib/benchmarks/types.ts) sits below both: what it imports,
 * type-only imports included and followed to the end, reaches no benchmark folder, not the registry that lists them,
 * and none of the platform's moving parts (worker, queue, upload handling, routes, pages, scripts). It may use
 * shared shapes (the database client's type, a leaderboard's shape, a pack's manifest), which import none of these.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FORBIDDEN = [
  /^lib\/benchmarks\/[^/]+\//, // a benchmark's folder
  /^lib\/benchmarks\/index\.ts$/, // the registry, which imports every benchmark
  /^lib\/(worker|queue|submissions\/create-|uploads\/upload-route)/,
  /^(app|components|scripts)\//,
];

function offending(files: readonly string[], contract: string): string[] {
  return files.filter((file) => file !== contract && FORBIDDEN.some((rule) => rule.test(file)));
}

test("lib/benchmarks/types.ts reaches no benchmark, registry, worker or route", WHOLE_TREE, async () => {
  const files = await importClosure(ROOT, "lib/benchmarks/types.ts");
  expect(offending(files, "lib/benchmarks/types.ts")).toEqual([]);
  // it was followed: the contract itself and at least the database client's type are in the closure
  expect(files).toEqual(expect.arrayContaining(["lib/benchmarks/types.ts", "lib/db/create-client.ts"]));
});

test("a contract that reaches the registry through a type import two files away is caught", async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "contract-imports-"));
  try {
    const tsconfig = { compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, baseUrl: ".", paths: { "@/*": ["./*"] } } };
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify(tsconfig),
      "lib/benchmarks/types.ts": 'import type { Options } from "@/lib/shapes/options";\nexport type Step = { options: Options };\n',
      "lib/shapes/options.ts": 'import type { Judge } from "@/lib/benchmarks/demo/judge";\nexport type Options = { judge: Judge };\n',
      "lib/benchmarks/demo/judge.ts": "export type Judge = { model: string };\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), text);
    }
    const closure = await importClosure(scratch, "lib/benchmarks/types.ts");
    expect(offending(closure, "lib/benchmarks/types.ts")).toEqual(["lib/benchmarks/demo/judge.ts"]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
