import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";
import { WHOLE_TREE } from "./whole-tree";

/**
 * `npm test` runs ESLint (eslint.config.mjs) on every file, so the module boundary of ARCHITECTURE.md is kept by
 * a tool: platform code never imports a benchmark folder by name, pure code imports nothing with I/O. The second
 * half lints in-memory snippets at chosen paths to show that each rule fires where it should, and only there.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

// The cache lives in node_modules (a clean clone or `npm ci` starts without one) and is keyed on each file's
// content and the configuration that applies to it; no rule here reads another file, so a hit stays correct.
const eslint = new ESLint({ cwd: ROOT, cache: true, cacheLocation: path.join(ROOT, "node_modules/.cache/eslint/"), cacheStrategy: "content" });

test("every file passes ESLint", WHOLE_TREE, async () => {
  const results = await eslint.lintFiles(["."]);
  const problems = results.flatMap((r) => r.messages.map((m) => `${path.relative(ROOT, r.filePath)}:${m.line}:${m.column} ${m.message} (${m.ruleId ?? "fatal"})`));
  expect(problems).toEqual([]);
  // the gate looks at the whole repository, not an empty selection
  expect(results.length).toBeGreaterThan(300);
  expect(results.map((r) => path.relative(ROOT, r.filePath))).toEqual(
    expect.arrayContaining(["app/layout.tsx", "lib/benchmarks/alpsbench/scoring/normalize.ts", "eslint.config.mjs"]),
  );
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  // the snippets import names they do not use; that rule is not the subject here (nor how many patterns matched)
  const ids = result!.messages.filter((m) => m.ruleId !== "@typescript-eslint/no-unused-vars").map((m) => m.ruleId ?? `fatal: ${m.message}`);
  return [...new Set(ids)];
}

const RESTRICTED = "@typescript-eslint/no-restricted-imports";
const DYNAMIC = "no-restricted-syntax";

const VOCABULARY = "boundary/no-benchmark-vocabulary";

describe("platform code reaches a benchmark only through the registry", () => {
  test.each([
    ["a page importing a benchmark's schema", "app/example/page.tsx", 'import { RewardsPrediction } from "@/lib/benchmarks/personalllm/schemas";', [RESTRICTED]],
    // the imported name is a benchmark's too
    ["a component importing a benchmark's index", "components/example.tsx", 'import { personalLlm } from "@/lib/benchmarks/personalllm";', [RESTRICTED, VOCABULARY]],
    ["a script re-exporting from a benchmark", "scripts/example.ts", 'export { scoreUser } from "@/lib/benchmarks/personalllm/score-users";', [RESTRICTED]],
    ["lib code reaching a benchmark by relative path", "lib/worker/example.ts", 'import { x } from "../benchmarks/personalllm/views";', [RESTRICTED]],
    ["a dynamic import of a benchmark folder", "app/example/page.tsx", 'export const m = import("@/lib/benchmarks/personalllm/charts");', [DYNAMIC]],
    [
      "a platform page importing AlpsBench's read model",
      "app/example/page.tsx",
      'import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";',
      [RESTRICTED],
    ],
    [
      "the worker importing AlpsBench's scorer",
      "lib/worker/example.ts",
      'import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/score-track";',
      [RESTRICTED],
    ],
    ["a type-only import (no exception for types)", "app/example/page.tsx", 'import type { EvalUser } from "@/lib/benchmarks/personalllm/schemas";', [RESTRICTED]],
    ["the registry", "app/example/page.tsx", 'import { getBenchmark } from "@/lib/benchmarks";', []],
    ["a top-level generic helper", "app/example/page.tsx", 'import { scoreBenchmarkFile } from "@/lib/benchmarks/score-benchmark-file";', []],
    ["an inline type import", "lib/worker/example.ts", 'import { type JudgeSetup } from "@/lib/benchmarks/alpsbench/pipeline/submission-judge";', [RESTRICTED]],
    ["a test (outside the rule)", "lib/worker/example.test.ts", 'import { RewardsPrediction } from "@/lib/benchmarks/personalllm/schemas";', []],
    ["the benchmark's own files", "lib/benchmarks/personalllm/db/example.ts", 'import { RewardsPrediction } from "@/lib/benchmarks/personalllm/schemas";', []],
    ["AlpsBench's route group (its old URLs)", "app/(alpsbench)/tasks/example/page.tsx", 'import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";', []],
  ])("%s", async (_label, file, line, expected) => {
    expect(await ruleIds(file, `${line}\nexport const used = 1;\n`)).toEqual(expected);
  });
});

describe("platform code names no benchmark's vocabulary", () => {
  test.each([
    ["a branch on a track id", "lib/submissions/example.ts", 'export const first = (t: string) => t === "task1";', [VOCABULARY]],
    ["a Task 3 pool track in a template", "components/example.tsx", "export const t = `task3/d100`;", [VOCABULARY]],
    ["a Task 4 ability track", "app/example/page.tsx", 'export const t = ["task4/ability2"];', [VOCABULARY]],
    ["AlpsBench's scorer version", "lib/worker/example.ts", 'export const v = "alpsbench-v1";', [VOCABULARY]],
    ["a benchmark's id", "lib/leaderboard/example.ts", 'export const b = "personalllm";', [VOCABULARY]],
    ["a script naming a track", "scripts/example.ts", 'export const t = "task2";', [VOCABULARY]],
    ["prose that mentions a task", "lib/submissions/example.ts", 'export const s = "task1 and task2 are scored";', []],
    ["a nav link to a task's page", "components/example.ts", 'export const nav = [{ href: "/tasks/task1", label: "Task 1" }];', [VOCABULARY]],
    ["a link to a benchmark's page with a query", "app/example/page.tsx", "export const href = `/benchmarks/personalllm?split=dev`;", [VOCABULARY]],
    ["a link to a benchmark's page in a template with a hole", "app/example/page.tsx", "export const f = (v: string) => `/tasks/task3/${v}`;", [VOCABULARY]],
    ["a path that only contains the letters", "app/example/page.tsx", 'export const p = "/docs/task10-notes";', []],
    ["a field named after a task", "lib/leaderboard/example.ts", "export type Row = { task2InputShare: number };", [VOCABULARY]],
    ["a variable named after a benchmark", "lib/worker/example.ts", "export const pllmRows = [];", [VOCABULARY]],
    ["a property read named after a task", "components/example.tsx", "export const f = (r: { task3Share: number }) => r.task3Share;", [VOCABULARY]],
    ["the site's own name in a setting", "lib/env-example.ts", "export const dir = process.env.ALPSBENCH_DATA_DIR;", []],
    ["a number that only contains the letters", "lib/worker/example.ts", "export const task10Count = 1;", []],
    ["AlpsBench's own code", "lib/benchmarks/alpsbench/upload/example.ts", 'export const t = "task1";', []],
    ["AlpsBench's route group", "app/(alpsbench)/tasks/example/page.tsx", 'export const t = "task1";', []],
    ["a test (outside the rule)", "lib/submissions/example.test.ts", 'export const t = "task1";', []],
  ])("%s", async (_label, file, line, expected) => {
    expect(await ruleIds(file, `${line}\nexport const used = 1;\n`)).toEqual(expected);
  });
});

describe("pure files import nothing with I/O", () => {
  test.each([
    ["a benchmark's scorer importing node:fs", "lib/benchmarks/personalllm/example.ts", 'import { readFileSync } from "node:fs";', [RESTRICTED]],
    ["a benchmark's scorer importing fs/promises", "lib/benchmarks/personalllm/example.ts", 'import { readFile } from "fs/promises";', [RESTRICTED]],
    ["a benchmark's scorer importing its db folder", "lib/benchmarks/personalllm/example.ts", 'import { loadBoard } from "./db/load-board";', [RESTRICTED]],
    ["the benchmark types importing the database", "lib/benchmarks/types.ts", 'import { db } from "@/lib/db/client";', [RESTRICTED]],
    ["scoring importing node:fs", "lib/benchmarks/alpsbench/scoring/example.ts", 'import { readFileSync } from "node:fs";', [RESTRICTED]],
    ["ranking importing the Prisma client", "lib/leaderboard/charts/example.ts", 'import { Prisma } from "@/lib/generated/prisma/client";', [RESTRICTED]],
    ["ranking importing next", "lib/leaderboard/example.ts", 'import { notFound } from "next/navigation";', [RESTRICTED]],
    [
      "ranking importing a benchmark folder (also platform code)",
      "lib/leaderboard/example.ts",
      'import { x } from "@/lib/benchmarks/personalllm/schemas";',
      [RESTRICTED],
    ],
    ["scoring loading a module at run time", "lib/benchmarks/alpsbench/scoring/example.ts", 'export const m = import("./normalize");', [DYNAMIC]],
    ["a benchmark's index (its composition root)", "lib/benchmarks/personalllm/index.ts", 'import { readFileSync } from "node:fs";', []],
    ["a benchmark's importer subfolder", "lib/benchmarks/personalllm/import/example.ts", 'import { readFileSync } from "node:fs";', []],
    ["a scoring test", "lib/benchmarks/alpsbench/scoring/example.test.ts", 'import { readFileSync } from "node:fs";', []],
    ["a type-only import of the Prisma client", "lib/benchmarks/alpsbench/scoring/example.ts", 'import type { Prisma } from "@/lib/generated/prisma/client";', []],
    ["zod and sibling files", "lib/benchmarks/alpsbench/scoring/example.ts", 'import { z } from "zod";\nimport { normalize } from "./normalize";', []],
  ])("%s", async (_label, file, line, expected) => {
    expect(await ruleIds(file, `${line}\nexport const used = 1;\n`)).toEqual(expected);
  });
});

describe("React's hooks rules and Next.js's rules", () => {
  const conditionalHook = 'import { useState } from "react";\nexport function Example({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n';
  const stateInEffect =
    'import { useEffect, useState } from "react";\nexport function Example({ value }: { value: number }) {\n  const [v, setV] = useState(value);\n  useEffect(() => setV(value), [value]);\n  return <p>{v}</p>;\n}\n';
  const syncScript = 'export default function Page() {\n  return <script src="/x.js" />;\n}\n';
  test.each([
    ["a hook called conditionally in a component", "components/example.tsx", conditionalHook, ["react-hooks/rules-of-hooks"]],
    ["state copied from a prop in an effect (a client component)", "components/account-menu.tsx", stateInEffect, ["react-hooks/set-state-in-effect"]],
    ["a synchronous script in a page", "app/example/page.tsx", syncScript, ["@next/next/no-sync-scripts"]],
    ["a CLI script (Next's rules are for the code Next bundles)", "scripts/example.tsx", syncScript, []],
  ])("%s", async (_label, file, code, expected) => {
    expect(await ruleIds(file, code)).toEqual(expected);
  });
});
