import type { AnyTrack, OneCallBenchmark, ModuleSplitId, SplitDeclaration } from "./types";

/** A module that declares no splits has one, "full": every item it holds, its gold as public as its module says. */
const ONE_SPLIT: readonly { id: ModuleSplitId; goldHidden?: boolean }[] = [{ id: "full" }];

/** A track's splits as declared (the track's own, else the benchmark's), or the one "full" split. Pure. */
export function trackSplits(benchmark: Pick<OneCallBenchmark, "splits">, track: Pick<AnyTrack, "splits">): readonly { id: ModuleSplitId; goldHidden?: boolean }[] {
  const declared: readonly SplitDeclaration[] | undefined = track.splits ?? benchmark.splits;
  return declared && declared.length > 0 ? declared : ONE_SPLIT;
}

/** Whether the module declares splits at all (on itself or on a track): only then does a view take `split`. */
export function hasSplits(benchmark: Pick<OneCallBenchmark, "splits" | "tracks">): boolean {
  return (benchmark.splits?.length ?? 0) > 0 || benchmark.tracks.some((t) => (t.splits?.length ?? 0) > 0);
}

/** Whether the track's gold on `split` is hidden (the rules of a hidden test split apply to uploads on it). */
export function goldHidden(benchmark: Pick<OneCallBenchmark, "splits">, track: Pick<AnyTrack, "splits">, split: string): boolean {
  return trackSplits(benchmark, track).some((s) => s.id === split && s.goldHidden === true);
}

/** A track's per-item rows as an upload on `split` has them: none on a split whose gold is hidden (never stored). */
export function itemRowsOnSplit(benchmark: Pick<OneCallBenchmark, "splits">, track: AnyTrack, split: string): AnyTrack["itemRows"] {
  return goldHidden(benchmark, track, split) ? undefined : track.itemRows;
}

/** Whether any track of the module hides the gold of one of its splits. */
export function hidesAnyGold(benchmark: Pick<OneCallBenchmark, "splits" | "tracks">): boolean {
  return benchmark.tracks.some((t) => trackSplits(benchmark, t).some((s) => s.goldHidden === true));
}

/**
 * The split an upload to `track` names, checked: one the track declares, or the refusal's sentence. A module with
 * splits takes no "full" (each split is scored on its own items, and a test upload must be chosen as one).
 */
export function checkedUploadSplit(
  benchmark: Pick<OneCallBenchmark, "splits" | "title">,
  track: AnyTrack,
  split: string,
): { ok: true; split: ModuleSplitId } | { ok: false; message: string } {
  const splits = trackSplits(benchmark, track);
  const found = splits.find((s) => s.id === split);
  if (found) return { ok: true, split: found.id };
  if (splits.length === 1 && splits[0]!.id === "full") return { ok: false, message: `split: ${benchmark.title} has no splits; leave split out (or send "full").` };
  return { ok: false, message: `split: "${split}" is not a split of ${benchmark.title}'s ${track.id} track; choose one of ${splits.map((s) => s.id).join(", ")}.` };
}

/**
 * The split a view shows, from its `split` parameter: absent, the first the view's track declares; one it does not
 * declare is an issue. A module without splits takes no `split` parameter (the view's unknown-parameter check says so).
 */
export function viewSplit(
  benchmark: Pick<OneCallBenchmark, "splits" | "title">,
  track: AnyTrack | undefined,
  asked: string | null,
): { ok: true; split: ModuleSplitId } | { ok: false; issue: string } {
  const splits = track ? trackSplits(benchmark, track) : ONE_SPLIT;
  if (asked === null || asked === "") return { ok: true, split: splits[0]!.id };
  const found = splits.find((s) => s.id === asked);
  return found
    ? { ok: true, split: found.id }
    : { ok: false, issue: `split: "${asked}" is not one of ${benchmark.title}'s splits (${splits.map((s) => s.id).join(", ")}).` };
}
