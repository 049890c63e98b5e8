import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";

/**
 * The open book of Task 3, as an attacker reads it. The authors publish every session's packet (their annotation
 * repository): its Task 3 query and `task3_selected_memory`. Every released query is unique, and the server keeps
 * it as released, so the query of a server pool names its packet, and the packet's selected memory is a value
 * that appears in the pool. No pool, however drawn, hides it; the server shows this lookup as a reference row
 * ("Lookup in the public release (not retrieval)") so that a figure near it reads as what it is. Pure: no I/O.
 */

/** One released packet's public Task 3 pair: its query and its selected memory's value. */
export type ReleasedTask3 = { query: string; value: unknown };

/** The released pairs of a packets-layout read (its task3/d100 instances; the packet's public fields). */
export function releasedTask3Of(instances: readonly NormalizedInstance[]): ReleasedTask3[] {
  return instances.flatMap((i) => (i.track === "task3/d100" && i.gold !== null ? [{ query: String(i.input.query), value: i.gold.selected_memory.value }] : []));
}

const key = (v: unknown): string => normalize(v).trim();

/**
 * For each pool (its query and candidate values by index into `values`), the position of the candidate whose value
 * is the released selected memory of the packet with the same query; null when no packet has that query or no
 * candidate that value (the file then has no pick there).
 */
export function lookupPositions(
  released: readonly ReleasedTask3[],
  values: readonly string[],
  pools: readonly { query: unknown; memoryIndexes: ArrayLike<number> }[],
): (number | null)[] {
  const byQuery = new Map<string, string>();
  for (const r of released) if (!byQuery.has(r.query)) byQuery.set(r.query, key(r.value));
  const keys = new Map<number, string>();
  const keyAt = (index: number) => {
    let k = keys.get(index);
    if (k === undefined) keys.set(index, (k = key(values[index])));
    return k;
  };
  return pools.map((pool) => {
    const wanted = byQuery.get(String(pool.query ?? ""));
    if (wanted === undefined) return null;
    for (let k = 0; k < pool.memoryIndexes.length; k++) if (keyAt(pool.memoryIndexes[k]!) === wanted) return k;
    return null;
  });
}
