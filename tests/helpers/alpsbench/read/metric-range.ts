import { metricBounds } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** A metric's range (max - min) from its scale (metricBounds); null when the scale is unknown. */
export function metricRange(track: TrackId, metric: string): number | null {
  const b = metricBounds(track, metric);
  return b ? b[1] - b[0] : null;
}
