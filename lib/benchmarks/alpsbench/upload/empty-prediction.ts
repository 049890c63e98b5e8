import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { Task3PredictionRow, Task4PredictionRow } from "./schemas";
import type { PredictionRow } from "./validate-row";

/**
 * Whether a validated prediction row predicts nothing, per track (the "empty prediction" a missing row also
 * scores as): Task 1 and 2 no memory item left after validation (Task 2's row is the whole memory state, so no
 * retention, modification or addition), Task 3 no usable selected memory id, Task 4 no response with a
 * non-blank text. Used to refuse test-split files made mostly of empty rows (lib/submissions/test-coverage.ts).
 */
export function isEmptyPrediction(track: TrackId, row: PredictionRow): boolean {
  const task = taskOf(track);
  if (task === "task1" || task === "task2") return !("memory_items" in row) || row.memory_items.length === 0;
  if (task === "task3") return (row as Task3PredictionRow).selected_memory_id === null;
  return !(row as Task4PredictionRow).responses.some((r) => r.response.trim() !== "");
}
