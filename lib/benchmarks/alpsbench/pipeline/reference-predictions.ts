import { Rng } from "@/lib/benchmarks/alpsbench/data/demo/rng";

/**
 * The trivial predictions behind the server's reference rows (lib/pipeline/seed-reference-baselines.ts), in the
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

/** Seed of the labels-and-types baseline: fixed, so every server and every import draws the same items. */
export const LABELS_TYPES_BASELINE_SEED = "alpsbench-reference-labels-types-v1";

/** How many items a labels-and-types row predicts, and from how many of the commonest public labels they are drawn. */
export const LABELS_TYPES_ITEMS = 3;
export const LABELS_TYPES_COMMON = 5;

/**
 * The commonest labels of the public memory items (Task 2's input pools, which anyone downloads), most frequent
 * first, ties by label: what a file with no content at all can still get right.
 */
export function commonLabels(inputs: readonly unknown[], count = LABELS_TYPES_COMMON): string[] {
  const counts = new Map<string, number>();
  for (const input of inputs) {
    const memory = input !== null && typeof input === "object" ? (input as { memory?: unknown }).memory : undefined;
    if (!Array.isArray(memory)) continue;
    for (const item of memory) {
      const label = item !== null && typeof item === "object" ? (item as { label?: unknown }).label : undefined;
      if (typeof label === "string" && label.trim() !== "") counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, count)
    .map(([label]) => label);
}

/**
 * Tasks 1 and 2: a contentless file (issue 30 #6). Each row predicts LABELS_TYPES_ITEMS items, labels drawn from
 * the commonest public labels, types drawn from direct/indirect, a fixed confidence, and a value that says nothing
 * ("The user mentions topic N"), all with a seeded generator (one stream per track, rows in benchmark-id order). It
 * scores what the authors' metric gives for labels and types alone; an upload that does not beat it has shown no
 * content, and is listed unranked. No label list (no public memory): no row.
 */
export function labelsAndTypesRows(
  benchmarkIds: readonly string[],
  labels: readonly string[],
  seed: string,
): { benchmark_id: string; memory_items: { memory_id: string; label: string; type: string; value: string; confidence: number }[] }[] {
  if (labels.length === 0) return [];
  const rng = new Rng(seed);
  return benchmarkIds.map((id) => ({
    benchmark_id: id,
    memory_items: Array.from({ length: LABELS_TYPES_ITEMS }, (_, k) => ({
      memory_id: `m${k + 1}`,
      label: labels[rng.int(labels.length)]!,
      type: rng.int(2) === 0 ? "direct" : "indirect",
      value: `The user mentions topic ${k + 1}`,
      confidence: 0.8,
    })),
  }));
}
