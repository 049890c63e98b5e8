import type { Db } from "@/lib/db/create-client";
import { trackSplits } from "./module-splits";
import type { AnyTrack, Benchmark, OneCallBenchmark } from "./types";
import { cliCommand } from "@/lib/platform/site";

/** Whether a module's track can take an upload on this server, and if not, what is missing and how to import it. */
type TrackReadiness = { track: string; ready: boolean; missing: string | null };

/**
 * The sentence the form, the API's refusal and the readiness listing share: the missing data by name and how an
 * operator imports it. Pure.
 */
export function missingDataMessage(benchmark: Pick<Benchmark, "title" | "trackData">, trackId: string): string {
  const needs = benchmark.trackData?.needs(trackId) ?? "its evaluation data";
  const how = benchmark.trackData?.importHow ?? `An operator imports it with \`${cliCommand("import --from <folder>")}\`.`;
  return `${benchmark.title} has no evaluation data for its ${trackId} track on this server yet: it needs ${needs}. ${how}`;
}

/** Without `trackData`: whether the track's input reads on each of its splits. */
async function everySplitRead(db: Db, benchmark: OneCallBenchmark, track: AnyTrack): Promise<boolean> {
  for (const split of trackSplits(benchmark, track)) if ((await benchmark.readTrackInput(db, track.id, split.id)) === null) return false;
  return true;
}

/** Whether a benchmark can tell its tracks' readiness: it declares `trackData`, or has one-call reads to try. */
export const tellsReadiness = (benchmark: Pick<Benchmark, "trackData">, oneCall: OneCallBenchmark | null) => benchmark.trackData !== undefined || oneCall !== null;

/**
 * Every track of a benchmark with its readiness, read before any upload (counts only, no rows read): its own
 * `trackData` check when it declares one, else whether its one-call input reads on every split (`oneCall`: its
 * one-call members, hosted-capabilities.ts). null: it can tell neither way.
 */
export async function trackReadiness(db: Db, benchmark: Benchmark, oneCall: OneCallBenchmark | null): Promise<TrackReadiness[] | null> {
  const { trackData } = benchmark;
  if (!tellsReadiness(benchmark, oneCall)) return null;
  const out: TrackReadiness[] = [];
  // without `trackData`, `oneCall` is the benchmark itself, its tracks with their one-call members
  for (const track of oneCall?.tracks ?? benchmark.tracks) {
    const ready = trackData ? await trackData.hasTrackData(db, track.id) : await everySplitRead(db, oneCall!, track as AnyTrack);
    out.push({ track: track.id, ready, missing: ready ? null : missingDataMessage(benchmark, track.id) });
  }
  return out;
}

/**
 * A data version's tracks that hold no evaluation data, each with the sentence the submit form shows beside it (the
 * form disables them, as it does a module's track without data): the upload would be refused ("… has no task4
 * instances yet"). Empty for a benchmark without `trackData`, which the form cannot ask.
 */
export async function dataVersionGaps(db: Db, benchmark: Benchmark, version: { slug: string; label: string }, trackIds: readonly string[]) {
  const { trackData } = benchmark;
  if (!trackData) return {};
  const held = await Promise.all(trackIds.map((trackId) => trackData.hasTrackData(db, trackId, version.slug)));
  const why = `${version.label} holds no instances of this track on this server yet, so an upload to it would be refused. ${trackData.importHow}`;
  return Object.fromEntries(trackIds.filter((_, i) => !held[i]).map((trackId) => [trackId, why]));
}

/** The body of GET /api/v1/benchmarks/<id>/readiness; null for a benchmark that can tell no readiness (trackReadiness). */
export async function readinessBody(db: Db, benchmark: Benchmark, oneCall: OneCallBenchmark | null) {
  const tracks = await trackReadiness(db, benchmark, oneCall);
  return tracks && { benchmark: benchmark.id, ready: tracks.every((t) => t.ready), tracks };
}
