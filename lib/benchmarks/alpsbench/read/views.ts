import { POOL_SIZES, TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * The leaderboard views the site and the read API offer. A view is one track, or several tracks side by side
 * (the overview, Task 3's pool sizes, Task 4's abilities). Pure data: lib/db/queries turns it into rows.
 */
/**
 * `standIns`: metrics that place a row on this track in the overview's mean rank where it has no figure for the
 * headline (`metrics[0]`), in order: Task 3's exact-id recall for its judged recall, then its "reported" column (the
 * paper's figure on the authors' pools, once the board holds each protocol apart: read/task3-protocols.ts), so a
 * Task 3 column of the overview holds a server figure for one row and a reported one for another.
 * `judgeOnly`: an upload gets a figure on this track only from a judge; the overview's mean rank counts it only on a
 * server with a judge configured (read/queries/view.ts).
 */
type ViewPart = { track: TrackId; metrics: string[]; group: string; standIns?: string[]; judgeOnly?: true };
export type ViewDef =
  | { id: string; title: string; kind: "track"; track: TrackId }
  /** rows: one per system and tier, each track's cells from that tier's best public run (lib/benchmarks/alpsbench/read/queries/leaderboard.ts) */
  | { id: string; title: string; kind: "multi"; parts: ViewPart[] };

const task3Parts: ViewPart[] = POOL_SIZES.map((size) => ({
  track: `task3/d${size}` as TrackId,
  metrics: ["judge_recall", "recall"],
  group: `d${size}`,
}));

const task4Parts: ViewPart[] = [
  { track: "task4/ability1", metrics: ["score"], group: "PA" },
  { track: "task4/ability2", metrics: ["score", "pf_general", "pf_interaction"], group: "PF" },
  { track: "task4/ability3", metrics: ["score"], group: "VRA" },
  { track: "task4/ability4", metrics: ["score"], group: "CF" },
  {
    track: "task4/ability5",
    metrics: ["ei_en", "ei_zh", "resonation_en", "expression_en", "reception_en", "resonation_zh", "expression_zh", "reception_zh"],
    group: "EI",
  },
];

export const OVERVIEW: ViewDef = {
  id: "overview",
  title: "All tasks",
  kind: "multi",
  parts: [
    { track: "task1", metrics: ["algo_score_100", "f1"], group: "Task 1 · Extraction" },
    { track: "task2", metrics: ["algo_score_100", "f1"], group: "Task 2 · Update" },
    // Task 3 counts by each row's own figure: scored here where the server scored one (judge recall, else exact-id
    // recall), else the paper's reported figure on the authors' pools (the board's notes name the pools)
    { track: "task3/d100", metrics: ["judge_recall", "recall"], group: "Task 3 · d100", standIns: ["recall", "reported"] },
    { track: "task3/d1000", metrics: ["judge_recall", "recall"], group: "Task 3 · d1000", standIns: ["recall", "reported"] },
    { track: "task4/ability1", metrics: ["score"], group: "Task 4 · PA", judgeOnly: true },
    { track: "task4/ability2", metrics: ["score"], group: "Task 4 · PF", judgeOnly: true },
    { track: "task4/ability3", metrics: ["score"], group: "Task 4 · VRA", judgeOnly: true },
    { track: "task4/ability4", metrics: ["score"], group: "Task 4 · CF", judgeOnly: true },
    { track: "task4/ability5", metrics: ["ei_en", "ei_zh"], group: "Task 4 · EI", judgeOnly: true },
  ],
};

export const TASK_VIEWS: Record<"task1" | "task2" | "task3" | "task4", ViewDef> = {
  task1: { id: "task1", title: "Task 1 · Memory extraction", kind: "track", track: "task1" },
  task2: { id: "task2", title: "Task 2 · Memory update", kind: "track", track: "task2" },
  task3: { id: "task3", title: "Task 3 · Retrieval under distractors", kind: "multi", parts: task3Parts },
  task4: { id: "task4", title: "Task 4 · Memory utilization", kind: "multi", parts: task4Parts },
};

/** `overview`, `task1`..`task4`, or a single track's slug (`task3-d300`, `task4-ability5`). */
export function viewFromSlug(slug: string): ViewDef | null {
  if (slug === "overview") return OVERVIEW;
  // an own key only: "__proto__", "constructor" and "toString" are `in` every object (a 500 before)
  if (Object.hasOwn(TASK_VIEWS, slug)) return TASK_VIEWS[slug as keyof typeof TASK_VIEWS];
  const track = TRACK_IDS.find((t) => t.replace("/", "-") === slug);
  return track ? { id: slug, title: track, kind: "track", track } : null;
}

export const VIEW_SLUGS: string[] = [...new Set(["overview", ...Object.keys(TASK_VIEWS), ...TRACK_IDS.map((t) => t.replace("/", "-"))])];
