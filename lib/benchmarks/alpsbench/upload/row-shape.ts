import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * What a refused row's keys say about where it belongs: the keys each task's row is written with (the official
 * prediction contract, schemas.ts), which other task a row's keys are those of, and the keys no task knows. A
 * researcher who sends a Task 3 file as task1, or writes `memories` for `memory_items`, reads which fix applies
 * instead of only "memory_items: missing". Pure.
 */

type Task = "task1" | "task2" | "task3" | "task4";

const KEYS_OF: Record<Task, readonly string[]> = {
  task1: ["benchmark_id", "memory_items"],
  task2: ["benchmark_id", "memory_items"],
  task3: ["benchmark_id", "selected_memory_id", "answer", "reason"],
  task4: ["benchmark_id", "answer", "used_memory_fact", "responses"],
};

/** How a task's tracks are named in the `task` field, for the hint. */
const TRACKS_OF: Record<Task, string> = {
  task1: "task1",
  task2: "task2",
  task3: "task3_d100 … task3_d1000",
  task4: "task4_ability1 … task4_ability5",
};

/** The task whose row a set of keys is (by the keys only that task's row has), or null. */
function taskOfRowKeys(keys: readonly string[]): Task | "task1 or task2" | null {
  const has = (key: string) => keys.includes(key);
  if (has("memory_items")) return "task1 or task2";
  if (has("selected_memory_id")) return "task3";
  if (has("used_memory_fact") || has("responses")) return "task4";
  // an answer with a reason and no used_memory_fact is the Task 3 contract's other half
  if (has("answer") && has("reason")) return "task3";
  return null;
}

/**
 * The clause a refused row's message ends with: "its keys (…) are those of a Task 3 row: send the file with task
 * task3_d100 … task3_d1000", or "unknown key "memories" (a task1 row is {benchmark_id, memory_items})"; "" when the
 * keys say nothing more than the problem itself.
 */
export function rowShapeHint(track: TrackId, keys: readonly string[]): string {
  const own = taskOf(track);
  const other = taskOfRowKeys(keys);
  const sameTask = other === own || (other === "task1 or task2" && (own === "task1" || own === "task2"));
  if (other !== null && !sameTask) {
    const tracks = other === "task1 or task2" ? "task1 or task2" : TRACKS_OF[other];
    const what = other === "task1 or task2" ? "a Task 1 or Task 2 row" : `a ${other.replace("task", "Task ")} row`;
    return `its keys (${keys.join(", ")}) are those of ${what}, not of a ${track} row: send the file with task ${tracks}`;
  }
  // keys of the row that no row of this track has (`memories`, `id`, `person_id`), in the row's order
  const unknown = keys.filter((key) => !KEYS_OF[own].includes(key));
  if (unknown.length === 0) return "";
  const shown = unknown.slice(0, 5).map((key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key));
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
  return `unknown ${unknown.length === 1 ? "key" : "keys"} ${shown.join(", ")}${more}; a ${track} row is {${KEYS_OF[own].join(", ")}}`;
}
