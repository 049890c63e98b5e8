import { z } from "zod";
import { CandidateMemory, DialogueTurn, MemoryItem, Task4Query } from "./normalized-instance";

/**
 * Schemas of the packets layout (MissHsiaoo/AlpsBench_task1_3_annotation_data_repo):
 * `packets/manifest.json`, `packets/chunks/chunk_NNNN/{manifest.json, sess_<hex>.json}` and the
 * separate `task4-records.jsonl`. Only the fields the readers use are declared; objects are parsed
 * with `z.object` (unknown keys dropped) except memory items, whose extra fields are kept.
 */

export const Task4AbilityName = z.enum(["ability1", "ability2", "ability3", "ability4", "ability5"]);
export type Task4AbilityName = z.infer<typeof Task4AbilityName>;

export const PacketsManifest = z.object({
  total_session_count: z.number().int().nonnegative(),
  chunks: z.array(
    z.object({
      chunk_name: z.string().min(1),
      path: z.string().min(1),
      session_count: z.number().int().nonnegative(),
    }),
  ),
});

export const ChunkManifest = z.object({
  chunk_name: z.string().min(1),
  sessions: z.array(z.object({ file: z.string().min(1), session_id: z.string().min(1) })),
});

const SelectedMemoryRef = z.object({ memory_id: z.string().min(1), value: z.string() });

/** A Task 4 entry inside a packet (abilities 1-4). */
const PacketTask4Entry = z.object({
  ability: Task4AbilityName,
  queries: z.array(Task4Query).min(1),
  task4_selected_memory_id: z.string().min(1),
  task4_selected_memory: SelectedMemoryRef,
});

export const Packet = z.object({
  session_id: z.string().min(1),
  dialogue: z.array(DialogueTurn),
  task1: z.object({
    session_dir: z.string().min(1),
    canonical_id: z.string(),
    stratum: z.string().optional(),
    memory_extraction_query: z.string().optional(),
    ground_truth_memories: z.array(MemoryItem),
  }),
  task2: z.object({
    canonical_id: z.string().min(1),
    stratum: z.string().optional(),
    new_dialogue: z.array(DialogueTurn),
    memory_pool_before_update: z.array(MemoryItem),
    task2_selected_memory_id: z.string().min(1),
    memory_update_query: z.string().optional(),
    golden_answer: z.array(MemoryItem),
  }),
  task3: z.object({
    canonical_id: z.string().min(1),
    stratum: z.string().optional(),
    task3_selected_memory_id: z.string().min(1),
    task3_selected_memory: CandidateMemory,
    candidate_memories: z.array(CandidateMemory).min(1),
    query: z.string(),
    metadata: z.object({ language: z.string().optional() }).optional(),
    dialogue_from_task3_source: z.array(DialogueTurn).optional(),
  }),
  /** absent in 2 of the 2,272 packets */
  task4: z.array(PacketTask4Entry).optional(),
});
export type Packet = z.infer<typeof Packet>;

/** Only what the Task 1 prediction export needs: the stored outputs of the evaluated LLMs. */
export const PacketLlmOutputs = z.object({
  session_id: z.string().min(1),
  task1: z.object({
    session_dir: z.string().min(1),
    llm_outputs: z.record(z.string(), z.object({ memory_items: z.array(z.unknown()) })),
  }),
});

/**
 * One line of task4-records.jsonl: abilities 1-5, keyed to a packet by `session_id`. Ability 5 (EI)
 * rows carry 5 queries and no selected memory.
 */
export const Task4Record = z.object({
  session_id: z.string().min(1),
  source_path: z.string().optional(),
  ability: Task4AbilityName,
  queries: z.array(Task4Query).min(1),
  task4_selected_memory_id: z.string().min(1).nullable(),
  task4_selected_memory: SelectedMemoryRef.nullable(),
});
export type Task4Record = z.infer<typeof Task4Record>;
