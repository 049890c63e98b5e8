import { buildTask3CompactPoolsForInstance, createTask3PoolSource, expandTask3Pool, type UserMemory } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";

type PoolInstance = Parameters<typeof buildTask3CompactPoolsForInstance>[1];
type PoolOptions = Parameters<typeof buildTask3CompactPoolsForInstance>[2];

/** Pools for one instance, one per size, each candidate an object (buildTask3CompactPoolsForInstance, expanded). */
export function buildTask3PoolsForInstance(source: ReturnType<typeof createTask3PoolSource>, instance: PoolInstance, opts: PoolOptions) {
  return buildTask3CompactPoolsForInstance(source, instance, opts).map(expandTask3Pool);
}

/** Pools for every instance and size (instance-major). */
export function buildTask3Pools(instances: readonly PoolInstance[], memories: readonly UserMemory[], opts: PoolOptions) {
  const source = createTask3PoolSource(memories);
  return instances.flatMap((inst) => buildTask3PoolsForInstance(source, inst, opts));
}
