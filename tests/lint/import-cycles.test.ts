import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { importCycles } from "./import-cycles";

/**
 * `npm test` fails on an import circle anywhere in the code base, type-only imports included: the contract
 * (lib/benchmarks/types.ts) sits below the platform and the benchmarks, and a component's pieces below the
 * component. The second half plants circles in a scratch tree with the same `@/` alias to show the check sees them
 * (its tsconfig names its baseUrl: the scratch tree is not the working directory).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("the code base has no import circle", { timeout: 300_000 }, async () => {
  const { cycles, modules, unresolvedAliases } = await importCycles(ROOT, ["app", "components", "lib", "scripts", "tests"]);
  expect(cycles).toEqual([]);
  expect(unresolvedAliases).toEqual([]);
  // the check looked at the whole tree, not an empty selection
  expect(modules).toBeGreaterThan(500);
});

describe("a planted circle fails the check", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function tree(name: string, files: Record<string, string>): string {
    const root = path.join(scratch, name);
    const tsconfig = { compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, baseUrl: ".", paths: { "@/*": ["./*"] } } };
    for (const [file, text] of Object.entries({ "tsconfig.json": JSON.stringify(tsconfig), ...files })) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  test("through type-only imports and the @/ alias", async () => {
    const root = tree("type-only", {
      "lib/contract/types.ts": 'import type { Options } from "@/lib/runner/run";\nexport type Step = { options: Options };\n',
      "lib/runner/run.ts": 'import type { Step } from "../contract/types";\nexport type Options = { steps: Step[] };\n',
    });
    expect((await importCycles(root, ["lib"])).cycles).toEqual(["lib/contract/types.ts -> lib/runner/run.ts"]);
  });

  test("through three files of components, one circle reported once", async () => {
    const root = tree("three", {
      "components/a.tsx": 'import { b } from "./b";\nexport const a = () => b;\n',
      "components/b.tsx": 'import { c } from "@/components/c";\nexport const b = () => c;\n',
      "components/c.tsx": 'import type { a } from "./a";\nexport const c = 1 as unknown as typeof a;\n',
    });
    expect((await importCycles(root, ["components"])).cycles).toEqual(["components/a.tsx -> components/b.tsx -> components/c.tsx"]);
  });

  test("imports one way only pass", async () => {
    const root = tree("acyclic", {
      "lib/contract/types.ts": "export type Step = { name: string };\n",
      "lib/runner/run.ts": 'import type { Step } from "@/lib/contract/types";\nexport type Options = { steps: Step[] };\n',
    });
    expect(await importCycles(root, ["lib"])).toEqual({ cycles: [], modules: 2, unresolvedAliases: [] });
  });
});
