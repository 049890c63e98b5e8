import type { Db } from "@/lib/db/create-client";

/**
 * Task 3 candidate lists are stored as references (InstancePool: PoolMemory ids and the opaque candidate ids, in
 * the order shown), not inline in Instance.input: the five pools of 2,272 instances repeat the same few thousand
 * memories about 5.9 million times. Every reader of a Task 3 input goes through withTask3Candidates, which puts
 * `candidate_memories` back exactly as it was imported (same ids, same order, same values).
 */

type PoolReader = Pick<Db, "instancePool" | "poolMemory">;

/**
 * The rows with `input.candidate_memories` rebuilt from their InstancePool (rows without one are returned as they
 * are: other tasks, or inputs that carry their list inline). Keys are built in the order PostgreSQL's jsonb
 * returned them when the list was stored inline (label, value, memory_id; candidate_memories last), so a download
 * is byte-for-byte what it was.
 */
export async function withTask3Candidates<T extends { id: string; input: unknown }>(db: PoolReader, rows: readonly T[]): Promise<T[]> {
  if (rows.length === 0) return [...rows];
  const stored = await db.instancePool.findMany({ where: { instanceId: { in: rows.map((r) => r.id) } } });
  if (stored.length === 0) return [...rows];
  // memoryIds: ids joined by ","; candidateIds: see parseCandidateIds (InstancePool in prisma/schema/alpsbench.prisma)
  const pools = stored.map((p) => ({
    instanceId: p.instanceId,
    memoryIds: p.memoryIds === "" ? [] : p.memoryIds.split(",").map(Number),
    candidateIds: parseCandidateIds(p.candidateIds),
  }));
  const memoryIds = [...new Set(pools.flatMap((p) => p.memoryIds))];
  const memories = new Map<number, { value: string; label: string }>();
  // Chunked: a d1000 track references tens of thousands of distinct memories.
  for (let start = 0; start < memoryIds.length; start += 20_000) {
    const found = await db.poolMemory.findMany({ where: { id: { in: memoryIds.slice(start, start + 20_000) } }, select: { id: true, value: true, label: true } });
    for (const m of found) memories.set(m.id, { value: m.value, label: m.label });
  }
  const byInstance = new Map(pools.map((p) => [p.instanceId, p]));
  return rows.map((row) => {
    const pool = byInstance.get(row.id);
    if (!pool) return row;
    const candidate_memories = pool.memoryIds.map((memoryId, i) => {
      const memory = memories.get(memoryId);
      // The importer writes the memories before the pools, in one transaction: a miss means a hand-edited database.
      if (!memory) throw new Error(`Task 3 pool of instance ${row.id} refers to missing memory ${memoryId}`);
      return { label: memory.label, value: memory.value, memory_id: pool.candidateIds[i]! };
    });
    const input = typeof row.input === "object" && row.input !== null ? (row.input as Record<string, unknown>) : {};
    return { ...row, input: { ...input, candidate_memories } };
  });
}

/** InstancePool.candidateIds as a list: a JSON array of strings when it starts with "[", else plain ids joined by ",". */
export function parseCandidateIds(text: string): string[] {
  if (text.startsWith("[")) return JSON.parse(text) as string[];
  return text === "" ? [] : text.split(",");
}
