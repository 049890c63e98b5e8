import { parseTrackName, SPLITS, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * Which files of a run are prediction files, and which track (and split) each one is, from its path in the
 * official layout: `<track>/predictions.jsonl` at any depth, split folders allowed
 * (`benchmark_data/test/task3/d300/predictions.jsonl`, `task4_ability2/predictions.jsonl`), or a file named after
 * its track (`task3_d300.jsonl`). Pure: no I/O.
 */

const PREDICTION_FILE = /\.(jsonl|json|ndjson)(\.gz)?$/i;
const OFFICIAL_NAME = /^predictions?\.(jsonl|json|ndjson)(\.gz)?$/i;

type RunFilePlace = { track: TrackId; split: Split | null };

/**
 * Files a run ignores: folders' metadata that archivers add (macOS `__MACOSX/`, `.DS_Store`, hidden files). The
 * path segments "." and ".." are not hidden files: `dev/./task1/predictions.jsonl` is the dev split's Task 1 file
 * (it was silently ignored before), and a ".." path is refused by `hasParentSegment`'s caller, never skipped.
 */
export function isIgnoredRunFile(filePath: string): boolean {
  const segments = filePath.split("/");
  const hidden = (segment: string) => segment.startsWith(".") && segment !== "." && segment !== "..";
  return segments.some((segment) => segment === "__MACOSX" || hidden(segment)) || !PREDICTION_FILE.test(segments.at(-1) ?? "");
}

/** Whether a path climbs out of its folder (`task1/../predictions.jsonl`): such a path names no place in a run. */
export function hasParentSegment(filePath: string): boolean {
  return filePath.split("/").includes("..");
}

/** Whether the file has the official harness's name (`predictions.jsonl`): when a run has any, only those count. */
export function hasOfficialName(filePath: string): boolean {
  return OFFICIAL_NAME.test(filePath.split("/").at(-1) ?? "");
}

/** The track (and split folder, if any) of a prediction file's path, or null when no folder or name is a track. */
export function placeOfRunFile(filePath: string): RunFilePlace | null {
  const segments = filePath.split("/").filter((segment) => segment !== "" && segment !== ".");
  const base = segments.pop() ?? "";
  const official = OFFICIAL_NAME.test(base);
  if (!official) segments.push(base.replace(PREDICTION_FILE, ""));
  let track: TrackId | null = null;
  let at = -1;
  // `predictions.jsonl`: the deepest folder (or pair of folders: `task3/d300`) that names a track. Any other
  // name must itself name the track (`task3_d300.jsonl`), so `task1/model_input.jsonl` is not a prediction file.
  const lowest = official ? 0 : segments.length - 1;
  for (let i = segments.length - 1; i >= lowest && track === null; i -= 1) {
    track = (i > 0 ? parseTrackName(`${segments[i - 1]}/${segments[i]}`) : null) ?? parseTrackName(segments[i]!);
    if (track !== null) at = track.includes("/") && parseTrackName(segments[i]!) === null ? i - 1 : i;
  }
  if (track === null) return null;
  const splitFolder = segments
    .slice(0, at)
    .reverse()
    .find((segment) => (SPLITS as readonly string[]).includes(segment.toLowerCase()));
  return { track, split: (splitFolder?.toLowerCase() as Split | undefined) ?? null };
}
