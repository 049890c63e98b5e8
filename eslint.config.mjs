import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * Lint gate run by `npm test` (lib/lint.test.ts) and `npm run lint`. Its main job is the module boundary of
 * ARCHITECTURE.md ("Next: the platform and its benchmarks"), kept by a tool rather than by review:
 *  1. platform code (app, components, lib outside lib/benchmarks, scripts) never imports a benchmark folder by
 *     name; it goes through the registry `@/lib/benchmarks` and that folder's top-level generic helpers;
 *  2. pure files (a benchmark's top level except index.ts, lib/benchmarks/types.ts, lib/scoring, lib/leaderboard)
 *     import nothing with I/O;
 *  3. the platform's dispatchers (DISPATCHERS below) do not import AlpsBench's vocabulary (lib/tracks.ts, its views,
 *     metrics and scorer version): they reach it through the hooks it declares, as any benchmark.
 * Tests are outside these rules (they may reach into a benchmark folder and read fixtures). Rules 1 and 3 count
 * `import type` too: a type names a benchmark's design as surely as a value does. Rule 2 lets it through (a type
 * does no I/O). Import circles, type imports included, are found by tests/lint/import-cycles.test.ts.
 * Syntax-only linting (no type information): fast enough to run on every file in `npm test`.
 */

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

// Benchmark folders are read from disk so that `@/lib/benchmarks/<id>` (the folder's index) is caught as well
// as `@/lib/benchmarks/<id>/...`; the top-level files beside them are the generic helpers platform code may use.
const benchmarkIds = readdirSync(path.join(import.meta.dirname, "lib/benchmarks"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const benchmarkFolder = `^@/lib/benchmarks/(${benchmarkIds.join("|") || "[^/]+"}(/|$)|[^/]+/)`;

const platformPatterns = [
  {
    regex: benchmarkFolder,
    message: "Platform code reaches a benchmark only through the registry `@/lib/benchmarks` (getBenchmark), never its folder by name.",
  },
  {
    // the same through a relative path (no code does this today; the alias is the project's convention)
    regex: "^(\\.\\.?/)+(lib/)?benchmarks/[^/]+/",
    message: "Platform code reaches a benchmark only through the registry `@/lib/benchmarks`, never its folder by path.",
  },
];

// 3. The platform's dispatchers (upload, queue, worker step, read API, snapshot, the switcher) name no benchmark's
// vocabulary either: AlpsBench's tracks, views and scorer version are reached through its declared hooks
// (lib/benchmarks/types.ts, OwnPipeline), like any other benchmark's. Much AlpsBench code still lives in platform
// folders (lib/pipeline, lib/datasets, lib/db/queries, the /tasks pages); these files are the ones already free of it.
const DISPATCHERS = [
  "lib/benchmarks/*.ts",
  "lib/submissions/**/*.ts",
  "lib/queue/**/*.ts",
  "lib/pipeline/score-submission.ts",
  "lib/pipeline/score-version-for.ts",
  "app/api/v1/submissions/**/*.ts",
  "app/api/v1/leaderboards/**/*.ts",
  "app/api/v1/snapshot/**/*.ts",
  "app/api/v1/inputs/**/*.ts",
  "components/benchmark-switcher.tsx",
];
// by alias (`@/lib/tracks`) or by relative path (`./score-track`, `../tracks`, `../leaderboard/views`)
const vocabulary = "^(@/lib/|\\.{1,2}/(.*/)?)(tracks|leaderboard/views|leaderboard/metrics|pipeline/score-track|score-track)$";
const vocabularyMessage =
  "A dispatcher names no benchmark's tracks or views: reach AlpsBench through its hooks (getHostedBenchmark / benchmarkOfDataVersion, OwnPipeline).";
const vocabularyPatterns = [{ regex: vocabulary, message: vocabularyMessage }];
const vocabularyDynamic = { selector: `ImportExpression[source.value=/${vocabulary.replaceAll("/", "\\x2F")}/]`, message: vocabularyMessage };

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
  // files that are both platform and pure (lib/scoring, lib/leaderboard) get one block with both lists.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.{ts,tsx}"],
    ignores: ["lib/benchmarks/**", ...TESTS],
    rules: restrict(platformPatterns, [platformDynamic]),
  },
  {
    files: DISPATCHERS,
    ignores: TESTS,
    rules: restrict([...platformPatterns, ...vocabularyPatterns], [platformDynamic, vocabularyDynamic]),
  },
  {
    files: ["lib/benchmarks/types.ts", "lib/benchmarks/*/*.ts"],
    ignores: ["lib/benchmarks/*/index.ts", ...TESTS],
    rules: restrict(pureBenchmarkPatterns, [pureDynamic]),
  },
  {
    files: ["lib/scoring/**/*.ts", "lib/leaderboard/**/*.ts"],
    // lib/scoring/testing holds test helpers (the Python oracle spawns python3); tests import them, scoring does not
    ignores: ["lib/scoring/testing/**", ...TESTS],
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
]);
