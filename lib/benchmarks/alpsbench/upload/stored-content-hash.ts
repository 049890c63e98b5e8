import { Readable } from "node:stream";
import { contentSha256, rowDigest } from "@/lib/uploads/content-hash";
import { parsePredictionStream } from "@/lib/uploads/parse-prediction-stream";
import { newPredictionStreamStats } from "@/lib/uploads/prediction-stream-types";
import { parseTrackName } from "@/lib/benchmarks/alpsbench/track-ids";
import { scoredProjection } from "./scored-projection";
import { validatePredictionRow } from "./validate-row";

/**
 * The content hash of a stored (gzipped, already accepted) AlpsBench upload as an upload computes it now: each
 * valid row's scored projection, first row per instance. null when the track is unknown or no row is valid.
 */
export async function alpsBenchStoredContentSha256(track: string, stored: Uint8Array): Promise<string | null> {
  const trackId = parseTrackName(track);
  if (trackId === null) return null;
  const digests = new Map<string, Buffer>();
  for await (const item of parsePredictionStream(Readable.from([stored]), { stats: newPredictionStreamStats() })) {
    if ("error" in item) continue;
    const result = validatePredictionRow(trackId, item.value);
    if (!result.ok || digests.has(result.row.benchmark_id)) continue;
    digests.set(result.row.benchmark_id, rowDigest(scoredProjection(trackId, result.value, result.row)));
  }
  return digests.size > 0 ? contentSha256(digests) : null;
}
