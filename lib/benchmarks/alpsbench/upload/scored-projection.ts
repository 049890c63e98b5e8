import { readTask3Prediction } from "@/lib/benchmarks/alpsbench/scoring/read-task3-prediction";
import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { isObject, type PredictionRow } from "./validate-row";
import type { Task4PredictionRow } from "./schemas";

/**
 * The part of a prediction row that scoring reads: what the duplicate rule compares (content-hash.ts), so that two
 * files that score the same are the same submission. Hashing the whole row would make a Task 3 file with only
 * one row's `answer` changed a new submission, tied at rank 1 with the original.
 * Pure. Per task:
 *  - Task 1 and 2: each predicted item's `memory_id`, `type`, `label`, `value` and `confidence` as given (what the
 *    matcher and the action scorer read from the raw items, in their order; `label_suggestion` too when the label
 *    is "UNMAPPED": the judge's review shows it then); an item that is not an object is `null` (it counts, never
 *    matches, whatever it holds). Any other key of an item or of the row is not read.
 *  - Task 3: the selected memory id as the recall scorer reads it (readTask3Prediction, which also finds an id
 *    written inside the answer text). The `answer` and `reason` texts are left out on purpose: only the judge reads
 *    them, and free text is what a copier rewrites at will, so counting it would let any copy through. Two
 *    submissions that select the same memories everywhere are one system's selections.
 *  - Task 4: the responses the judge reads (query id and text). `used_memory_fact` is carried, not scored.
 */
export function scoredProjection(track: TrackId, value: Record<string, unknown>, row: PredictionRow): unknown {
  const task = taskOf(track);
  if (task === "task1" || task === "task2") {
    const items = Array.isArray(value.memory_items) ? value.memory_items : [];
    return { memory_items: items.map(scoredItem) };
  }
  if (task === "task3") {
    const read = readTask3Prediction(value);
    // a value-only pick (the authors' checker accepts one) is what scoring reads of such a row
    return {
      selected_memory_id: read.selectedMemoryId,
      ...(read.selectedMemoryId === null && read.selectedValue !== null ? { selected_memory_value: read.selectedValue } : {}),
    };
  }
  return { responses: (row as Task4PredictionRow).responses.map(({ query_id, response }) => ({ query_id, response })) };
}

const ITEM_FIELDS = ["memory_id", "type", "label", "value", "confidence"] as const;

function scoredItem(item: unknown): unknown {
  if (!isObject(item)) return null;
  const out: Record<string, unknown> = {};
  for (const key of ITEM_FIELDS) if (item[key] !== undefined) out[key] = item[key];
  if (item.label === "UNMAPPED" && item.label_suggestion !== undefined && item.label_suggestion !== null) out.label_suggestion = item.label_suggestion;
  return out;
}
