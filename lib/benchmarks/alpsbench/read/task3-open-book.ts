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

/**
 * How a Task 3 pick is read (lib/benchmarks/alpsbench/scoring/task3-hit.ts): what the authors' public checker
 * accepts, and what this server adds. Shown on About; docs/task3-pools.md says the same.
 */
export const TASK3_SCORING_RULES =
  "A Task 3 pick counts as the authors' public checker (src/benchmark/metrics.py) reads it: the selected_memory_id (or memory_key) compared without regard to case or spacing (M3 = m3), and, where a row gives no id, the chosen memory's value (selected_memory.value or selected_memory_value), which must equal the target's value, one of the candidates, after whitespace and case are folded. This server adds one reading the checker does not make: an id inside a fenced or JSON answer (a model's raw reply) counts too. A row that gives an id is decided by its id alone. Files keyed by the released ids (a harness run on the authors' released inputs) are accepted on server-pools-v4 and scored on the same candidates.";

/** What the Task 3 figures measure: the paper's LLM rows and this server's rows are not the same metric yet. */
export const TASK3_JUDGE_NOTE =
  "The paper's Task 3 figures for LLMs are judge recall (an LLM judge reads the answer and the target memory); BM25 and MiniLM are exact-id recall. Figures this server computes are exact-id recall until a judge scores the picks.";
