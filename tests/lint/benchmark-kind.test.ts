import path from "node:path";
import { describe, expect, test } from "vitest";
import { kindTests, kindTestsIn } from "./benchmark-kind";
import { sourceFiles } from "./comment-paths";
import { WHOLE_TREE } from "./whole-tree";

/**
 * One benchmark contract (tests/lint/benchmark-kind.ts): outside lib/benchmarks/hosted-capabilities.ts no file, test
 * or production, names a second kind of benchmark or tests which kind it holds, and no production file forks on the
 * chooser's one-call test.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("no file but the capabilities chooser asks which kind a benchmark is", WHOLE_TREE, () => {
  const files = sourceFiles(ROOT);
  // the check covers the dispatchers and the tests, not an empty selection
  expect(files).toEqual(expect.arrayContaining(["lib/worker/score-submission.ts", "lib/submissions/upload-target.ts", "tests/fixtures/pipeline-benchmark.ts"]));
  expect(kindTestsIn(ROOT, files)).toEqual([]);
});

describe("what counts as asking which kind a benchmark is", () => {
  test.each([
    [
      "the old guard",
      'import { isPipelineBenchmark } from "./types";\nif (isPipelineBenchmark(b)) run();',
      ["f.ts:1 isPipelineBenchmark", "f.ts:2 isPipelineBenchmark"],
    ],
    ["a second kind's type", "const b: PipelineBenchmark = declared;\ntype H = HostedBenchmark[];", ["f.ts:1 PipelineBenchmark", "f.ts:2 HostedBenchmark"]],
    ["a presence test", 'const own = "pipeline" in benchmark ? 1 : 0;', ['f.ts:1 "pipeline" in']],
    [
      "a declared capability, a comment, a string",
      'const step = capabilitiesOf(b).scoreStep;\n// "pipeline" in b, PipelineBenchmark\nconst s = "isPipelineBenchmark";',
      [],
    ],
    ["another member's presence", 'if ("seed" in b) seed();', []],
    [
      "a fork on the one-call test",
      'import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";\nconst m = oneCallOf(b);\nconst s = needsOneCall(b, "scoring");',
      ["f.ts:1 oneCallOf", "f.ts:2 oneCallOf", "f.ts:3 needsOneCall"],
    ],
    ["a capability the chooser resolved", "const body = await capabilitiesOf(b).readiness(db);\n// oneCallOf(b) once did this", []],
  ])("%s", (_label, code, expected) => {
    expect(kindTests("f.ts", code)).toEqual(expected);
  });

  test("a test may read a one-call benchmark's members; it may not name a second kind", () => {
    const code = 'const personalLlm = oneCallOf(getBenchmark("personalllm"))!;\nconst b: PipelineBenchmark = x;';
    expect(kindTests("lib/x.test.ts", code)).toEqual(["lib/x.test.ts:2 PipelineBenchmark"]);
    expect(kindTests("tests/integration/x.test.ts", code)).toEqual(["tests/integration/x.test.ts:2 PipelineBenchmark"]);
    expect(kindTests("lib/x.ts", code)).toEqual(["lib/x.ts:1 oneCallOf", "lib/x.ts:2 PipelineBenchmark"]);
  });
});
