import type { RowFormat } from "@/lib/benchmarks/types";
import type { TaskId } from "../../track-ids";

type TaskFormat = Omit<RowFormat, "columns" | "example" | "exampleText"> & { exampleText: string };

/**
 * One JSON line per instance: the official prediction contract of ../shared/docs/SCORING.md, as the submit form
 * shows it per task. Rows are nested (a list of memories), so the example and notes say what a flat column list
 * cannot; the example is hand-wrapped to read on a phone.
 */
const FORMATS: Record<TaskId, TaskFormat> = {
  task1: {
    summary: "One line per instance: the memories you extracted from the dialogue.",
    exampleText: `{"benchmark_id": "sess_…__…", "memory_items": [
  {"memory_id": "m1", "type": "direct",
   "label": "Personal_Background/Occupation",
   "value": "Works as a nurse", "confidence": 0.9}]}`,
    notes: "Scored: type (direct/indirect), label, value, confidence. A missing line scores as an empty prediction.",
  },
  task2: {
    summary: "One line per instance: the whole memory list after the update.",
    exampleText: `{"benchmark_id": "sess_…", "memory_items": [
  {"memory_id": "m3_updated", "type": "direct",
   "label": "Preferences/Food", "value": "Now vegetarian",
   "confidence": 0.8}]}`,
    notes: "Keep ids of retained memories, use <id>_updated for a modified one and m_new_<n> for additions.",
  },
  task3: {
    summary: "One line per instance and pool size: the candidate you picked.",
    exampleText: `{"benchmark_id": "sess_…", "answer": "…",
 "reason": "…", "selected_memory_id": "c017"}`,
    notes: "selected_memory_id (one of the instance's candidate ids) decides; the judge reads answer and reason. Tracks task3_d100 … task3_d1000.",
  },
  task4: {
    summary: "One line per instance: your answer to its query.",
    exampleText: `{"benchmark_id": "ability1_12", "answer": "…",
 "used_memory_fact": "…"}`,
    notes:
      "The answer is judged (for EI, the instance's first query, as the official harness asks it). Also accepted: {benchmark_id, responses: [{query_id, response}]}, one per query (EI: five).",
  },
};

/** A task's row format as the platform's format box renders it (the example also as data, parsed from its text). */
export function taskRowFormat(task: TaskId): RowFormat {
  const format = FORMATS[task];
  // nested rows: no flat column list
  return { ...format, columns: [], example: JSON.parse(format.exampleText) as Record<string, unknown> };
}
