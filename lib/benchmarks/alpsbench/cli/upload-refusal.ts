import { createReadStream } from "node:fs";
import { validateUpload } from "../upload/validate-upload";
import type { UploadProblem } from "@/lib/submissions/contracts";
import type { TrackId } from "../track-ids";

type UploadRefusal = { code: string; message: string; problems: UploadProblem[] };

const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/**
 * What an upload of this file to the track would be refused for (repeated or unknown ids, a line that is not
 * JSON such as a NaN, a wrong row envelope), or null when it would be accepted. `score` keeps scoring such a
 * file (the first row of an id, the readable lines), so it says this as a warning: the figures it prints are
 * not figures the server would ever publish. The same validator as the server's (lib/predictions), without
 * the server's size limits, which depend on its configuration.
 */
export async function uploadRefusal(file: string, track: TrackId, knownIds: ReadonlySet<string>): Promise<UploadRefusal | null> {
  const checked = await validateUpload(createReadStream(file), {
    track,
    knownIds,
    limits: { maxBytes: UNBOUNDED, maxDecompressedBytes: UNBOUNDED, maxProblems: 20 },
  });
  if (checked.ok) return null;
  return { code: checked.code, message: checked.fatal ?? checked.code, problems: checked.problems };
}
