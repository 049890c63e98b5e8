import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, walk, type Node } from "./typescript-ast";

/**
 * One benchmark contract (lib/benchmarks/types.ts): no code asks which kind of benchmark it holds. A dispatcher calls
 * the benchmark's resolved capabilities (lib/benchmarks/hosted-capabilities.ts, the one file that chooses between
 * a declared capability and the platform's default), so a name of a second kind (`PipelineBenchmark`,
 * `HostedBenchmark`, `isPipelineBenchmark`) or a test of a member's presence (`"pipeline" in benchmark`) is refused
 * everywhere else, tests included. So is a use of the chooser's own test of whether a benchmark declares the one-call
 * members (`oneCallOf`, `needsOneCall`) outside tests: a caller that forks on it has two paths again; a test may read
 * a one-call benchmark's members to test them.
 */

/** The one file that decides, per capability, between what a benchmark declares and the platform's default. */
const CHOOSER = "lib/benchmarks/hosted-capabilities.ts";

/** Names of a second kind of benchmark, or of the test that tells the kinds apart. */
const KIND_NAMES = new Set(["PipelineBenchmark", "HostedBenchmark", "isPipelineBenchmark"]);

/** The chooser's test of the one-call members, which only it may ask outside tests. */
const ONE_CALL_TESTS = new Set(["oneCallOf", "needsOneCall"]);

const isTest = (file: string) => file.startsWith("tests/") || /\.test\.tsx?$/.test(file);

/**
 * Each place `code` names a second kind, tests for the `pipeline` member or (outside tests) uses the one-call test,
 * as `file:line what`. Comments and strings do not count.
 */
export function kindTests(file: string, code: string): string[] {
  const found: string[] = [];
  const names = isTest(file) ? KIND_NAMES : new Set([...KIND_NAMES, ...ONE_CALL_TESTS]);
  for (const node of walk(parse(file, code))) {
    if (node.type === "Identifier" && names.has(node.name as string)) found.push(`${file}:${node.loc.start.line} ${node.name as string}`);
    const left = node.left as Node | undefined;
    if (node.type === "BinaryExpression" && node.operator === "in" && left?.type === "Literal" && left.value === "pipeline") {
      found.push(`${file}:${node.loc.start.line} "pipeline" in`);
    }
  }
  // an import's specifier holds the name twice (imported, local): one place each
  return [...new Set(found)];
}

/** Every kind test in `files` (paths relative to `root`) outside the chooser. */
export function kindTestsIn(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    if (file === CHOOSER) return [];
    const code = readFileSync(path.join(root, file), "utf8");
    // parsing is the cost: only a file whose text could hold one is parsed
    return /PipelineBenchmark|HostedBenchmark|oneCallOf|needsOneCall|["'`]pipeline["'`]\s+in\b/.test(code) ? kindTests(file, code) : [];
  });
}
