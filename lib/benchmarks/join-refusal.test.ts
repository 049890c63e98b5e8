import { describe, expect, it } from "vitest";
import { capabilitiesOf } from "./hosted-capabilities";
import { pipelineBenchmark } from "@/tests/fixtures/pipeline-benchmark";
import { thirdBenchmark } from "@/tests/fixtures/third-benchmark";
import { hostedBenchmarks, joinRefusal, ROOT_BENCHMARK } from "./index";

/**
 * The check every benchmark passes before it is hosted: the built-ins when lib/benchmarks/index.ts loads (a clash
 * throws there, so this file would not even import), a test's registerBenchmark at run time.
 */
describe("joinRefusal", () => {
  const hosted = hostedBenchmarks();

  it.each([
    ["a new module", thirdBenchmark("fresh-module"), null],
    ["a new pipeline benchmark", pipelineBenchmark("fresh-pipe"), null],
    ["an id taken", thirdBenchmark(ROOT_BENCHMARK.id), `benchmark "${ROOT_BENCHMARK.id}" is already registered`],
    ["a data version of another", pipelineBenchmark(capabilitiesOf(ROOT_BENCHMARK).dataVersions[0]), "already names another benchmark"],
    ["a view slug of the old read URLs", thirdBenchmark(capabilitiesOf(ROOT_BENCHMARK).rootViewSlugs[0]!), "already names another benchmark"],
    ["a malformed id", thirdBenchmark("Not_An_Id"), "lowercase letters, digits and -"],
    [
      "a track another declares",
      { ...pipelineBenchmark("fresh-pipe"), tracks: [{ ...pipelineBenchmark("x").tracks[0]!, id: ROOT_BENCHMARK.tracks[0]!.id }] },
      "is already another benchmark's",
    ],
  ])("%s", (_label, benchmark, refusal) => {
    const answer = joinRefusal(benchmark, hosted);
    if (refusal === null) expect(answer).toBeNull();
    else expect(answer).toContain(refusal);
  });
});
