import { hostedBenchmarks, oneCallBenchmarks } from "@/lib/benchmarks";
import type { AnyTrack, Benchmark, OneCallBenchmark } from "@/lib/benchmarks/types";
import type { SubmissionRefusal } from "./contracts";

/**
 * A refused file whose rows (or CSV header) are those of another hosted benchmark's track: the refusal says which,
 * and the fields that send it there. Each other hosted benchmark is asked through the registry (its
 * `recognisesRows` hook); a one-call benchmark without the hook is matched on its declared row formats (every required column
 * present, and the most declared columns matched).
 */
export function withOtherBenchmarkHint(refusal: SubmissionRefusal, benchmarkId: string): SubmissionRefusal {
  const seen = refusal.validation?.looksLike;
  if (!seen) return refusal;
  const found = recognisedElsewhere(seen, benchmarkId);
  if (!found) return refusal;
  const what = seen.format === "csv" ? "Its columns" : "Its rows' keys";
  const why = found.why ? ` (${found.why})` : "";
  const message = `${refusal.message.replace(/\.$/, "")}. ${what} are those of ${found.benchmark.title}'s ${found.track} track${why}: send it with benchmark=${found.benchmark.id} and task=${found.track} (--benchmark ${found.benchmark.id} --track ${found.track} in the CLI).`;
  return { ...refusal, message };
}

function recognisedElsewhere(
  seen: { format: "csv" | "json"; keys: string[] },
  benchmarkId: string,
): { benchmark: Benchmark; track: string; why: string | null } | null {
  for (const benchmark of hostedBenchmarks()) {
    if (benchmark.id === benchmarkId || !benchmark.recognisesRows) continue;
    const said = benchmark.recognisesRows(seen);
    if (said) return { benchmark, track: said.track, why: said.why };
  }
  let best: { benchmark: OneCallBenchmark; track: AnyTrack; matched: number } | null = null;
  for (const benchmark of oneCallBenchmarks()) {
    if (benchmark.id === benchmarkId || benchmark.recognisesRows) continue;
    for (const track of benchmark.tracks) {
      const columns = track.rowFormat.columns;
      if (!columns.filter((c) => c.required).every((c) => seen.keys.includes(c.name))) continue;
      const matched = columns.filter((c) => seen.keys.includes(c.name)).length;
      if (matched >= 2 && (best === null || matched > best.matched)) best = { benchmark, track, matched };
    }
  }
  return best ? { benchmark: best.benchmark, track: best.track.id, why: null } : null;
}
