import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { checkDependencies } from "./dependency-rules";
import { WHOLE_TREE } from "./whole-tree";

/**
 * `npm test` fails on an import that runs against the layers (tests/lint/dependency-rules.ts): an import circle
 * anywhere, type-only imports included; app → components → lib; the worker above benchmarks and services; no
 * benchmark folder importing another; no production code importing test code, and no module that only tests use
 * kept outside tests/ (a fake server, an oracle, a fixture builder). The second half plants each violation in a scratch tree with the same `@/`
 * alias to show the check sees it (its tsconfig names its baseUrl: the scratch tree is not the working directory).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("the code base keeps every dependency rule", WHOLE_TREE, async () => {
  const { cycles, violations, modules, unresolvedAliases, testOnly } = await checkDependencies(ROOT, ["app", "components", "lib", "scripts", "tests"]);
  expect(cycles).toEqual([]);
  expect(violations).toEqual([]);
  expect(unresolvedAliases).toEqual([]);
  expect(testOnly).toEqual([]);
  // the check looked at the whole tree, not an empty selection
  expect(modules).toBeGreaterThan(500);
});

describe("a planted violation fails the check", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
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

  test("a circle through type-only imports and the @/ alias", async () => {
    const root = tree("type-only", {
      "lib/contract/types.ts": 'import type { Options } from "@/lib/runner/run";\nexport type Step = { options: Options };\n',
      "lib/runner/run.ts": 'import type { Step } from "../contract/types";\nexport type Options = { steps: Step[] };\n',
    });
    expect((await checkDependencies(root, ["lib"])).cycles).toEqual(["lib/contract/types.ts -> lib/runner/run.ts"]);
  });

  test("a circle through three files of components, reported once", async () => {
    const root = tree("three", {
      "components/a.tsx": 'import { b } from "./b";\nexport const a = () => b;\n',
      "components/b.tsx": 'import { c } from "@/components/c";\nexport const b = () => c;\n',
      "components/c.tsx": 'import type { a } from "./a";\nexport const c = 1 as unknown as typeof a;\n',
    });
    expect((await checkDependencies(root, ["components"])).cycles).toEqual(["components/a.tsx -> components/b.tsx -> components/c.tsx"]);
  });

  const exported = "export const x = 1;\n";
  test.each([
    ["a component importing a page's action", "app-on-top", "components/menu.tsx", 'import { x } from "@/app/signin/actions";', "app/signin/actions.ts"],
    ["lib importing a route helper by relative path", "app-on-top", "lib/http/a.ts", 'import { x } from "../../app/api/_lib/http";', "app/api/_lib/http.ts"],
    ["lib importing a script's helper", "scripts-on-top", "lib/db/a.ts", 'import { x } from "@/scripts/lib/next-build";', "scripts/lib/next-build.ts"],
    [
      "ranking importing a component's formatter",
      "components-above-lib",
      "lib/leaderboard/a.ts",
      'import { x } from "@/components/format";',
      "components/format.ts",
    ],
    [
      "a benchmark type-importing the worker",
      "worker-on-top",
      "lib/benchmarks/demo/pipeline/a.ts",
      'import type { x } from "@/lib/worker/failure";',
      "lib/worker/failure.ts",
    ],
    ["the upload path importing the worker", "worker-on-top", "lib/submissions/a.ts", 'import { x } from "@/lib/worker/version";', "lib/worker/version.ts"],
    ["the queue re-exporting the worker", "worker-on-top", "lib/queue/index.ts", 'export { x } from "../worker/worker";', "lib/worker/worker.ts"],
    [
      "a benchmark importing another's statistics",
      "no-benchmark-to-benchmark",
      "lib/benchmarks/toy/score.ts",
      'import { x } from "@/lib/benchmarks/demo/scoring/bootstrap";',
      "lib/benchmarks/demo/scoring/bootstrap.ts",
    ],
    [
      "a route importing a test fake",
      "production-imports-no-tests",
      "lib/llm-judge/a.ts",
      'import { x } from "@/tests/fakes/chat-server";',
      "tests/fakes/chat-server.ts",
    ],
    ["a script importing a test", "production-imports-no-tests", "scripts/worker.ts", 'import { x } from "../lib/queue/jobs.test";', "lib/queue/jobs.test.ts"],
    [
      "a benchmark's test importing another's",
      "no-benchmark-to-benchmark",
      "lib/benchmarks/toy/score.test.ts",
      'import { x } from "../demo/random";',
      "lib/benchmarks/demo/random.ts",
    ],
  ])("%s (%s)", async (_label, rule, from, line, to) => {
    const root = tree(`${rule}-${from.replaceAll("/", "_")}`, { [from]: `${line}\nexport const used = x;\n`, [to]: exported });
    const { violations, unresolvedAliases } = await checkDependencies(
      root,
      ["app", "components", "lib", "scripts", "tests"].filter((top) => from.startsWith(top) || to.startsWith(top)),
    );
    expect(unresolvedAliases).toEqual([]);
    expect(violations).toEqual([`${rule}: ${from} -> ${to}`]);
  });

  test("a module only tests reach, directly or through another, is reported; one the site also imports is not", async () => {
    const root = tree("test-only", {
      "lib/llm-judge/client.ts": "export const client = 1;\n",
      "lib/llm-judge/testing/fake-server.ts": 'import { oracle } from "./oracle";\nexport const fake = oracle;\n',
      "lib/llm-judge/testing/oracle.ts": "export const oracle = 1;\n",
      "lib/llm-judge/client.test.ts": 'import { client } from "./client";\nimport { fake } from "./testing/fake-server";\nexport const t = client + fake;\n',
      "tests/integration/judge.test.ts":
        'import { client } from "@/lib/llm-judge/client";\nimport { GET } from "@/app/api/judge/route";\nexport const t = client + GET;\n',
      "app/api/judge/route.ts": 'import { client } from "@/lib/llm-judge/client";\nexport const GET = client;\n',
    });
    const { violations, testOnly } = await checkDependencies(root, ["app", "lib", "tests"]);
    expect(violations).toEqual([]);
    expect(testOnly).toEqual(["lib/llm-judge/testing/fake-server.ts", "lib/llm-judge/testing/oracle.ts"]);
  });

  test("imports that run one way pass", async () => {
    const root = tree("allowed", {
      "app/page.tsx": 'import { x } from "@/components/table";\nimport { y } from "@/lib/worker/status";\nexport const page = x + y;\n',
      "components/table.tsx": 'import { z } from "@/lib/leaderboard/format";\nexport const x = z;\n',
      "lib/leaderboard/format.ts": "export const z = 1;\n",
      "lib/worker/status.ts": 'import { w } from "@/lib/benchmarks/demo/pipeline/step";\nexport const y = w;\n',
      "lib/benchmarks/demo/pipeline/step.ts": 'import { s } from "@/lib/stats/seeded";\nimport { v } from "../scoring/own";\nexport const w = s + v;\n',
      "lib/benchmarks/demo/scoring/own.ts": "export const v = 1;\n",
      "lib/benchmarks/demo/ui/page.tsx": 'import { x } from "@/components/table";\nexport const p = x;\n',
      "lib/benchmarks/demo/bench/route-speed.ts": 'import { page } from "@/app/page";\nexport const b = page;\n',
      "lib/stats/seeded.ts": "export const s = 1;\n",
      "lib/submissions/route-fields.test.ts": 'import { page } from "@/app/page";\nimport { y } from "@/lib/worker/status";\nexport const t = page + y;\n',
    });
    expect(await checkDependencies(root, ["app", "components", "lib"])).toEqual({ cycles: [], violations: [], modules: 10, unresolvedAliases: [], testOnly: [] });
  });
});
