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

/** At most this many items a labels-and-types row predicts (the commonest public labels, one item each). */
export const LABELS_TYPES_MAX_ITEMS = 5;

type PublicItem = { label?: unknown; type?: unknown; confidence?: unknown };

/** The memory items of public inputs (Task 2's input pools, which anyone downloads). */
function publicItems(inputs: readonly unknown[]): { perInput: number[]; items: PublicItem[] } {
  const perInput: number[] = [];
  const items: PublicItem[] = [];
  for (const input of inputs) {
    const memory = input !== null && typeof input === "object" ? (input as { memory?: unknown }).memory : undefined;
    if (!Array.isArray(memory)) continue;
    const objects = memory.filter((m): m is PublicItem => m !== null && typeof m === "object");
    perInput.push(objects.length);
    items.push(...objects);
  }
  return { perInput, items };
}

/** Values by frequency, most frequent first, ties in code-point order: deterministic on any server. */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([v]) => v);
}

/**
 * What a contentless row predicts, read from the public memory items alone: the commonest labels (as many as the
 * median public pool holds, 1 to LABELS_TYPES_MAX_ITEMS), the commonest type and the median confidence. Null: no
 * public memory item.
 */
export function contentlessProfile(inputs: readonly unknown[]): { labels: string[]; type: string; confidence: number } | null {
  const { perInput, items } = publicItems(inputs);
  const labels = byFrequency(items.flatMap((m) => (typeof m.label === "string" && m.label.trim() !== "" ? [m.label] : [])));
  if (labels.length === 0) return null;
  const sizes = [...perInput].sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 1;
  const count = Math.min(Math.max(1, median), LABELS_TYPES_MAX_ITEMS, labels.length);
  const type = byFrequency(items.flatMap((m) => (typeof m.type === "string" ? [m.type] : [])))[0] ?? "direct";
  const confidences = items.flatMap((m) => (typeof m.confidence === "number" && Number.isFinite(m.confidence) ? [m.confidence] : [])).sort((a, b) => a - b);
  const confidence = confidences[Math.floor(confidences.length / 2)] ?? 0.8;
  return { labels: labels.slice(0, count), type, confidence };
}

/**
 * Tasks 1 and 2: a file with no content (issue 30 #6: three items a row, labels drawn from five common ones, random
 * types, values "The user mentions topic N" ranked above a real model). Each row predicts the same items: the
 * commonest public labels, each with the commonest public type and the median confidence, and a value that says
 * nothing. The modal choice, not a random draw: a draw from the same labels and types matches the gold less often
 * on average, so a contentless file has to be lucky to beat it, and even then it shows no content. No profile (no
 * public memory): no row.
 */
export function labelsAndTypesRows(
  benchmarkIds: readonly string[],
  profile: ReturnType<typeof contentlessProfile>,
): { benchmark_id: string; memory_items: { memory_id: string; label: string; type: string; value: string; confidence: number }[] }[] {
  if (!profile) return [];
  return benchmarkIds.map((id) => ({
    benchmark_id: id,
    memory_items: profile.labels.map((label, k) => ({
      memory_id: `m${k + 1}`,
      label,
      type: profile.type,
      value: `The user mentions topic ${k + 1}`,
      confidence: profile.confidence,
    })),
  }));
}
