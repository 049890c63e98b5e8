import { alpsBench } from "./alpsbench";
import { personalLlm } from "./personalllm";
import type { Benchmark, HostedBenchmark, PipelineBenchmark } from "./types";

/**
 * The benchmarks the platform hosts, by id. Platform code resolves `/<benchmark>/...` and an upload's
 * `benchmark` field through this registry and never imports a benchmark folder by name.
 *
 * Two lists: `BENCHMARKS` holds the modules the platform scores itself (one pure `score` per upload: PersonalLLM
 * and any module registered later); `HOSTED_BENCHMARKS` adds the benchmark at "/" (AlpsBench), which scores with its
 * own pipeline through the hooks it declares (types.ts, `OwnPipeline`).
 */
const BUILT_IN: readonly Benchmark[] = [personalLlm];
const registered: Benchmark[] = [...BUILT_IN];

/** Every registered module (a live view: a test's registerBenchmark shows here until it unregisters). */
export const BENCHMARKS: readonly Benchmark[] = registered;

export function getBenchmark(id: string): Benchmark | null {
  return registered.find((b) => b.id === id) ?? null;
}

/** The benchmark at "/": its data versions are the BenchmarkVersion rows no module owns ("alpsbench-v1", "demo"). */
export const ROOT_BENCHMARK: PipelineBenchmark = alpsBench;

/** Every hosted benchmark, the one at "/" first (the switcher's order). */
export function hostedBenchmarks(): readonly HostedBenchmark[] {
  return [ROOT_BENCHMARK, ...registered];
}

/** A hosted benchmark by id, either kind. */
export function getHostedBenchmark(id: string): HostedBenchmark | null {
  return id === ROOT_BENCHMARK.id ? ROOT_BENCHMARK : getBenchmark(id);
}

/**
 * The benchmark an upload's `benchmark` field (or a stored BenchmarkVersion's slug) belongs to: a module by its
 * id, else the root benchmark, whose data versions have their own slugs (`alpsbench-v1`, `demo`, an imported one).
 */
export function benchmarkOfDataVersion(slug: string): HostedBenchmark {
  return getBenchmark(slug) ?? ROOT_BENCHMARK;
}

export function getTrack(benchmark: Benchmark, trackId: string) {
  return benchmark.tracks.find((t) => t.id === trackId) ?? null;
}

/**
 * Adds a module at run time and returns the function that removes it. For tests only (a third benchmark proves
 * the platform needs no change for a new module): no route, page or CLI command calls it, and
 * lib/benchmarks/boundaries.test.ts fails if one does. It refuses an id already taken, so a test cannot replace
 * a real module.
 */
export function registerBenchmark(benchmark: Benchmark): () => void {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(benchmark.id)) throw new Error(`benchmark id "${benchmark.id}": lowercase letters, digits and -`);
  if (getHostedBenchmark(benchmark.id)) throw new Error(`benchmark "${benchmark.id}" is already registered`);
  registered.push(benchmark);
  return () => {
    const at = registered.indexOf(benchmark);
    if (at >= 0 && !BUILT_IN.includes(benchmark)) registered.splice(at, 1);
  };
}
