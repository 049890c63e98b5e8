import path from "node:path";
import { describe, expect, test } from "vitest";
import { kindTests, kindTestsIn } from "./benchmark-kind";
import { sourceFiles } from "./comment-paths";
import { WHOLE_TREE } from "./whole-tree";

/**
 * One benchmark contract (tests/lint/benchmark-kind.ts): outside lib/benchmarks/hosted-capabilities.ts no file, test
 * or production, names a second kind of benchmark or tests which kind it holds.
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
  ])("%s", (_label, code, expected) => {
    expect(kindTests("f.ts", code)).toEqual(expected);
  });
});
