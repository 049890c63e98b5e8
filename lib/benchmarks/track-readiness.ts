import type { Db } from "@/lib/db/create-client";
import { trackSplits } from "./module-splits";
import type { AnyTrack, OneCallBenchmark } from "./types";
import { cliCommand } from "@/lib/platform/site";

/** Whether a module's track can take an upload on this server, and if not, what is missing and how to import it. */
type TrackReadiness = { track: string; ready: boolean; missing: string | null };

/**
 * The sentence the form, the API's refusal and the readiness listing share: the missing data by name and how an
 * operator imports it. Pure.
 */
export function missingDataMessage(benchmark: OneCallBenchmark, trackId: string): string {
  const needs = benchmark.trackData?.needs(trackId) ?? "its evaluation data";
  const how = benchmark.trackData?.importHow ?? `An operator imports it with \`${cliCommand("import --from <folder>")}\`.`;
  return `${benchmark.title} has no evaluation data for its ${trackId} track on this server yet: it needs ${needs}. ${how}`;
}

/** Without `trackData`: whether the track's input reads on each of its splits. */
async function everySplitRead(db: Db, benchmark: OneCallBenchmark, track: AnyTrack): Promise<boolean> {
  for (const split of trackSplits(benchmark, track)) if ((await benchmark.readTrackInput(db, track.id, split.id)) === null) return false;
  return true;
}

/** Every track of a module with its readiness, read before any upload (counts only, no rows read). */
export async function trackReadiness(db: Db, benchmark: OneCallBenchmark): Promise<TrackReadiness[]> {
  const out: TrackReadiness[] = [];
  for (const track of benchmark.tracks) {
    const ready = benchmark.trackData ? await benchmark.trackData.hasTrackData(db, track.id) : await everySplitRead(db, benchmark, track);
    out.push({ track: track.id, ready, missing: ready ? null : missingDataMessage(benchmark, track.id) });
  }
  return out;
}

/** The body of GET /api/v1/benchmarks/<id>/readiness, or null for a benchmark no module registers. */
export async function readinessBody(db: Db, benchmark: OneCallBenchmark | null) {
  if (!benchmark) return null;
  const tracks = await trackReadiness(db, benchmark);
  return { benchmark: benchmark.id, ready: tracks.every((t) => t.ready), tracks };
}
