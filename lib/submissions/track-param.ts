import type { Capabilities } from "@/lib/benchmarks/hosted-capabilities";

/**
 * A `track` query parameter of a submission read, resolved the one way: any name of the track the benchmark takes
 * (its `parseTrack`: the id, the official harness's name, the URL slug), and only a track the submission covers.
 * An unknown name, or a track the submission does not cover, is a 400 that lists the names it takes, never a
 * silent fallback to the submission's first track (`?track=bogus` once answered d100's items). Pure.
 */
export function resolveTrackParam(
  benchmark: { pipeline: NonNullable<Capabilities["trackNaming"]> },
  name: string,
  covered: readonly string[],
): { ok: true; track: string } | { ok: false; message: string } {
  const track = benchmark.pipeline.parseTrack(name);
  if (track === null) return { ok: false, message: `parameter "track": unknown track "${name}"; known tracks: ${benchmark.pipeline.knownTracks}.` };
  if (!covered.includes(track))
    return { ok: false, message: `parameter "track": this submission has no track "${name}"; it covers ${covered.join(", ") || "no track"}.` };
  return { ok: true, track };
}
