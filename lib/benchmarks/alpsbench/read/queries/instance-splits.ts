import type { Db } from "@/lib/db/create-client";
import type { Split, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** Each instance's split on a track (benchmark id → split): what a full-benchmark run's split aggregates need. */
export async function getInstanceSplits(db: Pick<Db, "instance">, benchmarkVersionId: string, track: TrackId): Promise<Map<string, Split>> {
  const rows = await db.instance.findMany({ where: { benchmarkVersionId, trackId: track }, select: { benchmarkId: true, split: true } });
  return new Map(rows.map((r) => [r.benchmarkId, r.split]));
}
