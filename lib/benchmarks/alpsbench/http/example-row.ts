import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * A prediction row in the official prediction contract (docs SCORING.md) for an instance, built from
 * its id and its public input only, never from gold:
 *  - task1: one placeholder memory item (a real system writes what it extracted);
 *  - task2: the memory pool before the update, unchanged (the "nothing changed" baseline);
 *  - task3: the first candidate's id;
 *  - task4: the official contract's `{benchmark_id, answer, used_memory_fact}`, one answer (to the first query).
 * Every row passes the upload validator (checked here, so a change of the prediction schema breaks loudly).
 */
export function exampleRow(track: TrackId, benchmarkId: string, input: unknown): Record<string, unknown> {
  const record = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const task = taskOf(track);
  let row: Record<string, unknown>;
  if (task === "task1") {
    row = {
      benchmark_id: benchmarkId,
      memory_items: [
        {
          memory_id: "m1",
          type: "direct",
          label: "Personal_Background/Occupation",
          value: "Replace with a memory your system extracted from the dialogue",
          confidence: 0.9,
        },
      ],
    };
  } else if (task === "task2") {
    const pool = Array.isArray(record.memory) ? record.memory : [];
    row = { benchmark_id: benchmarkId, memory_items: pool };
  } else if (task === "task3") {
    const candidates = Array.isArray(record.candidate_memories) ? record.candidate_memories : [];
    const first = candidates[0] as { memory_id?: unknown } | undefined;
    row = {
      benchmark_id: benchmarkId,
      selected_memory_id: typeof first?.memory_id === "string" ? first.memory_id : String(first?.memory_id ?? "m1"),
      answer: "Replace with your system's answer",
      reason: "Replace with why it chose this memory",
    };
  } else {
    row = {
      benchmark_id: benchmarkId,
      answer: "Replace with your system's answer to the instance's query",
      used_memory_fact: "Replace with the remembered fact the answer relies on",
    };
  }
  const checked = validatePredictionRow(track, row);
  if (!checked.ok) throw new Error(`example row for ${track} ${benchmarkId} does not validate: ${JSON.stringify(checked.problems)}`);
  return row;
}
