import { createHmac } from "node:crypto";
import type { NormalizedInstance, Task3Instance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { buildTask3CompactPoolsForInstance, createTask3PoolSource, expandTask3Pool, type UserMemory } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import type { Task3Candidate, Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { buildAuthorsTask3Pools } from "@/lib/benchmarks/alpsbench/scoring/authors-task3-pools";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { InstanceToImport, PooledInstance } from "../data/import/write-instances";

/** The label each version of the server's pools is stored under (Instance.meta.poolSource) and fingerprinted with. */
export const SERVER_POOL_LABELS: Readonly<Record<Task3PoolVersion, string>> = {
  v1: "server-pools-v1",
  v2: "server-pools-v2",
  v3: "server-pools-v3",
  v4: "server-pools-v4",
};
/** What each version's pools are, in a phrase the pages, the API and the packs show beside the label. */
export const SERVER_POOL_PROTOCOLS: Readonly<Record<Task3PoolVersion, string>> = {
  v1: "distractors from other users' memories, released (session) instance ids",
  v2: "distractors from the target's own session first, then other sessions whole (not the paper's protocol)",
  v3: "distractors from other users' memories, drawn uniformly over de-duplicated memories, opaque instance ids",
  v4: "the authors' pools: d100 is the released candidate list, larger sizes drawn as the authors' script draws them; opaque ids",
};
/**
 * The version a fresh data version's import builds: v4, the authors' own d100 lists and their draw at larger sizes
 * (SCORING.md), with opaque ids, so server figures and the paper's are one protocol (docs/task3-pools.md). A data
 * version holds one pool version for good: an import into one that already holds server-built Task 3 instances
 * keeps theirs (storedPoolVersion), so the pools every stored figure was scored on never change under an import,
 * and v1's and v2's figures stay reproducible under their labels.
 */
export const DEFAULT_POOL_VERSION: Task3PoolVersion = "v4";
export const SERVER_POOL_VERSION = SERVER_POOL_LABELS[DEFAULT_POOL_VERSION];

/** The pool version a stored Task 3 instance's meta names (poolSource), or null for a release's own pools. */
export function poolVersionOfLabel(label: unknown): Task3PoolVersion | null {
  const found = Object.entries(SERVER_POOL_LABELS).find(([, l]) => l === label);
  return found ? (found[0] as Task3PoolVersion) : null;
}

/**
 * A v2 or v3 Task 3 instance's public id: an HMAC of its session under the benchmark's secret pool seed. The
 * released id is the session id (`sess_<hex>`), which is also Task 2's id for the same dialogue: with it a file
 * finds the target through Task 2's input without even reading the query. The id hides nothing the query does not
 * give away (each released query is unique and names its packet, whose target is public: docs/task3-pools.md); it
 * stops id tricks for free. Harnesses echo the id they read. v2's ids are keyed with v2's label (stored as built).
 */
export function opaqueTask3Id(seed: string, sessionBenchmarkId: string, version: Exclude<Task3PoolVersion, "v1"> = "v2"): string {
  return `t3_${createHmac("sha256", seed).update(`${SERVER_POOL_LABELS[version]}|task3|${sessionBenchmarkId}`).digest("hex").slice(0, 24)}`;
}

/**
 * Replaces the released Task 3 pools with the server's own at every size (d100 … d1000): the target plus N
 * distinct distractors from other users' gold memories, values de-duplicated, every candidate a fresh opaque
 * id. The released pools leak the answer through their ids (SCORING.md); these do not. The query and the
 * target come from the released d100 instance; distractors from every user's Task 1 gold.
 * The pools stay compact (PooledInstance): the importer hashes and writes them without ever building the
 * 5.9 million candidate objects of the real data, which cost most of the pool phase in garbage collection.
 * `version` (SERVER_POOL_LABELS): v3 (default) and v1 draw distractors from other users' memories, v2 from the
 * target's own session and other sessions whole; v2 and v3 give opaque instance ids (opaqueTask3Id); see
 * lib/benchmarks/alpsbench/scoring/build-task3-pools.ts.
 */
export function withCompactServerPools(
  instances: readonly NormalizedInstance[],
  seed: string,
  onInstance?: () => void,
  version: Task3PoolVersion = DEFAULT_POOL_VERSION,
): InstanceToImport[] {
  const released = instances.filter((i): i is Task3Instance => i.track === "task3/d100");
  if (released.length === 0) return [...instances];
  const memories: UserMemory[] = [];
  for (const instance of instances) {
    if (instance.track !== "task1" || instance.gold === null) continue;
    const userKey = instance.sessionId ?? instance.benchmarkId;
    for (const item of instance.gold.memory_items) memories.push({ userKey, value: item.value, label: item.label });
  }
  if (version === "v4") return [...instances.filter((i) => !i.track.startsWith("task3/")), ...authorsPools(instances, released, seed, onInstance)];
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
      { seed, sizes: POOL_SIZES, version },
    );
    const benchmarkId = version === "v1" ? instance.benchmarkId : opaqueTask3Id(seed, instance.benchmarkId, version);
    for (const pool of pools) {
      const target = pool.members[pool.goldIndex];
      if (!target) throw new Error(`pool for ${instance.benchmarkId} d${pool.size} lost its target`);
      built.push({
        ...instance,
        benchmarkId,
        track: `task3/d${pool.size}` as Extract<TrackId, `task3/${string}`>,
        input: { query: pool.query },
        pool: { ...pool, benchmarkId },
        // a pool candidate's keys in its order: the stored gold's JSON bytes are pinned to them
        gold: { selected_memory_id: pool.goldCandidateId, selected_memory: { memory_id: pool.goldCandidateId, value: target.value, label: target.label } },
        meta: { ...instance.meta, poolSize: pool.size, poolSource: SERVER_POOL_LABELS[version] },
      });
    }
  }
  return [...instances.filter((i) => !i.track.startsWith("task3/")), ...built];
}

/**
 * server-pools-v4 (lib/benchmarks/alpsbench/scoring/authors-task3-pools.ts): the released d100 lists as they are,
 * larger sizes drawn the authors' way from every other session's Task 1 gold. The gold keeps, server side, the
 * released id of the instance (its session id) and of the target, so a file made on the released inputs is scored
 * on the same candidates (lib/benchmarks/alpsbench/scoring/task3-hit.ts).
 */
function authorsPools(instances: readonly NormalizedInstance[], released: readonly Task3Instance[], seed: string, onInstance?: () => void): PooledInstance[] {
  const sessions = new Map<string, Task3Candidate[]>();
  for (const instance of instances) {
    if (instance.track !== "task1" || instance.gold === null) continue;
    const key = instance.sessionId ?? instance.benchmarkId;
    const own = sessions.get(key) ?? [];
    // the authors' script keeps a memory with an id and a value
    for (const item of instance.gold.memory_items) if (item.memory_id && item.value) own.push({ memory_id: item.memory_id, value: item.value, label: item.label });
    sessions.set(key, own);
  }
  const built: PooledInstance[] = [];
  for (const instance of released) {
    onInstance?.();
    if (instance.gold === null) continue;
    const pools = buildAuthorsTask3Pools(
      sessions,
      {
        benchmarkId: instance.benchmarkId,
        sessionKey: instance.sessionId ?? instance.benchmarkId,
        query: instance.input.query,
        released: instance.input.candidate_memories,
        targetId: instance.gold.selected_memory_id,
      },
      { seed, sizes: POOL_SIZES },
    );
    const benchmarkId = opaqueTask3Id(seed, instance.benchmarkId, "v4");
    for (const { releasedIds: _ids, releasedTargetId, ...pool } of pools) {
      const target = pool.members[pool.goldIndex]!;
      built.push({
        ...instance,
        benchmarkId,
        track: `task3/d${pool.size}` as Extract<TrackId, `task3/${string}`>,
        input: { query: pool.query },
        pool: { ...pool, benchmarkId },
        gold: {
          selected_memory_id: pool.goldCandidateId,
          selected_memory: { memory_id: pool.goldCandidateId, value: target.value, label: target.label },
          released: { benchmark_id: instance.benchmarkId, selected_memory_id: releasedTargetId },
        },
        meta: { ...instance.meta, poolSize: pool.size, poolSource: SERVER_POOL_LABELS.v4 },
      });
    }
  }
  return built;
}

/** withCompactServerPools with every pool inline (`input.candidate_memories`), as the released files carry them. */
export function withServerPools(instances: readonly NormalizedInstance[], seed: string): NormalizedInstance[] {
  return withCompactServerPools(instances, seed).map((instance) => {
    if (!("pool" in instance)) return instance;
    const { pool, ...rest } = instance;
    return { ...rest, input: { query: rest.input.query, candidate_memories: expandTask3Pool(pool).candidates } };
  });
}
