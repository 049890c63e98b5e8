import type { PreparedValue } from "@/lib/benchmarks/alpsbench/scoring/value-similarity";
import { preparePublicValues } from "./dialogue-match";
import { isLongValue, valueSkeleton } from "./predicted-values";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/** Where a public value is shown: bits of a source mask. */
export const TASK2_INPUT = 1;
export const TASK3_CANDIDATE = 2;

/**
 * Every value other tracks show anyone, as skeletons (lib/benchmarks/alpsbench/contamination/skeleton.ts) with their source mask,
 * indexed for containment: each skeleton of MIN_CONTAINED characters or more under its first PROBE characters,
 * so the public skeletons inside a predicted one are found by one map lookup per offset.
 */
export type PublicValueIndex = {
  sources: ReadonlyMap<string, number>;
  byPrefix: ReadonlyMap<string, readonly string[]>;
  /**
   * By Task 1 benchmark_id: the memories other tracks show for that row's own dialogue (publicValuesByDialogue),
   * compared by the scorer's similarity (dialogue-match.ts). Absent: no dialogue figures.
   */
  dialogues?: ReadonlyMap<string, readonly PreparedValue[]>;
  /** the same dialogues' public memory items whole (label, type, value, confidence), for structureOnlyCounts */
  dialogueItems?: ReadonlyMap<string, readonly unknown[]>;
};

/** Prefix length of the containment index: long enough that a probe rarely finds a candidate by chance. */
const PROBE = 8;
/**
 * A public skeleton shorter than this ("hasadog", "fromtheuk": 1% of them) is matched only by equality: found
 * inside a longer value it is a common phrase, not a copy ("the user has a dog named Haohao"). 12 rather than
 * 0 (every public value) or 16: on the real data the released outputs' worst public share is 5.9% / 5.1% / 4.5%
 * and edit (a)'s 95.7% / 95.1% / 94.0% (scripts/bench/README.md).
 */
export const MIN_CONTAINED = 12;

/** The index of public values (pure); only values of MIN_TOKENS tokens or more are public values. */
export function indexPublicValues(values: Iterable<{ value: unknown; source: number }>): PublicValueIndex {
  // Task 3 pools repeat the same few thousand memories millions of times: skeleton each distinct value once
  const raw = new Map<unknown, number>();
  for (const { value, source } of values) raw.set(value, (raw.get(value) ?? 0) | source);
  const sources = new Map<string, number>();
  for (const [value, source] of raw) {
    if (!isLongValue(value)) continue;
    const s = valueSkeleton(value);
    if (s !== null) sources.set(s, (sources.get(s) ?? 0) | source);
  }
  const byPrefix = new Map<string, string[]>();
  for (const s of sources.keys()) {
    if (s.length < MIN_CONTAINED) continue;
    const prefix = s.slice(0, PROBE);
    const list = byPrefix.get(prefix);
    if (list) list.push(s);
    else byPrefix.set(prefix, [s]);
  }
  return { sources, byPrefix };
}

/**
 * The sources of every public value whose skeleton `predicted` contains (0: none). Equality is the special case
 * of containment at offset 0; a copy wrapped in other text ("The user: <VALUE> !") is found at its offset.
 */
export function publicSourcesWithin(index: PublicValueIndex, predicted: string): number {
  const all = TASK2_INPUT | TASK3_CANDIDATE;
  let found = index.sources.get(predicted) ?? 0;
  for (let at = 0; found !== all && at + MIN_CONTAINED <= predicted.length; at++) {
    const candidates = index.byPrefix.get(predicted.slice(at, at + PROBE));
    if (!candidates) continue;
    for (const candidate of candidates) {
      const mask = index.sources.get(candidate)!;
      if ((found | mask) !== found && predicted.startsWith(candidate, at)) found |= mask;
    }
  }
  return found;
}

/** Count of distinct public skeletons per source (for logs and the bench). */
export function publicValueCounts(index: PublicValueIndex): { task2Inputs: number; task3Candidates: number } {
  let task2Inputs = 0;
  let task3Candidates = 0;
  for (const mask of index.sources.values()) {
    if (mask & TASK2_INPUT) task2Inputs += 1;
    if (mask & TASK3_CANDIDATE) task3Candidates += 1;
  }
  return { task2Inputs, task3Candidates };
}

/**
 * The index of every value other tracks show to anyone (pure): `memory` of Task 2 inputs, `candidate_memories`
 * of Task 3 inputs at every pool size. Inputs of every split count: inputs are public whatever the split.
 */
export function buildPublicValueIndex(inputs: Iterable<{ track: string; input: unknown }>): PublicValueIndex {
  const values: { value: unknown; source: number }[] = [];
  const add = (items: unknown, source: number) => {
    if (Array.isArray(items)) for (const item of items) values.push({ value: record(item).value, source });
  };
  for (const { track, input } of inputs) {
    if (track === "task2") add(record(input).memory, TASK2_INPUT);
    else if (track.startsWith("task3/")) add(record(input).candidate_memories, TASK3_CANDIDATE);
  }
  return indexPublicValues(values);
}

/**
 * By Task 1 benchmark_id, the memory values other tracks show anyone for the same dialogue (pure): Task 2's input
 * `memory` of the same session (SCORING.md "A leak across tasks": it is that session's Task 1 gold), of every split.
 * Instances are linked by `sessionId` (the packets' session; a release's Task 1 id is `<session>__<canonical id>`).
 */
export function publicValuesByDialogue(instances: Iterable<DialogueInstance>): Map<string, PreparedValue[]> {
  // a session's items are one array, shared by its Task 1 rows: prepared once
  const prepared = new Map<unknown[], PreparedValue[]>();
  const out = new Map<string, PreparedValue[]>();
  for (const [benchmarkId, items] of publicItemsByDialogue(instances)) {
    if (!prepared.has(items)) prepared.set(items, preparePublicValues(new Set(items.map((item) => record(item).value))));
    const values = prepared.get(items)!;
    if (values.length > 0) out.set(benchmarkId, values);
  }
  return out;
}

type DialogueInstance = { track: string; benchmarkId: string; sessionId: string | null; input?: unknown };

/** By Task 1 benchmark_id, its dialogue's public memory items whole (Task 2's input `memory` of the session), pure. */
export function publicItemsByDialogue(instances: Iterable<DialogueInstance>): Map<string, unknown[]> {
  const task1: { benchmarkId: string; session: string }[] = [];
  const bySession = new Map<string, unknown[]>();
  for (const { track, benchmarkId, sessionId, input } of instances) {
    const session = sessionId ?? benchmarkId.split("__")[0]!;
    if (track === "task1") task1.push({ benchmarkId, session });
    else if (track === "task2") {
      const memory = record(input).memory;
      if (Array.isArray(memory)) bySession.set(session, [...(bySession.get(session) ?? []), ...memory]);
    }
  }
  const out = new Map<string, unknown[]>();
  for (const { benchmarkId, session } of task1) {
    const items = bySession.get(session);
    if (items && items.length > 0) out.set(benchmarkId, items);
  }
  return out;
}
