import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * Lint gate run by `npm test` (tests/lint/eslint.test.ts) and `npm run lint`. Its main job is the module boundary
 * of ARCHITECTURE.md ("The platform and its benchmarks"), kept by a tool rather than by review:
 *  1. platform code (app, components, lib outside a benchmark's folder, scripts) never imports a benchmark folder,
 *     type imports included; it goes through the registry `@/lib/benchmarks` and its top-level generic helpers.
 *     A benchmark's own folder (lib/benchmarks/<id>/) and its route group (app/(<id>)/) are not platform;
 *  2. pure files (a benchmark's top level except index.ts, lib/benchmarks/types.ts, AlpsBench's scoring,
 *     lib/stats, lib/metrics, lib/leaderboard) import nothing with I/O;
 *  3. platform code names no benchmark's vocabulary: no string that is a benchmark id, an AlpsBench task or
 *     track id ("task1", "task3/d100", "task4/ability2") or its scorer version ("alpsbench-v1"), nor a URL path
 *     with one as a segment ("/tasks/task1"), and no identifier built on a task or a benchmark id (`task2InputShare`).
 * Tests are outside the rules (they may reach into a benchmark folder and read fixtures). Import circles, type imports included, are found by
 * tests/lint/dependency-rules.test.ts, with the
 * one-way layers and "no benchmark imports another benchmark" (tests/lint/dependency-rules.ts).
 * Syntax-only linting (no type information): fast enough to run on every file in `npm test`.
 */

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

// Benchmark folders are read from disk so that `@/lib/benchmarks/<id>` (the folder's index) is caught as well
// as `@/lib/benchmarks/<id>/...`; the top-level files beside them are the generic helpers platform code may use.
const benchmarkIds = readdirSync(path.join(import.meta.dirname, "lib/benchmarks"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const benchmarkFolder = `^@/lib/benchmarks/(${benchmarkIds.join("|") || "[^/]+"}(/|$)|[^/]+/)`;
// a benchmark's own code: its folder and the route group that keeps its old URLs
const BENCHMARK_OWN = benchmarkIds.flatMap((id) => [`lib/benchmarks/${id}/**`, `app/(${id})/**`]);
const PLATFORM = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.{ts,tsx}", "*.ts"];

const platformPatterns = [
  {
    regex: benchmarkFolder,
    message: "Platform code reaches a benchmark only through the registry `@/lib/benchmarks` (getBenchmark), never its folder by name.",
  },
  {
    regex: "^(\\.\\.?/)+(lib/)?benchmarks/[^/]+/",
    message: "Platform code reaches a benchmark only through the registry `@/lib/benchmarks`, never its folder by path.",
  },
];

// 3. Strings that are a benchmark's vocabulary. Benchmark ids are included: a platform branch on "alpsbench" is
// the special case the registry exists to remove.
const words = [...benchmarkIds, "task[1-4]", "task3/d\\d+", "task4/ability\\d", "alpsbench-v\\d+"].join("|");
// the whole string ("task1"), or a segment of a URL path ("/tasks/task1", "/benchmarks/personalllm?x"): a nav or a
// link written into platform code names the benchmark as surely as a branch on its id
const vocabulary = new RegExp(`^(${words})$|^/(.*/)?(${words})(/|[?#]|$)`);
// an identifier (a variable, a property, a type's field) built on a task or a benchmark's id: `task2InputShare`,
// `pllmRows`. The site's own name (the ALPSBENCH_* settings, `alpsbenchDb`) is the platform's, not a benchmark's word.
const vocabularyIdentifier = new RegExp(`task[1-4](?![0-9])|${["pllm", ...benchmarkIds.filter((id) => id !== "alpsbench")].join("|")}`, "i");
const boundaryPlugin = {
  rules: {
    "no-benchmark-vocabulary": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const check = (node, value) => {
          if (typeof value === "string" && vocabulary.test(value)) {
            context.report({ node, message: `"${value}" is a benchmark's vocabulary: platform code reaches it through the registry's hooks.` });
          }
        };
        return {
          Literal: (node) => check(node, node.value),
          TemplateElement: (node) => check(node, node.value.cooked),
          Identifier: (node) => {
            if (vocabularyIdentifier.test(node.name)) {
              context.report({ node, message: `${node.name} names a benchmark's vocabulary: platform code reaches it through the registry's hooks.` });
            }
          },
        };
      },
    },
  },
};

// Client components' entry files: a "use client" directive on their first line (read from disk, so new ones count).
const clientFiles = ["app", "components", "lib"].flatMap((top) =>
  readdirSync(path.join(import.meta.dirname, top), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `${top}/${file}`)
    .filter((file) => /^\s*["']use client["']/.test(readFileSync(path.join(import.meta.dirname, file), "utf8").slice(0, 64))),
);

const ioModules = [...new Set(builtinModules.map((m) => m.replace(/^node:/, "").replace(/[/].*$/, "")))];
const purePatterns = [
  {
    regex: `^(node:|(${ioModules.join("|")})(/|$))`,
    allowTypeImports: true,
    message: "Pure code does no I/O: no Node built-ins (file system, network, processes, crypto, ...).",
  },
  {
    regex: "^(@/lib/db/|@/lib/generated/|hyparquet|next(/|$)|pg$|server-only$)",
    allowTypeImports: true,
    message: "Pure code does no I/O: no database, generated Prisma client, parquet reader, Next.js or server-only module.",
  },
  {
    regex: "^\\.{1,2}/(.*/)?(db|generated)/",
    allowTypeImports: true,
    message: "Pure code does no I/O: no database module through a relative path.",
  },
];
// A benchmark's subfolders (db, import, synthetic) are its I/O adapters; its top-level files stay pure.
const pureBenchmarkPatterns = [
  ...purePatterns,
  { regex: "^\\./[^/]+/", allowTypeImports: true, message: "A benchmark's pure top-level files do not import its I/O subfolders (db, import, ...)." },
];

// `no-restricted-imports` does not see `import("...")`: platform code may load modules lazily (charts), but not a
// benchmark folder; pure code has no reason to load anything at run time.
const platformDynamic = {
  selector: `ImportExpression[source.value=/${benchmarkFolder.replaceAll("/", "\\x2F")}/]`,
  message: "Platform code reaches a benchmark only through the registry `@/lib/benchmarks`, never its folder by name.",
};
const pureDynamic = { selector: "ImportExpression", message: "Pure code does no I/O: no dynamic import." };

const restrict = (patterns, dynamic) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
  "no-restricted-syntax": ["error", ...dynamic],
});

export default defineConfig([
  globalIgnores(["node_modules/", ".next/", ".data/", ".tmp/", "lib/generated/", "test-results/", "screenshots/", "next-env.d.ts"]),
  { files: ["**/*.{ts,tsx,mjs}"], extends: [js.configs.recommended, tseslint.configs.recommended] },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    rules: {
      // The recommended sets are kept whole; the one adjustment is the code base's convention for a binding kept
      // on purpose, a leading underscore (`const { ownerId: _ownerId, ...rest } = row` drops a field).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },

  // Rule 1 and rule 2. ESLint replaces (does not merge) a rule's options when two blocks match a file, so the
  // files that are both platform and pure (lib/leaderboard) get one block with both lists.
  {
    files: PLATFORM,
    ignores: ["lib/benchmarks/**", ...BENCHMARK_OWN, ...TESTS],
    rules: restrict(platformPatterns, [platformDynamic]),
  },
  {
    files: ["lib/benchmarks/types.ts", "lib/benchmarks/types-*.ts", "lib/benchmarks/*/*.ts"],
    ignores: ["lib/benchmarks/*/index.ts", ...TESTS],
    rules: restrict(pureBenchmarkPatterns, [pureDynamic]),
  },
  {
    files: ["lib/benchmarks/alpsbench/scoring/**/*.ts", "lib/stats/**/*.ts", "lib/metrics/**/*.ts"],
    ignores: TESTS,
    rules: restrict(purePatterns, [pureDynamic]),
  },
  {
    files: ["lib/leaderboard/**/*.ts"],
    ignores: TESTS,
    rules: restrict([...platformPatterns, ...purePatterns], [pureDynamic]),
  },

  // React: the rules of hooks everywhere a component or hook can live; the React Compiler's checks
  // (eslint-plugin-react-hooks' recommended set) on the "use client" files, where state, effects and memoisation
  // live; they are most of the lint time (45 s of CPU instead of 61 s for the whole repository with them on every .tsx).
  {
    files: ["app/**/*.tsx", "components/**/*.{ts,tsx}", "lib/**/*.tsx", "**/use-*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  { files: clientFiles.length ? clientFiles : ["<none>"], extends: [reactHooks.configs.flat.recommended] },
  // Next's rules are about the code Next bundles (app, components, lib and the root files it loads), not scripts or tests.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "*.ts"],
    ignores: TESTS,
    extends: [nextPlugin.configs["core-web-vitals"]],
    settings: { next: { rootDir: import.meta.dirname } },
  },
  // Rule 3.
  {
    files: PLATFORM,
    ignores: [...BENCHMARK_OWN, ...TESTS],
    plugins: { boundary: boundaryPlugin },
    rules: { "boundary/no-benchmark-vocabulary": "error" },
  },
]);
