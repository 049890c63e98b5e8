import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { assignSplits } from "@/lib/benchmarks/alpsbench/data/split";
import type { Split, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** Counts per track (and split), for the readers' and the demo set's tests. */
export function countByTrack(instances: readonly NormalizedInstance[]): Partial<Record<TrackId, number>> {
  const counts: Partial<Record<TrackId, number>> = {};
  for (const instance of instances) counts[instance.track] = (counts[instance.track] ?? 0) + 1;
  return counts;
}

export function countByTrackAndSplit(instances: readonly NormalizedInstance[]): Partial<Record<TrackId, Record<Split, number>>> {
  const counts: Partial<Record<TrackId, Record<Split, number>>> = {};
  for (const instance of instances) {
    const row = (counts[instance.track] ??= { dev: 0, validation: 0, test: 0 });
    row[instance.split] += 1;
  }
  return counts;
}

/** Id → split for one track by the official rule (lib/benchmarks/alpsbench/data/split.ts; ids must be unique). */
export function splitMembership(ids: readonly string[]): Map<string, Split> {
  const splits = assignSplits(ids);
  const map = new Map<string, Split>();
  ids.forEach((id, i) => {
    const split = splits[i];
    if (split) map.set(id, split);
  });
  return map;
}
