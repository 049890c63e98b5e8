import { createHash } from "node:crypto";
import type { Split } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * The official AlpsBench split rule (release v1, `benchmark_data/artifacts/split_manifest.json`):
 * every track on its own is ordered by sha256("alpsbench-public-split-v1:" + benchmark_id) as a hex
 * string (ties by original order); with unit = floor(n / 5), the first unit rows are dev, the next
 * unit validation, the rest test (weights dev 1 : validation 1 : test 3).
 *
 * The rule is positional: an id's split depends on the whole id set of its track. Applied to a
 * subset (the packets hold 2,272 of the 2,330 Task 1 rows) it gives the same order but different cut
 * points, so membership near the cuts can differ from the official release.
 */
export const SPLIT_SALT = "alpsbench-public-split-v1";
const SPLIT_WEIGHTS = { dev: 1, validation: 1, test: 3 } as const;
const SPLIT_ORDER = ["dev", "validation", "test"] as const satisfies readonly Split[];

export function splitHash(benchmarkId: string): string {
  return createHash("sha256").update(`${SPLIT_SALT}:${benchmarkId}`, "utf8").digest("hex");
}

/** Row counts per split for a track of n rows. */
export function splitSizes(n: number): Record<Split, number> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`split size needs a non-negative integer, got ${n}`);
  const unit = Math.floor(n / (SPLIT_WEIGHTS.dev + SPLIT_WEIGHTS.validation + SPLIT_WEIGHTS.test));
  const dev = unit * SPLIT_WEIGHTS.dev;
  const validation = unit * SPLIT_WEIGHTS.validation;
  return { dev, validation, test: n - dev - validation };
}

/**
 * The split of each id of ONE track, parallel to `ids` (which must be that track's full id list in
 * its original order). Hex strings of equal length compare like the Python reference (`str` order).
 */
export function assignSplits(ids: readonly string[]): Split[] {
  const ranked = ids.map((id, index) => ({ index, hash: splitHash(id) }));
  ranked.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.index - b.index));
  const sizes = splitSizes(ids.length);
  const out = new Array<Split>(ids.length);
  let position = 0;
  for (const split of SPLIT_ORDER) {
    for (let k = 0; k < sizes[split]; k += 1) {
      const entry = ranked[position];
      if (entry) out[entry.index] = split;
      position += 1;
    }
  }
  return out;
}

/**
 * Applies the rule per track to instances that do not have a split yet, keeping their order.
 * Used by the packets reader and the demo set.
 */
export function withOfficialSplits<T extends { track: string; benchmarkId: string }>(instances: readonly T[]): (T & { split: Split })[] {
  const byTrack = new Map<string, number[]>();
  instances.forEach((instance, i) => {
    const list = byTrack.get(instance.track);
    if (list) list.push(i);
    else byTrack.set(instance.track, [i]);
  });
  const splits = new Array<Split>(instances.length);
  for (const indexes of byTrack.values()) {
    const assigned = assignSplits(indexes.map((i) => instances[i]!.benchmarkId));
    indexes.forEach((instanceIndex, k) => {
      splits[instanceIndex] = assigned[k]!;
    });
  }
  return instances.map((instance, i) => ({ ...instance, split: splits[i]! }));
}
