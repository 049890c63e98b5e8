import type { Db } from "@/lib/db/create-client";
import { ApiError } from "@/lib/http/api-error";
import { oneCallUploadTarget, ownUploadTarget } from "@/lib/submissions/upload-target";
import { ensurePipelineRows, moduleScoreVersion, moduleTrackId, oneCallScorerVersion, platformTrackId } from "./module-rows";
import { hidesAnyGold, itemRowsOnSplit, trackSplits } from "./module-splits";
import { oneCallStarterUpload, runStarterUpload } from "./starter-upload";
import { readinessBody, tellsReadiness } from "./track-readiness";
import type { AnyTrack, Benchmark, OneCallBenchmark, OwnPipeline, ReadAnswer } from "./types";

type ScoreStep = NonNullable<OwnPipeline["scoreStep"]>;

/**
 * A hosted benchmark's capabilities, complete: each the one it declares (types.ts: `pipeline`, optional members),
 * else the platform's one default. The one chooser: it decides per capability by whether it is declared, never by a
 * kind of benchmark; every dispatcher calls what it returns. The defaults read the one-call members (`oneCallOf`);
 * one a benchmark can take neither way is "none" (a 404, no page). Two defaults live above this layer and are handed
 * in by their callers, which call what this file picks: the worker's one-call scoring (lib/worker may not be imported
 * here, `scoring`) and a one-call upload's page sections (React, `pageSections`). Outside tests, only this file calls
 * `oneCallOf` and `needsOneCall` (tests/lint/benchmark-kind.ts).
 */
export type Capabilities = ReturnType<typeof resolve>;

const resolved = new WeakMap<Benchmark, Capabilities>();

/** The benchmark's complete capabilities (resolved once per declaration). */
export function capabilitiesOf(benchmark: Benchmark): Capabilities {
  if (!resolved.has(benchmark)) resolved.set(benchmark, resolve(benchmark));
  return resolved.get(benchmark)!;
}

/** The benchmark as the platform's defaults read it, when it declares every one-call member; else null. */
export function oneCallOf(benchmark: Benchmark | null): OneCallBenchmark | null {
  if (!benchmark?.readTrackInput || !benchmark.loadView || !benchmark.loadTrackInput || !benchmark.charts || !benchmark.importers) return null;
  const scored = (benchmark.tracks as Partial<AnyTrack>[]).every((t) => t.score && t.predictionRow && t.items && t.scorerVersion !== undefined);
  return scored && benchmark.views.every((v) => "track" in v) ? (benchmark as OneCallBenchmark) : null;
}

/** Those of `benchmarks` that declare every one-call member (oneCallOf), in their order. */
export function oneCallsAmong(benchmarks: readonly Benchmark[]): OneCallBenchmark[] {
  return benchmarks.flatMap((b) => oneCallOf(b) ?? []);
}

/** The one-call members a default reads, or the error naming the capability the benchmark has neither way. */
function needsOneCall(benchmark: Benchmark, capability: string): OneCallBenchmark {
  const oneCall = oneCallOf(benchmark);
  if (!oneCall) throw new Error(`${benchmark.id}: declares no ${capability} of its own and no one-call scorer the platform's default reads`);
  return oneCall;
}

function resolve(benchmark: Benchmark) {
  const own = benchmark.pipeline ?? {};
  const oneCall = oneCallOf(benchmark);
  // what the platform's one-call scorer scores: a benchmark that scores itself is never scored by it
  const scoredHere = own.scoreStep ? null : oneCall;
  // its data versions, the default first: its id unless it declares its own
  const dataVersions = own.dataVersions ?? ([benchmark.id] as const);
  const labels = own.dataVersionLabels ?? {};
  const dataVersionLabel = (slug: string) => (Object.hasOwn(labels, slug) ? labels[slug]! : dataVersions.includes(slug) ? benchmark.title : null);
  // a benchmark that prepares its own files names its tracks itself, stored as they are (AlpsBench's `task3/d300`)
  const ownFiles = own.prepareFile !== undefined;
  const ownTrackId = (stored: string) => (ownFiles ? (benchmark.tracks.some((t) => t.id === stored) ? stored : null) : moduleTrackId(benchmark, stored));
  const trackNaming = ownFiles ? { parseTrack: own.parseTrack!, knownTracks: own.knownTracks ?? "" } : null;
  const noInputs = `${benchmark.title} serves no inputs here: they are its public dataset (${benchmark.credit.url}).`;
  return {
    names: [benchmark.id, ...(own.dataVersions ?? [])],
    dataVersions,
    /** its data versions whose data is imported into BenchmarkVersion rows; none where it lives in its own tables */
    importedDataVersions: (ownFiles ? dataVersions : []) as readonly string[],
    /** what pages call one of its data versions (its label, else its title); null: not one of its data versions */
    dataVersionLabel,
    home: benchmark.home ?? `/benchmarks/${benchmark.id}`,
    rootViewSlugs: benchmark.rootViewSlugs ?? [],
    /** a view's page of its own (the platform's /benchmarks/<id>[/<view>] redirects there); null: the platform's page */
    pageOf: (viewId: string) => benchmark.pageOf?.(viewId) ?? null,
    /** a track's id as stored (Submission.tracks, Score.trackId), and back (ownTrackId) */
    storedTrackId: (trackId: string) => (ownFiles ? trackId : platformTrackId(benchmark, trackId)),
    ownTrackId,
    scoreVersion(storedTracks: readonly string[]): string {
      if (own.scoreVersion !== undefined) return own.scoreVersion;
      const trackId = storedTracks[0] === undefined ? null : ownTrackId(storedTracks[0]);
      const track = needsOneCall(benchmark, "scoring").tracks.find((t) => t.id === trackId);
      // a track it no longer declares: the worker fails the upload as ours; the version only has to be stable
      return track ? moduleScoreVersion(benchmark, track) : `${benchmark.id}/unknown`;
    },
    scoreStep: own.scoreStep ?? null,
    /** one step of an upload's scoring: its own, else `platform` (the worker's one-call scorer) on its one-call members */
    scoring: (platform: (oneCall: OneCallBenchmark) => ScoreStep): ScoreStep => own.scoreStep ?? platform(needsOneCall(benchmark, "scoring")),
    /** an upload's page sections: `platform`'s for what the one-call scorer scored (given those members), else `own` */
    pageSections: <T>(platform: (oneCall: OneCallBenchmark) => T, own: () => T): T => (scoredHere ? platform(scoredHere) : own()),
    /** an upload's per-item rows on its split: its track and their declaration; null: none (a one-call track's, on a split whose gold is public) */
    itemRows(storedTrack: string | null, split: string) {
      const track = oneCall && storedTrack !== null ? oneCall.tracks.find((t) => t.id === ownTrackId(storedTrack)) : undefined;
      const decl = track && itemRowsOnSplit(oneCall!, track, split);
      return decl ? { track: track.id, decl } : null;
    },
    /** the body of GET /api/v1/benchmarks/<id>/readiness (its tracks' data on this server: its `trackData`, else its one-call reads); null: none to check */
    readiness: (db: Db) => readinessBody(db, benchmark, oneCall),
    /** whether `readiness` answers at all (the readiness route's documented names) */
    tellsReadiness: tellsReadiness(benchmark, oneCall),
    /** the offline scorer of a track's file on a data folder (`score --benchmark`); null: it scores no files offline */
    scoreFile: oneCall
      ? async (trackId: string, folder: string, predictionsFile: string) => {
          const track = oneCall.tracks.find((t) => t.id === trackId);
          // the track's first split (a module without splits: "full"); an unknown track is named by scoreBenchmarkFile
          const input = await oneCall.loadTrackInput(trackId, folder, track ? trackSplits(oneCall, track)[0]!.id : "full");
          return (await import("./score-benchmark-file")).scoreBenchmarkFile(oneCall, trackId, input, predictionsFile);
        }
      : null,
    /** how a starter run's files are uploaded: one file per track, or the run's folder */
    starterUpload: oneCall ? oneCallStarterUpload(oneCall) : runStarterUpload,
    upload: ownFiles ? ownUploadTarget(benchmark, own, dataVersions) : oneCallUploadTarget(needsOneCall(benchmark, "upload preparation")),
    /** a test upload's hidden test set by track (own files carry test rows; one-call ones only on a hidden split); null: none limited */
    hiddenTestSet: ownFiles ? (own.hiddenTestSet ?? ((track: string) => track)) : oneCall && hidesAnyGold(oneCall) ? (track: string) => track : null,
    /** its names of its tracks, any a person gives (as its id); null: its tracks answer to their ids only */
    trackNaming,
    namedTask(task: string): { ok: true; task: string } | { ok: false; message: string } {
      if (trackNaming) {
        const track = trackNaming.parseTrack(task);
        return track !== null ? { ok: true, task: track } : { ok: false, message: `unknown track "${task}"; known: ${trackNaming.knownTracks}` };
      }
      if (benchmark.tracks.some((t) => t.id === task)) return { ok: true, task };
      return { ok: false, message: `unknown ${benchmark.title} track "${task}"; known: ${benchmark.tracks.map((t) => t.id).join(", ")}` };
    },
    viewAnswer:
      own.viewAnswer ??
      (async (db, viewId, search) => (await import("./benchmark-view-response")).benchmarkViewAnswer(db, needsOneCall(benchmark, "view answer"), viewId, search)),
    /** the scorer version its snapshot carries, known without building one (the platform's names each one-call track's); null: build its own snapshot to read it */
    snapshotScorerVersion: own.snapshotAnswer || !oneCall ? null : oneCallScorerVersion(oneCall),
    snapshotAnswer:
      own.snapshotAnswer ?? (async (db, search) => (await import("./module-snapshot")).moduleSnapshotAnswer(db, needsOneCall(benchmark, "snapshot"), search)),
    /** what its own tables add to a stored pack's key; none by default */
    packKeyParts: own.packKeyParts ?? (async (): Promise<string[]> => []),
    servesInputs: own.inputsAnswer !== undefined,
    inputsAnswer: own.inputsAnswer ?? (async (): Promise<ReadAnswer> => ({ kind: "error", error: new ApiError("not_found", noInputs) })),
    /** a view as the platform's page draws it (one-call uploads read by the platform, else its own `loadView`); null: no page */
    pageView: oneCall
      ? async (db: Db, viewId: string, params: URLSearchParams) => (await import("./load-benchmark-view")).loadBenchmarkView(db, oneCall, viewId, params)
      : benchmark.loadView
        ? // an undeclared view is a 404 before it reads anything
          async (db: Db, viewId: string, params: URLSearchParams) =>
            benchmark.views.some((v) => v.id === viewId) ? benchmark.loadView!(db, viewId, params, [], "full") : null
        : null,
    /** the start-up seed's phrases (its own; else its declared data versions and tracks when it prepares its own files); null: none */
    seed: benchmark.seed?.bind(benchmark) ?? (ownFiles ? (db: Db) => ensurePipelineRows(db, benchmark, { dataVersions, dataVersionLabel }) : null),
    reviewState:
      benchmark.reviewState?.bind(benchmark) ??
      (async (db: Db, upload: { id: string; tracks: readonly string[]; split: string }) =>
        oneCall ? (await import("./load-benchmark-view")).moduleReviewState(db, oneCall, upload) : null),
  };
}
