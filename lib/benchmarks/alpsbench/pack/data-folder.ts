import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { readReleaseLayout } from "@/lib/benchmarks/alpsbench/data/read-release-layout";
import { detectLayout } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";

/** A data folder's instances by track and benchmark id (read once: a pack covers several tracks). */
export type DataIndex = Map<string, Map<string, NormalizedInstance>>;

const cache = new Map<string, Promise<DataIndex>>();

/** Read once per folder and process: verifying many packs against one folder reads it once. */
export function readDataFolder(dir: string): Promise<DataIndex> {
  let index = cache.get(dir);
  if (!index) cache.set(dir, (index = readIndex(dir)));
  return index;
}

async function readIndex(dir: string): Promise<DataIndex> {
  const all = detectLayout(dir) === "packets" ? await readPacketsLayout(dir) : await readReleaseLayout(dir);
  const index: DataIndex = new Map();
  for (const instance of all) {
    let track = index.get(instance.track);
    if (!track) index.set(instance.track, (track = new Map()));
    track.set(instance.benchmarkId, instance);
  }
  return index;
}
