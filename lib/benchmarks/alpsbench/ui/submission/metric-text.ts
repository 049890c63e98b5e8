import { formatMetric } from "@/lib/leaderboard/format";
import type { BenchmarkMetricKind, TrackInfo } from "@/lib/benchmarks/types";
import { ALPSBENCH_TRACKS } from "../../tracks";
import { TRACK_LABELS } from "../../track-ids";

/**
 * What app/systems/_lib/metric-format.ts says of a stored (track, metric), read from AlpsBench's own track
 * declarations: its page parts are loaded by its declaration, which the registry lists, so reaching the registry
 * from here would close an import circle. For AlpsBench's tracks both give the same text.
 */
const track = (trackId: string): TrackInfo | undefined => ALPSBENCH_TRACKS.find((t) => t.id === trackId);

export function describeMetric(trackId: string, metric: string): { label: string; description: string; decimals: number; kind: BenchmarkMetricKind | null } {
  // a metric stored for a track whose table does not show it (Task 2's direct recall) keeps its wording on another track
  const def = track(trackId)?.metrics.find((m) => m.id === metric) ?? ALPSBENCH_TRACKS.flatMap((t) => t.metrics).find((m) => m.id === metric);
  return def
    ? { label: def.label, description: def.description, decimals: def.decimals, kind: def.kind }
    : { label: metric, description: metric, decimals: 4, kind: null };
}

export function formatScore(trackId: string, metric: string, value: number | null): string {
  return formatMetric(value, describeMetric(trackId, metric).decimals) ?? "–";
}

/** Position of a metric in the leaderboard's column order for its track; unknown metrics last. */
export function metricOrder(trackId: string, metric: string): number {
  const i = track(trackId)?.metrics.findIndex((m) => m.id === metric) ?? -1;
  return i === -1 ? 1000 : i;
}

/** A track's name; its own tracks' names: importing the registry from here would close a circle (registry -> AlpsBench -> this page part). */
export const trackLabel = (track: string): string => (TRACK_LABELS as Record<string, string>)[track] ?? track;
