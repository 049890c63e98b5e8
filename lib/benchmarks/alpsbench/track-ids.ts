import { z } from "zod";

/**
 * Every leaderboard track. Task 3 is one track per distractor-pool size; Task 4 one per ability.
 * The id doubles as the release layout's folder (`task3/d100`) once "/" becomes the folder separator,
 * except Task 4 whose release folders are `task4_ability<N>`: see releaseFolderOf.
 */
export const TRACK_IDS = [
  "task1",
  "task2",
  "task3/d100",
  "task3/d300",
  "task3/d500",
  "task3/d700",
  "task3/d1000",
  "task4/ability1",
  "task4/ability2",
  "task4/ability3",
  "task4/ability4",
  "task4/ability5",
] as const;

export const TrackId = z.enum(TRACK_IDS);
export type TrackId = z.infer<typeof TrackId>;

export const SPLITS = ["dev", "validation", "test"] as const;
export const Split = z.enum(SPLITS);
export type Split = z.infer<typeof Split>;

export const TASKS = ["task1", "task2", "task3", "task4"] as const;
export type TaskId = (typeof TASKS)[number];

export const POOL_SIZES = [100, 300, 500, 700, 1000] as const;

export function taskOf(track: TrackId): TaskId {
  return track.split("/")[0] as TaskId;
}

/** Folder name of a track in the official release layout (`benchmark_data/<split>/<folder>`). */
export function releaseFolderOf(track: TrackId): string {
  return track.startsWith("task4/") ? track.replace("task4/", "task4_") : track;
}

/** URL-safe slug (`task3-d100`) for routes such as /api/v1/leaderboards/{track}. */
export function trackSlug(track: TrackId): string {
  return track.replace("/", "-");
}

/**
 * Every name a track goes by, lower-case: our id (`task3/d300`), the official harness's track name (`task3_d300`,
 * `task4_ability2`), the release folder (`task3/d300`, `task4_ability2`), our URL slug (`task3-d300`) and the
 * `task4/ability2` form.
 */
const TRACK_NAMES: ReadonlyMap<string, TrackId> = new Map(
  TRACK_IDS.flatMap((track) => [track, track.replace("/", "_"), track.replace("/", "-"), releaseFolderOf(track)].map((name) => [name, track] as const)),
);

/**
 * The track a name refers to, however the official harness, its release layout or this site spells it
 * (SCORING.md, "The official prediction contract"): `task1`, `task3/d300`, `task3_d300`, `task3-d300`,
 * `task4_ability2`, `task4/ability2`, `task4-ability2`. Case, surrounding whitespace and surrounding slashes
 * (`task3/d300/`) are ignored. null when the name is no track. Every place that takes a track name from a
 * person (upload form, API, CLI, archive folders) goes through this one function.
 */
export function parseTrackName(name: string): TrackId | null {
  const folded = name
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, "");
  return TRACK_NAMES.get(folded) ?? null;
}

/** The name the official harness gives a track (`task3_d300`, `task4_ability2`). */
export function officialTrackName(track: TrackId): string {
  return track.replace("/", "_");
}

export const TRACK_LABELS: Record<TrackId, string> = {
  task1: "Task 1 · Memory extraction",
  task2: "Task 2 · Memory update",
  "task3/d100": "Task 3 · Retrieval, 100 distractors",
  "task3/d300": "Task 3 · Retrieval, 300 distractors",
  "task3/d500": "Task 3 · Retrieval, 500 distractors",
  "task3/d700": "Task 3 · Retrieval, 700 distractors",
  "task3/d1000": "Task 3 · Retrieval, 1,000 distractors",
  "task4/ability1": "Task 4 · Persona awareness (PA)",
  "task4/ability2": "Task 4 · Preference following (PF)",
  "task4/ability3": "Task 4 · Virtual-reality awareness (VRA)",
  "task4/ability4": "Task 4 · Constraint following (CF)",
  "task4/ability5": "Task 4 · Emotional intelligence (EI)",
};
