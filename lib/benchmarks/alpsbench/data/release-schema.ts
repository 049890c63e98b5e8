import { z } from "zod";
import { CandidateMemory, DialogueTurn, MemoryItem, Task4Memory, Task4Query } from "./normalized-instance";

/**
 * Row schemas of the official release layout (`benchmark_data/<split>/<folder>/model_input.jsonl`
 * and `reference_output.jsonl`, AlpsBench public release v1).
 *
 * The released JSONL files are Git LFS objects we could not read; these shapes follow the authors'
 * builder (`src/benchmark/data.py` at ThisIsCosine/AlpsBench@811f0a9, `load_task*_authoritative_pairs`)
 * and their docs (`ThisIsCosine/AlpsBench:docs/data.md`, `ThisIsCosine/AlpsBench:docs/prediction_contract.md`). Every row is
 * `{benchmark_id, task, [ability], session_id, canonical_id, stratum, input | gold}`; only the
 * fields we use are required, the rest pass through unread.
 */

const rowHeader = {
  benchmark_id: z.string().min(1),
  task: z.enum(["task1", "task2", "task3", "task4"]).optional(),
  session_id: z.string().nullable().optional(),
  canonical_id: z.string().nullable().optional(),
  stratum: z.string().nullable().optional(),
};

// ---------------------------------------------------------------- model_input.jsonl

export const ReleaseTask1InputRow = z.object({
  ...rowHeader,
  input: z.object({ dialogue: z.array(DialogueTurn) }),
});

export const ReleaseTask2InputRow = z.object({
  ...rowHeader,
  input: z.object({
    old_dialogue: z.array(DialogueTurn),
    new_dialogue: z.array(DialogueTurn),
    /** the memory pool before the update */
    memory: z.array(MemoryItem),
    /** the authors' update prompt */
    query: z.string().nullable().optional(),
    metadata: z.object({ selected_memory_id: z.string().nullable().optional(), language: z.string().nullable().optional() }).nullable().optional(),
  }),
});

export const ReleaseTask3InputRow = z.object({
  ...rowHeader,
  input: z.object({
    query: z.string(),
    candidate_memories: z.array(CandidateMemory).min(1),
    dialogue: z.array(DialogueTurn).nullable().optional(),
    metadata: z.object({ language: z.string().nullable().optional() }).nullable().optional(),
  }),
});

export const ReleaseTask4InputRow = z.object({
  ...rowHeader,
  ability: z.string().nullable().optional(),
  input: z.object({
    queries: z.array(Task4Query).min(1),
    /** what the authors' runner hands to the model: the selected memory (ability 1) or the dialogue */
    model_input: z
      .object({
        selected_memory: z.looseObject({ memory_id: z.string().optional(), value: z.string().optional() }).nullable().optional(),
        dialogue_history: z.array(DialogueTurn).nullable().optional(),
      })
      .nullable()
      .optional(),
    audit_context: z
      .object({ conversation: z.array(DialogueTurn).nullable().optional() })
      .nullable()
      .optional(),
  }),
});

// ---------------------------------------------------------------- reference_output.jsonl

export const ReleaseTask1ReferenceRow = z.object({
  ...rowHeader,
  gold: z.object({ memory_items: z.array(MemoryItem) }),
});

export const ReleaseTask2ReferenceRow = z.object({
  ...rowHeader,
  /** `answer` is the updated memory list */
  gold: z.object({ answer: z.array(MemoryItem) }),
});

export const ReleaseTask3ReferenceRow = z.object({
  ...rowHeader,
  gold: z.object({ selected_memory_id: z.string().min(1), selected_memory: CandidateMemory }),
});

const ReleaseTask4GoldMemory = z.looseObject({
  memory_id: z.string().optional(),
  value: z.string().optional(),
  label: z.string().optional(),
});

export const ReleaseTask4ReferenceRow = z.object({
  ...rowHeader,
  ability: z.string().nullable().optional(),
  gold: z.object({
    /** the selected memory id (null for EI) */
    memory_key: z.string().nullable().optional(),
    /** `{}` when nothing is selected */
    selected_memory: ReleaseTask4GoldMemory.nullable().optional(),
    extracted_memory: z.array(ReleaseTask4GoldMemory).nullable().optional(),
  }),
});

type ReleaseTask4Memory = z.infer<typeof ReleaseTask4GoldMemory>;

/** Narrows a release Task 4 memory to the normalized one (a value is required). */
export function toTask4Memory(memory: ReleaseTask4Memory | null | undefined): Task4Memory | null {
  if (!memory || typeof memory.value !== "string") return null;
  return Task4Memory.parse(memory);
}
