import type { SubmitFormDeclaration } from "@/lib/benchmarks/types";
import { TASKS, TRACK_IDS, TRACK_LABELS, taskOf, trackSlug } from "../../track-ids";
import { taskRowFormat } from "./row-formats";

const TASK_GROUP_LABEL = {
  task1: "Task 1 · Extraction",
  task2: "Task 2 · Update",
  task3: "Task 3 · Retrieval",
  task4: "Task 4 · Utilization",
} as const;

/** The data versions' names on the form's benchmark picker; an imported release keeps its stored name. */
const VERSION_LABEL: Record<string, string> = { "alpsbench-v1": "AlpsBench", demo: "Demo (synthetic, small)" };

/** AlpsBench on the submit form: one picker group per task, each with its task's row format. */
export const alpsBenchSubmitForm: Omit<SubmitFormDeclaration, "inputsLinks"> = {
  groups: TASKS.map((task) => ({
    id: task,
    label: TASK_GROUP_LABEL[task],
    rowFormat: taskRowFormat(task),
    tracks: TRACK_IDS.filter((id) => taskOf(id) === task).map((id) => ({
      id,
      slug: trackSlug(id),
      // "Task 3 · Retrieval, 100 distractors" → "Retrieval, 100 distractors": the optgroup names the task.
      label: TRACK_LABELS[id].replace(/^Task \d · /, ""),
    })),
  })),
  files: {
    extensions: [".jsonl", ".json", ".jsonl.gz", ".json.gz", ".gz", ".zip", ".tar.gz", ".tgz", ".tar"],
    accept: ".jsonl,.json,.gz,.zip,.tgz,.tar,application/json,application/gzip,application/zip",
    kinds: ".jsonl, .json or .gz",
    hint: ".jsonl, .json or .gz, up to 200 MB; or a .zip / .tar.gz of a whole run (task1/predictions.jsonl, task3/d300/predictions.jsonl …): the task is then read from each folder",
    note: "JSONL or one JSON array, gzipped or not.",
  },
  versionLabel: (slug, storedName) => VERSION_LABEL[slug] ?? storedName,
};
