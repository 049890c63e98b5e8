import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { readReleaseLayout } from "@/lib/benchmarks/alpsbench/data/read-release-layout";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { detectLayout } from "../data/import/import-dataset";
import type { ScorableInstance } from "./score-track";

/**
 * A track's instances with gold, straight from a data directory (no database): what the `score` CLI scores
 * against. Instances without gold (the release's hidden test split) cannot be scored and are left out.
 */
export async function loadTrackInstances(dir: string, track: TrackId, split?: string): Promise<{ instances: ScorableInstance[]; withoutGold: number }> {
  const layout = detectLayout(dir);
  const all: NormalizedInstance[] = layout === "packets" ? await readPacketsLayout(dir) : await readReleaseLayout(dir);
  const chosen = all.filter((i) => i.track === track && (split === undefined || i.split === split));
  const instances = chosen.filter((i) => i.gold !== null).map((i) => ({ benchmarkId: i.benchmarkId, input: i.input, gold: i.gold }));
  return { instances, withoutGold: chosen.length - instances.length };
}
