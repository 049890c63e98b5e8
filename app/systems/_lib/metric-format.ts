import { formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { hostedTrack } from "@/lib/benchmarks";
import type { BenchmarkMetricKind } from "@/lib/benchmarks/types";

/** The benchmark's label, description and decimals for a stored (track, metric); raw names for unknown ones. */
export function describeMetric(trackId: string, metric: string): { label: string; description: string; decimals: number; kind: BenchmarkMetricKind | null } {
  const found = hostedTrack(trackId);
  // A metric stored for a track whose table does not show it (Task 2's direct recall) keeps its wording on the
  // benchmark's other tracks (Task 1's).
  const def = found?.track.metrics.find((m) => m.id === metric) ?? found?.benchmark.tracks.flatMap((t) => t.metrics).find((m: { id: string }) => m.id === metric);
  return def
    ? { label: def.label, description: def.description, decimals: def.decimals, kind: def.kind }
    : { label: metric, description: metric, decimals: 4, kind: null };
}

export function formatScore(trackId: string, metric: string, value: number | null): string {
  return formatMetric(value, describeMetric(trackId, metric).decimals) ?? "–";
}

export function formatScoreInterval(trackId: string, metric: string, ciLow: number | null, ciHigh: number | null): string {
  return formatInterval(ciLow, ciHigh, describeMetric(trackId, metric).decimals) ?? "–";
}

/** Position of a metric in the leaderboard's column order for its track; unknown metrics last. */
export function metricOrder(trackId: string, metric: string): number {
  const i = hostedTrack(trackId)?.track.metrics.findIndex((m) => m.id === metric) ?? -1;
  return i === -1 ? 1000 : i;
}

/** Position of a stored track among its benchmark's declared tracks; unknown tracks last. */
export function trackOrder(trackId: string): number {
  const i = hostedTrack(trackId)?.benchmark.tracks.findIndex((t) => t.id === trackId) ?? -1;
  return i === -1 ? 1000 : i;
}
