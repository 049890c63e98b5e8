import { TRACK_METRICS } from "./metrics";
import { TRACK_IDS, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * A breakdown's metrics in the leaderboard's column order: the headline first (Task 1 and 2's Score), then its
 * components as the board shows them (Precision, Recall, F1, Direct recall, Indirect recall, then the judge's
 * figures). A metric takes its place from the first of the breakdown's tracks that declares it (then any track);
 * metrics no track declares (per-instance details) follow, by name. Instance results store their metrics in
 * whatever order the scorer wrote them, so without this the columns came out as F1, Recall, Precision, …
 */
export function orderBreakdownMetrics(metrics: readonly string[], tracks: readonly string[]): string[] {
  const known = tracks.filter((t): t is TrackId => TrackId.safeParse(t).success);
  const searched = [...new Set<TrackId>([...known, ...TRACK_IDS])];
  const position = (metric: string) => {
    for (const t of searched) {
      const i = TRACK_METRICS[t].findIndex((m) => m.id === metric);
      if (i !== -1) return i;
    }
    return Number.POSITIVE_INFINITY;
  };
  return [...metrics].sort((a, b) => position(a) - position(b) || a.localeCompare(b, "en"));
}
