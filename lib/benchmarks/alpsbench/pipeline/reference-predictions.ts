import { Rng } from "@/lib/benchmarks/alpsbench/data/demo/rng";

/**
 * The trivial predictions behind the server's reference rows (lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines.ts), in the
 * prediction row shapes an upload uses, so the real scorer scores them like any upload. Pure: no I/O.
 * They answer "what does doing nothing score?": a system that does not beat them has learnt nothing the metric sees.
 */

/** Task 1 and Task 2: no memory at all. Task 3: no pick. */
export function emptyMemoryRows(benchmarkIds: readonly string[]): { benchmark_id: string; memory_items: [] }[] {
  return benchmarkIds.map((id) => ({ benchmark_id: id, memory_items: [] }));
}

export function emptyPickRows(benchmarkIds: readonly string[]): { benchmark_id: string; selected_memory_id: null }[] {
  return benchmarkIds.map((id) => ({ benchmark_id: id, selected_memory_id: null }));
}

/**
 * Task 2: return the memory pool the instance gives as input, unchanged (no update applied). The input's items go
 * out exactly as stored: the scorer reads the same fields from them as from an upload's items.
 */
export function copyInputRows(instances: readonly { benchmarkId: string; input: unknown }[]): { benchmark_id: string; memory_items: unknown[] }[] {
  return instances.map(({ benchmarkId, input }) => {
    const memory =
      input !== null && typeof input === "object" && Array.isArray((input as { memory?: unknown }).memory) ? (input as { memory: unknown[] }).memory : [];
    return { benchmark_id: benchmarkId, memory_items: memory };
  });
}

/** Seed of the random-candidate baseline: fixed, so every server and every import draws the same picks. */
export const RANDOM_BASELINE_SEED = "alpsbench-reference-random-v1";

/**
 * Task 3: a position in each pool, by rule: the first candidate, or one drawn uniformly with a seeded generator
 * (one stream per track, pools in benchmark-id order). An empty pool gets no pick (null).
 */
export function candidatePositions(pools: readonly { benchmarkId: string; size: number }[], rule: "first" | { random: string }): (number | null)[] {
  const rng = rule === "first" ? null : new Rng(rule.random);
  return pools.map((pool) => (pool.size === 0 ? null : rng ? rng.int(pool.size) : 0));
}
