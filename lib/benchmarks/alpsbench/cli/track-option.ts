import { z } from "zod";
import { officialTrackName, parseTrackName, TRACK_IDS } from "../track-ids";

/** What `--task` accepts, for the help text. */
export const TRACK_OPTION_HELP = `track, as the official harness names it (${TRACK_IDS.map(officialTrackName).join(", ")}) or as task3/d300, task4/ability2`;

/** `--task <track>`: any name of a track (parseTrackName), so the official harness's folder names work as they are. */
export const TrackOption = z.string().transform((value, ctx) => {
  const track = parseTrackName(value);
  if (track === null) {
    ctx.addIssue({ code: "custom", message: `--task: unknown track "${value}"; known: ${TRACK_IDS.map(officialTrackName).join(", ")} (also written task3/d300)` });
    return z.NEVER;
  }
  return track;
});
