import { alpsBench } from "./alpsbench";
// eslint-disable-next-line boundary/no-benchmark-vocabulary -- the registry is the one place that lists the benchmarks
import { personalLlm } from "./personalllm";
import { capabilitiesOf, oneCallsAmong } from "./hosted-capabilities";
import type { Benchmark, OneCallBenchmark, TrackInfo } from "./types";

// before the built-in check below, which runs them while this file loads
const namesOf = (b: Benchmark) => capabilitiesOf(b).names;
const storedTrackIds = (b: Benchmark) => b.tracks.map((t) => capabilitiesOf(b).storedTrackId(t.id));

/**
 * The benchmarks the platform hosts, by id. Platform code resolves `/<benchmark>/...` and an upload's
 * `benchmark` field through this registry and never imports a benchmark folder by name.
 *
 * One list of `Benchmark` (types.ts), each with the capabilities it declares and the platform's defaults for the
 * rest (hosted-capabilities.ts). The benchmark whose `home` is "/" is the benchmark at "/" (AlpsBench): it
 * predates the others, keeps its URLs, and owns every data version no other benchmark claims ("alpsbench-v1",
 * "demo", an imported one).
 *
 * BUILT_IN is the one place a benchmark folder is registered: one line, its declaration. Everything else (the
 * switcher, pages, nav, upload path, worker, start-up seed, CLI) reads this registry.
 */
// eslint-disable-next-line boundary/no-benchmark-vocabulary -- the registry's list (see the import)
const BUILT_IN: readonly Benchmark[] = [alpsBench, personalLlm];

const rootCandidates = BUILT_IN.filter((b) => b.home === "/");
if (rootCandidates.length !== 1) throw new Error(`exactly one built-in benchmark has its home at "/" (found ${rootCandidates.length})`);
/** The benchmark at "/". */
export const ROOT_BENCHMARK: Benchmark = rootCandidates[0]!;

/**
 * The registry itself, a plain array in this module: the benchmark at "/", the other built-in benchmarks, then
 * those registerBenchmark added (a test's, in its own process, until it unregisters). Changed in place, so a
 * caller that kept it sees a registration made after it read it.
 */
const HOSTED: Benchmark[] = [ROOT_BENCHMARK, ...BUILT_IN.filter((b) => b !== ROOT_BENCHMARK)];
// the benchmark at "/" first, so its view slugs are claimed before any other is checked
HOSTED.forEach((benchmark, at) => {
  const refused = joinRefusal(benchmark, HOSTED.slice(0, at));
  if (refused) throw new Error(`lib/benchmarks/index.ts, BUILT_IN: ${refused}`);
});

/** Every hosted benchmark, the one at "/" first (the switcher's order): a copy, so a caller may keep it to compare. */
export function hostedBenchmarks(): readonly Benchmark[] {
  return [...HOSTED];
}

/** The hosted benchmarks the platform's one-call defaults read (hosted-capabilities.ts `oneCallOf`). */
export function oneCallBenchmarks(): OneCallBenchmark[] {
  return oneCallsAmong(HOSTED);
}

/** A hosted benchmark by id. */
export function getBenchmark(id: string): Benchmark | null {
  return HOSTED.find((b) => b.id === id) ?? null;
}

/** A hosted benchmark's page: the one it declares (AlpsBench: "/"), else /benchmarks/<id>. */
export function benchmarkHome(benchmark: Benchmark): string {
  return capabilitiesOf(benchmark).home;
}

/**
 * The benchmark a name declares: its id or one of its declared data versions; null for any other name (a typo, or
 * a release the benchmark at "/" imported under a slug of its own, which only the database knows:
 * resolve-benchmark-name.ts tells the two apart).
 */
export function declaredBenchmarkOf(name: string): Benchmark | null {
  return HOSTED.find((b) => capabilitiesOf(b).names.includes(name)) ?? null;
}

/**
 * Why `benchmark` may not be hosted beside `hosted` (null when it may): any name another benchmark answers to would
 * take over its uploads or URLs: an id or data version already taken, a view slug of the old read URLs of the
 * benchmark at "/" (`/api/v1/leaderboards/task1`), a malformed or repeated name, a stored track id another declares.
 * Built-in benchmarks pass the same check when this file loads; registerBenchmark applies it at run time.
 */
export function joinRefusal(benchmark: Benchmark, hosted: readonly Benchmark[]): string | null {
  if (hosted.some((b) => b.id === benchmark.id)) return `benchmark "${benchmark.id}" is already registered`;
  const names = namesOf(benchmark);
  const malformed = names.find((name) => !/^[a-z0-9][a-z0-9-]{0,63}$/.test(name));
  if (malformed !== undefined) return `"${malformed}": a benchmark id or data version is lowercase letters, digits and -`;
  if (new Set(names).size !== names.length) return `benchmark "${benchmark.id}": a name given twice`;
  const rootViews = hosted.flatMap((b) => (b.home === "/" ? capabilitiesOf(b).rootViewSlugs : []));
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
export function benchmarkOfDataVersion(slug: string): Benchmark {
  return declaredBenchmarkOf(slug) ?? ROOT_BENCHMARK;
}

/**
 * The data version slug a `benchmark` field or parameter means: a benchmark's own id is its default data version
 * (`alpsbench` → `alpsbench-v1`, `personalllm` → itself); any other name is itself. (The browser's table query, which cannot load
 * the registry, has the same alias: lib/benchmarks/data-version-names.ts.)
 */
export function dataVersionOf(name: string): string {
  const hosted = getBenchmark(name);
  return hosted ? capabilitiesOf(hosted).dataVersions[0] : name;
}

/**
 * Adds a benchmark at run time and returns the function that removes it. For tests only (a third
 * benchmark proves the platform needs no change for a new one): no route, page or CLI command calls it, and
 * lib/benchmarks/register-benchmark-callers.test.ts fails if one does. It refuses what joinRefusal refuses, so a
 * test cannot replace or shadow a real benchmark.
 */
export function registerBenchmark(benchmark: Benchmark): () => void {
  const refused = joinRefusal(benchmark, HOSTED);
  if (refused) throw new Error(refused);
  HOSTED.push(benchmark);
  return () => {
    const at = HOSTED.indexOf(benchmark);
    if (at >= 0) HOSTED.splice(at, 1);
  };
}

/**
 * The declaration of a track as the platform stores its id (Submission.tracks, Score.trackId: `<benchmark>/<track>`,
 * or the benchmark's own id where it prepares its own files, AlpsBench's `task3/d300`); null for an id no
 * benchmark declares.
 * `label` is what pages print: "Task 3 · Retrieval, 300 distractors", "PersonalLLM · Rewards".
 */
export function hostedTrack(storedTrackId: string): { benchmark: Benchmark; track: TrackInfo; label: string } | null {
  for (const benchmark of HOSTED) {
    const id = capabilitiesOf(benchmark).ownTrackId(storedTrackId);
    const track = id === null ? null : benchmark.tracks.find((t) => t.id === id);
    // the benchmark at "/" names its tracks alone (its pages predate the others)
    if (track) return { benchmark, track, label: benchmark === ROOT_BENCHMARK ? track.title : `${benchmark.title} · ${track.title}` };
  }
  return null;
}

/** What pages print for a stored track id (hostedTrack's label), or the id itself when no benchmark declares it. */
export function trackLabel(storedTrackId: string): string {
  return hostedTrack(storedTrackId)?.label ?? storedTrackId;
}

/**
 * What pages call a data version (BenchmarkVersion slug): the label its benchmark declares (else that benchmark's
 * title), else the slug itself (an imported release nobody labelled).
 */
export function dataVersionLabel(slug: string): string {
  for (const benchmark of HOSTED) {
    const label = capabilitiesOf(benchmark).dataVersionLabel(slug);
    if (label !== null) return label;
  }
  return slug;
}

/** A benchmark's data versions with their labels, default first: the data-scope links of its boards. */
export function dataVersionChoices(benchmark: Benchmark): { slug: string; label: string }[] {
  return capabilitiesOf(benchmark).dataVersions.map((slug) => ({ slug, label: dataVersionLabel(slug) }));
}
