import type { NormalizedInstance, Task3Instance } from "@/lib/datasets/normalized-instance";
import { buildTask3CompactPoolsForInstance, createTask3PoolSource, expandTask3Pool, type UserMemory } from "@/lib/scoring";
import { POOL_SIZES, type TrackId } from "@/lib/tracks";
import type { InstanceToImport, PooledInstance } from "./write-instances";

export const SERVER_POOL_VERSION = "server-pools-v1";

/**
 * Replaces the released Task 3 pools with the server's own at every size (d100 … d1000): the target plus N
 * distinct distractors from other users' gold memories, values de-duplicated, every candidate a fresh opaque
 * id. The released pools leak the answer through their ids (SCORING.md); these do not. The query and the
 * target come from the released d100 instance; distractors from every user's Task 1 gold.
 * The pools stay compact (PooledInstance): the importer hashes and writes them without ever building the
 * 5.9 million candidate objects of the real data, which cost most of the pool phase in garbage collection.
 */
export function withCompactServerPools(instances: readonly NormalizedInstance[], seed: string, onInstance?: () => void): InstanceToImport[] {
  const released = instances.filter((i): i is Task3Instance => i.track === "task3/d100");
  if (released.length === 0) return [...instances];
  const memories: UserMemory[] = [];
  for (const instance of instances) {
    if (instance.track !== "task1" || instance.gold === null) continue;
    const userKey = instance.sessionId ?? instance.benchmarkId;
    for (const item of instance.gold.memory_items) memories.push({ userKey, value: item.value, label: item.label });
  }
  const source = createTask3PoolSource(memories);
  const built: PooledInstance[] = [];
  for (const instance of released) {
    onInstance?.();
    if (instance.gold === null) continue;
    const pools = buildTask3CompactPoolsForInstance(
      source,
      {
        benchmarkId: instance.benchmarkId,
        userKey: instance.sessionId ?? instance.benchmarkId,
        query: instance.input.query,
        target: { value: instance.gold.selected_memory.value, label: instance.gold.selected_memory.label },
      },
      { seed, sizes: POOL_SIZES },
    );
    for (const pool of pools) {
      const target = pool.members[pool.goldIndex];
      if (!target) throw new Error(`pool for ${instance.benchmarkId} d${pool.size} lost its target`);
      built.push({
        ...instance,
        track: `task3/d${pool.size}` as Extract<TrackId, `task3/${string}`>,
        input: { query: pool.query },
        pool,
        // the same keys, in the same order, as the inline candidate object the gold used to copy
        gold: { selected_memory_id: pool.goldCandidateId, selected_memory: { memory_id: pool.goldCandidateId, value: target.value, label: target.label } },
        meta: { ...instance.meta, poolSize: pool.size, poolSource: SERVER_POOL_VERSION },
      });
    }
  }
  return [...instances.filter((i) => !i.track.startsWith("task3/")), ...built];
}

/** withCompactServerPools with every pool inline (`input.candidate_memories`), as the released files carry them. */
export function withServerPools(instances: readonly NormalizedInstance[], seed: string, onInstance?: () => void): NormalizedInstance[] {
  return withCompactServerPools(instances, seed, onInstance).map((instance) => {
    if (!("pool" in instance)) return instance;
    const { pool, ...rest } = instance;
    return { ...rest, input: { query: rest.input.query, candidate_memories: expandTask3Pool(pool).candidates } };
  });
}
