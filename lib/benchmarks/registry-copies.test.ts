import { expect, test } from "vitest";
import { pipelineBenchmark } from "../../tests/fixtures/pipeline-benchmark";
import { thirdBenchmark } from "../../tests/fixtures/third-benchmark";
import * as first from "./index";

/**
 * A process may load the registry twice: tests/e2e/servers/with-test-benchmark.ts registers a test benchmark
 * through its own copy, then serves Next's production bundles, which carry another copy of lib/benchmarks/index.ts.
 * A second copy is loaded here under another module id (a query string), as a bundler's copy is another module.
 */
test("a benchmark registered through one copy of the registry is hosted by every other copy in the process", async () => {
  // the built-in modules, read from the registry (a new built-in one changes nothing here)
  const builtIn = first.BENCHMARKS.map((b) => b.id);
  const specifier = "./index?second-copy";
  const second = (await import(/* @vite-ignore */ specifier)) as typeof first;
  expect(second.getHostedBenchmark).not.toBe(first.getHostedBenchmark);

  const pipeline = pipelineBenchmark("copies-pipe", ["one", "two"]);
  const unregisterPipeline = first.registerBenchmark(pipeline);
  const unregisterModule = first.registerBenchmark(thirdBenchmark("copies-module"));
  try {
    expect(second.getHostedBenchmark("copies-pipe")).toBe(pipeline);
    expect(second.benchmarkOfDataVersion("copies-pipe-v1")).toBe(pipeline);
    expect(second.hostedTrack("copies-pipe/two")?.label).toBe("Pipe test · Echo two");
    expect(second.getBenchmark("copies-module")?.id).toBe("copies-module");
    // BENCHMARKS stays an array to its callers (map, spread, length, JSON), and live
    expect(Array.isArray(second.BENCHMARKS)).toBe(true);
    expect(second.BENCHMARKS.map((b) => b.id)).toEqual([...builtIn, "copies-module"]);
    expect([...second.BENCHMARKS].length).toBe(second.BENCHMARKS.length);
    expect(JSON.parse(JSON.stringify(second.BENCHMARKS.map((b) => b.id)))).toEqual([...builtIn, "copies-module"]);
    // a name taken through one copy is refused through the other
    expect(() => second.registerBenchmark(pipelineBenchmark("copies-pipe", ["three"]))).toThrow(/already registered/);
  } finally {
    unregisterPipeline();
    unregisterModule();
  }
  expect(second.getHostedBenchmark("copies-pipe")).toBeNull();
  expect(second.BENCHMARKS.map((b) => b.id)).toEqual(builtIn);
  expect(first.BENCHMARKS.map((b) => b.id)).toEqual(builtIn);
});
