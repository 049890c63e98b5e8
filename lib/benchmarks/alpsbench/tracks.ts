import { DEFAULT_SORT, TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { taskOf, TRACK_IDS, TRACK_LABELS, type TaskId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { Benchmark, TrackInfo } from "../types";

/** What each task measures, for the track list (SCORING.md). */
const TASK_DESCRIPTIONS: Record<TaskId, string> = {
  task1: "Extract the user's memories from a real dialogue; matched to the gold memories (F1, recall) and judged.",
  task2: "Update a memory pool with a new dialogue: keep, add, modify or delete; matched to the golden updated list.",
  task3: "Retrieve the one gold memory for a query among 100 to 1,000 distractors (recall@k, judged recall).",
  task4: "Answer with the user's memory in mind: five abilities, each judged (persona, preferences, virtual reality, constraints, emotions).",
};

/**
 * AlpsBench's twelve tracks as the platform lists them, from the same declarations the pages use
 * (lib/benchmarks/alpsbench/tracks.ts for names, lib/benchmarks/alpsbench/read/metrics.ts for the metric definitions and default sorts).
 */
export const ALPSBENCH_TRACKS: TrackInfo[] = TRACK_IDS.map((id) => ({
  id,
  title: TRACK_LABELS[id],
  description: TASK_DESCRIPTIONS[taskOf(id)],
  kind: TRACK_METRICS[id].find((m) => m.id === DEFAULT_SORT[id])?.kind ?? "deterministic",
  metrics: TRACK_METRICS[id],
  headline: DEFAULT_SORT[id],
}));

/** The views of /api/v1/leaderboards/alpsbench[/<view>]: the overview, then a view per task (old slugs keep working). */
export const ALPSBENCH_VIEWS: Benchmark["views"] = [{ id: "", title: "All tasks" }, ...Object.values(TASK_VIEWS).map((v) => ({ id: v.id, title: v.title }))];
