import { z } from "zod";
import { Split, TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * The one shape every dataset layout (packets, official release, synthetic demo) is turned into.
 *
 * `input` is exactly what a model under test may see (it is what the site offers for download);
 * `gold` is kept apart and never copied into `input`. For Task 4 ability 1 the selected memory is
 * part of the model input on purpose: the official runner hands it to the model under test
 * (`evaluate_sample(model, selected_memory, query)`), and the official model_input rows carry it in
 * `input.model_input.selected_memory`. For abilities 2-5 the model sees the dialogue history instead.
 */

// ---------------------------------------------------------------- shared pieces

export const DialogueTurn = z.object({ role: z.string(), text: z.string() });
export type DialogueTurn = z.infer<typeof DialogueTurn>;

/** `evidence` as it occurs in the real gold: an utterance index or several, a text or several. */
const MemoryEvidence = z.looseObject({
  session_id: z.string().nullable().optional(),
  utterance_index: z
    .union([z.number().int(), z.array(z.number().int())])
    .nullable()
    .optional(),
  text: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
});

/**
 * A gold memory item (Task 1 gold, Task 2 pool and updated list). Extra fields (`reasoning`,
 * `time_scope`, `emotion`, `preference_attitude`, `updated_at`, `label_suggestion` ...) are kept.
 */
export const MemoryItem = z.looseObject({
  memory_id: z.string().min(1),
  type: z.string(),
  label: z.string(),
  value: z.string(),
  confidence: z.number().nullable().optional(),
  label_suggestion: z.string().nullable().optional(),
  evidence: MemoryEvidence.nullable().optional(),
});
export type MemoryItem = z.infer<typeof MemoryItem>;

/** A Task 3 candidate, reduced to what the model sees. */
export const CandidateMemory = z.object({ memory_id: z.string().min(1), value: z.string(), label: z.string() });
export type CandidateMemory = z.infer<typeof CandidateMemory>;

/** The memory a Task 4 answer should respect. `label` is filled when it can be looked up. */
export const Task4Memory = z.looseObject({
  memory_id: z.string().optional(),
  value: z.string(),
  label: z.string().optional(),
});
export type Task4Memory = z.infer<typeof Task4Memory>;

/** One Task 4 query; `query_id` is `<benchmark_id>:<n>`. EI queries may carry a `category`. */
export const Task4Query = z.object({
  query_id: z.string().min(1),
  query: z.string(),
  category: z.string().optional(),
});
export type Task4Query = z.infer<typeof Task4Query>;

// ---------------------------------------------------------------- inputs (model-visible)

const Task1Input = z.object({
  dialogue: z.array(DialogueTurn),
  /** the authors' extraction prompt, when the source carries it */
  instruction: z.string().optional(),
});
const Task2Input = z.object({
  old_dialogue: z.array(DialogueTurn),
  new_dialogue: z.array(DialogueTurn),
  /** the memory pool before the update (for a session it equals that session's Task 1 gold) */
  memory: z.array(MemoryItem),
  /** the authors' update prompt, when the source carries it */
  instruction: z.string().optional(),
});
const Task3Input = z.object({
  query: z.string(),
  candidate_memories: z.array(CandidateMemory).min(1),
  dialogue: z.array(DialogueTurn).optional(),
});
export const Task4Input = z.object({
  queries: z.array(Task4Query).min(1),
  /** ability 1 only (persona awareness): the memory is given to the model */
  selected_memory: Task4Memory.optional(),
  /** abilities 2-5: the dialogue the answer should draw on */
  dialogue_history: z.array(DialogueTurn).optional(),
});
type Task1Input = z.infer<typeof Task1Input>;
type Task2Input = z.infer<typeof Task2Input>;
type Task3Input = z.infer<typeof Task3Input>;
export type Task4Input = z.infer<typeof Task4Input>;

// ---------------------------------------------------------------- gold (server-side)

const Task1Gold = z.object({ memory_items: z.array(MemoryItem) });
const Task2Gold = z.object({
  /** the updated memory list: kept ids, `<selected>_updated`, `m_new_<n>` */
  memory_items: z.array(MemoryItem),
  /** the pool memory the new dialogue targets (drives "modification" in action accuracy) */
  selected_memory_id: z.string().nullable(),
});
const Task3Gold = z.object({
  selected_memory_id: z.string().min(1),
  selected_memory: CandidateMemory,
  /**
   * server-pools-v4: the released ids of this instance (the session id) and of the target (its id in its session),
   * so a file made on the released inputs is scored on the same candidates. Server side only, like all gold.
   */
  released: z.object({ benchmark_id: z.string().min(1), selected_memory_id: z.string().min(1) }).optional(),
});
export const Task4Gold = z.object({
  /** null for EI (ability 5): its criterion is the rubric, not one memory */
  selected_memory_id: z.string().nullable(),
  selected_memory: Task4Memory.nullable(),
  /** the session's extracted memories, when the source lists them (official EI rows) */
  memories: z.array(Task4Memory).optional(),
});
type Task1Gold = z.infer<typeof Task1Gold>;
type Task2Gold = z.infer<typeof Task2Gold>;
type Task3Gold = z.infer<typeof Task3Gold>;
export type Task4Gold = z.infer<typeof Task4Gold>;

// ---------------------------------------------------------------- instance

const DatasetSource = z.enum(["packets", "release", "demo"]);
type DatasetSource = z.infer<typeof DatasetSource>;

const InstanceMeta = z.looseObject({
  source: DatasetSource,
  /** language as the source states it ("English", "Chinese" ...) */
  language: z.string().optional(),
  /** Task 4: "ability1" ... "ability5" */
  ability: z.string().optional(),
  /** the authors' stratum (a memory label), or the Task 4 selected memory's label when known */
  stratum: z.string().optional(),
  canonicalId: z.string().optional(),
  /** Task 3: number of distractors (100 ... 1000) */
  poolSize: z.number().int().optional(),
  /** true for the synthetic demo set */
  synthetic: z.boolean().optional(),
});
type InstanceMeta = z.infer<typeof InstanceMeta>;

const base = {
  split: Split,
  benchmarkId: z.string().min(1),
  sessionId: z.string().nullable(),
  meta: InstanceMeta,
};

type Task3TrackId = Extract<TrackId, `task3/${string}`>;
type Task4TrackId = Extract<TrackId, `task4/${string}`>;
// Narrowing our own constant (not external data): lib/tracks lists at least one track of each task.
const TASK3_TRACKS = TRACK_IDS.filter((t): t is Task3TrackId => t.startsWith("task3/")) as [Task3TrackId, ...Task3TrackId[]];
const TASK4_TRACKS = TRACK_IDS.filter((t): t is Task4TrackId => t.startsWith("task4/")) as [Task4TrackId, ...Task4TrackId[]];

export const Task1Instance = z.object({ ...base, track: z.literal("task1"), input: Task1Input, gold: Task1Gold.nullable() });
export const Task2Instance = z.object({ ...base, track: z.literal("task2"), input: Task2Input, gold: Task2Gold.nullable() });
export const Task3Instance = z.object({ ...base, track: z.enum(TASK3_TRACKS), input: Task3Input, gold: Task3Gold.nullable() });
export const Task4Instance = z.object({ ...base, track: z.enum(TASK4_TRACKS), input: Task4Input, gold: Task4Gold.nullable() });

/**
 * `gold` is null only when the source hides it (the official test split has no reference file).
 * `split` comes from the release folder, or from the official split rule (lib/benchmarks/alpsbench/data/split.ts).
 */
export const NormalizedInstance = z.discriminatedUnion("track", [Task1Instance, Task2Instance, Task3Instance, Task4Instance]);
export type NormalizedInstance = z.infer<typeof NormalizedInstance>;
export type Task1Instance = z.infer<typeof Task1Instance>;
export type Task2Instance = z.infer<typeof Task2Instance>;
export type Task3Instance = z.infer<typeof Task3Instance>;
export type Task4Instance = z.infer<typeof Task4Instance>;

/** Instances before a split is assigned (readers build these, then apply the split rule). */
export type UnsplitInstance = NormalizedInstance extends infer I ? (I extends unknown ? Omit<I, "split"> : never) : never;
