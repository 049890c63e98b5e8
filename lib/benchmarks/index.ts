import { alpsBench } from "./alpsbench";
// eslint-disable-next-line boundary/no-benchmark-vocabulary -- the registry is the one place that lists the benchmarks
import { personalLlm } from "./personalllm";
import { moduleTrackId } from "./module-rows";
import { type Benchmark, type HostedBenchmark, isPipelineBenchmark, type PipelineBenchmark, type TrackInfo } from "./types";

/**
 * The benchmarks the platform hosts, by id. Platform code resolves `/<benchmark>/...` and an upload's
 * `benchmark` field through this registry and never imports a benchmark folder by name.
 *
 * Two kinds (types.ts): modules the platform scores itself with one pure `score` per upload (PersonalLLM), and
 * benchmarks with their own pipeline reached through declared hooks (`OwnPipeline`). The pipeline benchmark whose
 * `home` is "/" is the benchmark at "/" (AlpsBench): it predates the others, keeps its URLs, and owns every data
 * version no other benchmark claims ("alpsbench-v1", "demo", an imported one).
 *
 * BUILT_IN is the one place a benchmark folder is registered: one line, its declaration, either kind. Everything
 * else (the switcher, pages, nav, upload path, worker, start-up seed, CLI) reads this registry.
 */
// eslint-disable-next-line boundary/no-benchmark-vocabulary -- the registry's list (see the import)
const BUILT_IN: readonly HostedBenchmark[] = [alpsBench, personalLlm];

const builtInPipelines = BUILT_IN.filter(isPipelineBenchmark);
const rootCandidates = builtInPipelines.filter((b) => b.home === "/");
if (rootCandidates.length !== 1) throw new Error(`exactly one built-in pipeline benchmark has its home at "/" (found ${rootCandidates.length})`);
/** The benchmark at "/". */
export const ROOT_BENCHMARK: PipelineBenchmark = rootCandidates[0]!;
// the benchmark at "/" first, so its view slugs are claimed before any other is checked
[ROOT_BENCHMARK, ...BUILT_IN.filter((b) => b !== ROOT_BENCHMARK)].forEach((benchmark, at, ordered) => {
  const refused = joinRefusal(benchmark, ordered.slice(0, at));
  if (refused) throw new Error(`lib/benchmarks/index.ts, BUILT_IN: ${refused}`);
});

/**
 * The registry itself, plain arrays in this module: the built-in benchmarks, then those registerBenchmark added
 * (a test's, in its own process, until it unregisters). Changed in place, so a caller that kept BENCHMARKS sees a
 * registration made after it read it.
 */
const MODULES: Benchmark[] = BUILT_IN.filter((b): b is Benchmark => !isPipelineBenchmark(b));
/** The pipeline benchmarks besides the one at "/". */
const OTHER_PIPELINES: PipelineBenchmark[] = builtInPipelines.filter((b) => b !== ROOT_BENCHMARK);
/** Every registered module. */
export const BENCHMARKS: readonly Benchmark[] = MODULES;

/** A module (the platform scores its uploads) by id. */
export function getBenchmark(id: string): Benchmark | null {
  return BENCHMARKS.find((b) => b.id === id) ?? null;
}

/** Every hosted benchmark, the one at "/" first (the switcher's order). */
export function hostedBenchmarks(): readonly HostedBenchmark[] {
  return [ROOT_BENCHMARK, ...BENCHMARKS, ...OTHER_PIPELINES];
}

/** A hosted benchmark's page: the one a pipeline benchmark declares (AlpsBench: "/"), else /benchmarks/<id>. */
export function benchmarkHome(benchmark: HostedBenchmark): string {
  return isPipelineBenchmark(benchmark) ? benchmark.home : `/benchmarks/${benchmark.id}`;
}

/** A hosted benchmark by id, either kind. */
export function getHostedBenchmark(id: string): HostedBenchmark | null {
  return hostedBenchmarks().find((b) => b.id === id) ?? null;
}

/**
 * The benchmark a name declares: a module by its id, a pipeline benchmark (the one at "/" included) by its id or
 * one of its declared data versions; null for any other name (a typo, or a release the benchmark at "/" imported
 * under a slug of its own, which only the database knows: resolve-benchmark-name.ts tells the two apart).
 */
export function declaredBenchmarkOf(name: string): HostedBenchmark | null {
  return getBenchmark(name) ?? [ROOT_BENCHMARK, ...OTHER_PIPELINES].find((p) => p.id === name || p.pipeline.dataVersions.includes(name)) ?? null;
}

// function declarations (hoisted): the built-in check near the top of this file runs them while it loads
function namesOf(b: HostedBenchmark): string[] {
  return [b.id, ...(isPipelineBenchmark(b) ? b.pipeline.dataVersions : [])];
}
/** A benchmark's track ids as stored: a module's are qualified by its id, a pipeline benchmark's are its own. */
function storedTrackIds(b: HostedBenchmark): string[] {
  return b.tracks.map((t) => (isPipelineBenchmark(b) ? t.id : `${b.id}/${t.id}`));
}

/**
 * Why `benchmark` may not be hosted beside `hosted` (null when it may): any name another benchmark answers to would
 * take over its uploads or URLs: an id or data version already taken, a view slug of the old read URLs of the
 * benchmark at "/" (`/api/v1/leaderboards/task1`), a malformed or repeated name, a stored track id another declares.
 * Built-in benchmarks pass the same check when this file loads; registerBenchmark applies it at run time.
 */
export function joinRefusal(benchmark: HostedBenchmark, hosted: readonly HostedBenchmark[]): string | null {
  if (hosted.some((b) => b.id === benchmark.id)) return `benchmark "${benchmark.id}" is already registered`;
  const names = namesOf(benchmark);
  const malformed = names.find((name) => !/^[a-z0-9][a-z0-9-]{0,63}$/.test(name));
  if (malformed !== undefined) return `"${malformed}": a benchmark id or data version is lowercase letters, digits and -`;
  if (new Set(names).size !== names.length) return `benchmark "${benchmark.id}": a name given twice`;
  const rootViews = hosted.flatMap((b) => (isPipelineBenchmark(b) && b.home === "/" ? b.rootViewSlugs : []));
  const claimed = new Set([...rootViews, ...hosted.flatMap(namesOf)]);
  const clash = names.find((name) => claimed.has(name));
  if (clash) return `"${clash}" already names another benchmark, its data or its views`;
  const stored = new Set(hosted.flatMap(storedTrackIds));
  const taken = storedTrackIds(benchmark).find((id) => stored.has(id));
  return taken ? `track "${taken}" is already another benchmark's` : null;
}

/** Every name declaredBenchmarkOf answers (ids and declared data versions), sorted: what an "unknown" message lists. */
export function declaredBenchmarkNames(): string[] {
  return [...new Set(hostedBenchmarks().flatMap(namesOf))].sort();
}

/**
 * The benchmark a STORED BenchmarkVersion's slug belongs to: the one that declares it, else the benchmark at "/",
 * the only one that imports releases under slugs of their own (`import --benchmark <slug>`). Not for a name a
 * person typed: a typo would silently become the benchmark at "/"; resolveBenchmarkName
 * (lib/benchmarks/resolve-benchmark-name.ts) refuses an unknown name with the known ones.
 */
export function benchmarkOfDataVersion(slug: string): HostedBenchmark {
  return declaredBenchmarkOf(slug) ?? ROOT_BENCHMARK;
}

/**
 * The data version slug a `benchmark` field or parameter means: a pipeline benchmark's own id is its default data
 * version (`alpsbench` → `alpsbench-v1`); any other name is itself. (The browser's table query, which cannot load
 * the registry, has the same alias: lib/benchmarks/data-version-names.ts.)
 */
export function dataVersionOf(name: string): string {
  const hosted = getHostedBenchmark(name);
  return hosted && isPipelineBenchmark(hosted) ? hosted.pipeline.dataVersions[0] : name;
}

export function getTrack(benchmark: Benchmark, trackId: string) {
  return benchmark.tracks.find((t) => t.id === trackId) ?? null;
}

/**
 * Adds a benchmark of either kind at run time and returns the function that removes it. For tests only (a third
 * benchmark proves the platform needs no change for a new one): no route, page or CLI command calls it, and
 * lib/benchmarks/register-benchmark-callers.test.ts fails if one does. It refuses what joinRefusal refuses, so a
 * test cannot replace or shadow a real benchmark.
 */
export function registerBenchmark(benchmark: HostedBenchmark): () => void {
  const refused = joinRefusal(benchmark, hostedBenchmarks());
  if (refused) throw new Error(refused);
  const list: HostedBenchmark[] = isPipelineBenchmark(benchmark) ? OTHER_PIPELINES : MODULES;
  list.push(benchmark);
  return () => {
    const at = list.indexOf(benchmark);
    if (at >= 0) list.splice(at, 1);
  };
}

/**
 * The declaration of a track as the platform stores its id (Submission.tracks, Score.trackId): a module's
 * `<module>/<track>`, or a pipeline benchmark's track id as it is (AlpsBench's `task3/d300`); null for an id no
 * benchmark declares.
 * `label` is what pages print: "Task 3 · Retrieval, 300 distractors", "PersonalLLM · Rewards".
 */
export function hostedTrack(storedTrackId: string): { benchmark: HostedBenchmark; track: TrackInfo; label: string } | null {
  for (const benchmark of BENCHMARKS) {
    const id = moduleTrackId(benchmark, storedTrackId);
    const track = id === null ? null : getTrack(benchmark, id);
    if (track) return { benchmark, track, label: `${benchmark.title} · ${track.title}` };
  }
  for (const benchmark of [ROOT_BENCHMARK, ...OTHER_PIPELINES]) {
    const track = benchmark.tracks.find((t) => t.id === storedTrackId);
    if (track) return { benchmark, track, label: benchmark === ROOT_BENCHMARK ? track.title : `${benchmark.title} · ${track.title}` };
  }
  return null;
}

/** What pages print for a stored track id (hostedTrack's label), or the id itself when no benchmark declares it. */
export function trackLabel(storedTrackId: string): string {
  return hostedTrack(storedTrackId)?.label ?? storedTrackId;
}

/**
 * What pages call a data version (BenchmarkVersion slug): the label its pipeline benchmark declares (else that
 * benchmark's title), a module's title for its id, else the slug itself (an imported release nobody labelled).
 */
export function dataVersionLabel(slug: string): string {
  for (const benchmark of [ROOT_BENCHMARK, ...OTHER_PIPELINES]) {
    const labels = benchmark.pipeline.dataVersionLabels ?? {};
    if (Object.hasOwn(labels, slug)) return labels[slug]!;
    // a data version its benchmark declares but did not label reads as the benchmark
    if (benchmark.pipeline.dataVersions.includes(slug)) return benchmark.title;
  }
  return getBenchmark(slug)?.title ?? slug;
}

/** A pipeline benchmark's data versions with their labels, default first: the data-scope links of its boards. */
export function dataVersionChoices(benchmark: PipelineBenchmark): { slug: string; label: string }[] {
  return benchmark.pipeline.dataVersions.map((slug) => ({ slug, label: dataVersionLabel(slug) }));
}
