import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";

/** One Task 3 pool as a file sees it (candidates) with its target's id (never shown). */
export type ShortcutPool = { benchmarkId: string; candidates: readonly { memory_id: string; value: unknown }[]; goldId: string };
/** One Task 2 input as anyone can download it. */
type ShortcutTask2Input = { benchmarkId: string; memory: readonly { value?: unknown }[] };

// pools repeat the same few thousand memories millions of times: normalise each distinct value once
const keys = new Map<unknown, string>();
const key = (value: unknown) => {
  let k = keys.get(value);
  if (k === undefined) {
    k = normalize(value).trim();
    if (typeof value === "string") keys.set(value, k);
  }
  return k;
};

/**
 * The public-input shortcut on Task 3, as an attacker runs it on public inputs only: for a Task 3 pool, keep the candidates
 * whose value is one of the memories Task 2's input shows for the dialogue of the same benchmark_id (`linkOf` may
 * say which Task 2 id that is); with no such Task 2 input, the candidates whose value any Task 2 input shows; with
 * none, every candidate. The file picks one of the kept candidates at random. Returns the expected recall of that
 * pick (exact: the mean of 1/|kept| over pools whose target is kept), of a uniform random pick, and how many pools
 * the link found. Pure; for tests and the bench.
 */
export function task3ShortcutRecall(
  pools: Iterable<ShortcutPool>,
  task2: Iterable<ShortcutTask2Input>,
  linkOf: (task3Id: string) => string = (id) => id,
): { n: number; shortcut: number; random: number; linked: number } {
  const byDialogue = new Map<string, Set<string>>();
  const anywhere = new Set<string>();
  for (const row of task2) {
    const keys = new Set(row.memory.map((m) => key(m?.value)));
    byDialogue.set(row.benchmarkId, keys);
    for (const k of keys) anywhere.add(k);
  }
  let n = 0;
  let shortcut = 0;
  let random = 0;
  let linked = 0;
  for (const pool of pools) {
    if (pool.candidates.length === 0) continue;
    n += 1;
    random += 1 / pool.candidates.length;
    const own = byDialogue.get(linkOf(pool.benchmarkId));
    if (own) linked += 1;
    const seen = own ?? anywhere;
    let kept = pool.candidates.filter((c) => seen.has(key(c.value)));
    if (kept.length === 0) kept = [...pool.candidates];
    if (kept.some((c) => c.memory_id === pool.goldId)) shortcut += 1 / kept.length;
  }
  return { n, shortcut: n > 0 ? shortcut / n : 0, random: n > 0 ? random / n : 0, linked };
}
