import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { DatasetError, formatDatasetError } from "./errors";

interface Location {
  file: string;
  line?: number;
  field?: string;
}

/** Rejects a benchmark id seen twice within one track, naming both places. */
export class IdRegistry {
  private readonly seen = new Map<TrackId, Map<string, Location>>();

  register(track: TrackId, benchmarkId: string, at: Location): void {
    let ids = this.seen.get(track);
    if (!ids) this.seen.set(track, (ids = new Map()));
    const first = ids.get(benchmarkId);
    if (first) {
      const firstWhere = formatDatasetError({ ...first, message: "" }).replace(/: $/, "");
      throw new DatasetError({
        code: "duplicate_id",
        ...at,
        message: `duplicate ${track} id ${JSON.stringify(benchmarkId)} (first seen at ${firstWhere})`,
      });
    }
    ids.set(benchmarkId, at);
  }
}
