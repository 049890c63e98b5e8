import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { SERVER_POOL_LABELS, SERVER_POOL_PROTOCOLS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";

/**
 * Why Task 3 on the public release cannot be closed, and how the ranking handles it: the two sentences the task
 * page, About and docs/task3-pools.md say (one text, so they cannot drift apart).
 */
export const TASK3_OPEN_BOOK =
  'Task 3 on the public release cannot be closed: the authors publish every packet, test included, and each released query names its packet, whose task3_selected_memory is a value in the server\'s pool, so a file built from public files alone finds the target at nearly every pool size (the reference row "Lookup in the public release (not retrieval)" shows its recall). So no figure is taken on its own say-so: an upload that beats every honest reference row of its board (the lookup row left out) is held for review, unranked, until a moderator approves it.';

/** The pools a data version holds, said for people: its label and what it is, or that it holds none. */
export function task3PoolsSentence(pools: Task3PoolVersion | null): string {
  if (!pools) return "This data version holds no server-built Task 3 pools yet.";
  return `This data version's Task 3 pools are ${SERVER_POOL_LABELS[pools]}: ${SERVER_POOL_PROTOCOLS[pools]}.`;
}
