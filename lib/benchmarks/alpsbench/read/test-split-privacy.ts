import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { metricDef, TRACK_METRICS } from "./metrics";

/**
 * HIDDEN GOLD: how an UPLOAD's test-split figures are published WHEN THE OPERATOR TURNS THE
 * NOISE ON (TEST_FIGURE_NOISE=on). By default they are exact, and probing is bounded by the test-upload limits
 * (lib/submissions/upload-limits.ts), the full-coverage rule and the hidden per-instance scores
 * (docs/security.md, "Test-split figures"): noise as large as the sampling error makes the figures uncitable. Three layers:
 *
 * 1. **Noise.** Each figure is the exact value plus Laplace noise of scale b = F × Δ / ε, where Δ = range × share
 *    is the most one test instance can move it (share = 1 / n for a mean, max den_i / Σ den for a pooled ratio),
 *    F the number of figures the track publishes (figuresPerTrack) and ε = TEST_PRIVACY_BUDGET = 1. So an
 *    upload's test figures of one track are together ε-differentially private with respect to any one test
 *    instance's gold: whatever the rest of a file is (rows whose scores the uploader knows exactly, e.g. the input
 *    memories copied into a Task 2 row, or junk), the probability of any published figure changes by at most a
 *    factor e^(ε / F) with that instance. Rounding alone is a threshold: known rows that put the exact value at a
 *    rounding boundary would read one bit per figure and upload.
 *    The noise is drawn from a keyed hash of a server secret (lib/benchmarks/alpsbench/pipeline/test-figure-noise.ts) and the
 *    submission, so a re-score publishes the same figure (no fresh draw to average) and no one can subtract it.
 * 2. **Rounding** to a step q = 10^ceil(log10(2 × Δ)) (post-processing: keeps DP, and shows no spurious digits).
 * 3. **Withholding** (null) when q or the noise's 95 % half-width (b × ln 20) exceeds MAX_STEP_SHARE of the range:
 *    small test sets (Task 4 ability 5, about a dozen test instances) and pooled ratios one instance dominates.
 *
 * The published interval is not the bootstrap interval of the hidden rows (its bounds are two more figures that
 * move with one instance): it is the published value ± 1.96 × sqrt((range / 2)² × share + 2b²), the widest
 * sampling spread a mean of values within the range can have plus the noise's variance, rounded outwards and
 * clipped to the range. It depends on the gold only through the published value, and it is conservative.
 *
 * What remains: every upload spends ε per track, so K uploads spend K × ε; the daily upload limits bound the rate
 * at which anyone learns about one instance (docs/security.md, "Test-split figures"). A full upload's whole-benchmark figure
 * is built from its exact dev/validation parts and this published test part (persist-track-score.ts
 * combineWithPublishedTest), so it says nothing more.
 */
export const MAX_STEP_SHARE = 0.1;
export const TEST_PRIVACY_BUDGET = 1;
/** 97.5 % normal quantile: the published interval is a 95 % one. */
const Z95 = 1.959963984540054;

const BOUNDS = { unit: [0, 1], hundred: [0, 100], likert5: [1, 5] } as const;
/** Memory-set tracks also compute (and store) direct and indirect recall; Task 2 shows neither but stores both. */
const MEMORY_SET_EXTRA = ["direct_recall", "indirect_recall"];

/** How many figures a track publishes per upload (every metric it may store): ε is shared among them. */
export function figuresPerTrack(track: TrackId): number {
  const ids = new Set(TRACK_METRICS[track].map((m) => m.id));
  if (track === "task1" || track === "task2") for (const id of MEMORY_SET_EXTRA) ids.add(id);
  return ids.size;
}

export type PublishedAggregate = { value: number | null; n: number; ciLow: number | null; ciHigh: number | null };
/** step: the rounding step; noiseScale: the Laplace scale b; both null when nothing could be published */
export type Publication = { aggregate: PublishedAggregate; step: number | null; noiseScale: number | null; withheld: boolean };
/** A uniform draw in (0, 1) per figure label, from a secret the uploader cannot know (test-figure-noise.ts). */
export type NoiseDraw = (label: string) => number;

/** A metric's [min, max] from its scale; null when unknown. */
export function metricBounds(track: TrackId, metric: string): readonly [number, number] | null {
  // Task 2 computes direct/indirect recall without showing them: fall back to any track's definition.
  const def =
    metricDef(track, metric) ??
    Object.values(TRACK_METRICS)
      .flat()
      .find((m) => m.id === metric);
  if (!def) return null;
  return def.scale in BOUNDS ? BOUNDS[def.scale as keyof typeof BOUNDS] : null;
}

/** The rounding step for a metric of `range` where one instance weighs `share`; a power of ten. */
export function publishedStep(range: number, share: number): number {
  const bound = 2 * range * share;
  // the exponent of the next power of ten (with a margin against float noise such as log10(1000) = 2.9999999999999996)
  const exponent = Math.ceil(Math.log10(bound) - 1e-9);
  return exponent < 0 ? Number(`1e${exponent}`) : 10 ** exponent;
}

/** Laplace(0, b) by the inverse CDF of a uniform u in (0, 1). */
export function laplace(u: number, b: number): number {
  const centred = u - 0.5;
  if (centred === 0) return 0;
  return -b * Math.sign(centred) * Math.log(1 - 2 * Math.abs(centred));
}

/** `value` to a multiple of `step`: nearest, or down/up (an interval is rounded outwards). */
function roundTo(value: number, step: number, mode: "nearest" | "down" | "up"): number {
  const decimals = Math.max(0, -Math.round(Math.log10(step)));
  const steps = value / step;
  // the 1e-9 keeps float noise (0.30000000000000004 / 0.1) from pushing a bound on a step out to the next one
  const k = mode === "nearest" ? Math.round(steps) : mode === "down" ? Math.floor(steps + 1e-9) : Math.ceil(steps - 1e-9);
  const rounded = Number((k * step).toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}

const clamp = (x: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, x));

/**
 * The figure to store for an upload's test-split aggregate of `metric`: noised, rounded and given its
 * conservative interval, or withheld. `share` is the largest weight one instance has in it (default 1 / n);
 * `draw` gives the figure's uniform (a fixed 0.5 means no noise: tests of the rounding only).
 */
export function publishTestAggregate(track: TrackId, metric: string, aggregate: PublishedAggregate & { share?: number }, draw: NoiseDraw): Publication {
  const { n } = aggregate;
  const range = metricBounds(track, metric);
  const share = aggregate.share ?? (n > 0 ? 1 / n : 1);
  const withheldFigure = (step: number | null, noiseScale: number | null): Publication => ({
    aggregate: { value: null, n, ciLow: null, ciHigh: null },
    step,
    noiseScale,
    withheld: true,
  });
  if (range === null || !(share > 0)) return withheldFigure(null, null);
  const width = range[1] - range[0];
  const step = publishedStep(width, share);
  const noiseScale = (figuresPerTrack(track) * width * share) / TEST_PRIVACY_BUDGET;
  if (step > MAX_STEP_SHARE * width + 1e-12 || noiseScale * Math.log(20) > MAX_STEP_SHARE * width + 1e-12) return withheldFigure(step, noiseScale);
  if (aggregate.value === null || !Number.isFinite(aggregate.value))
    return { aggregate: { value: null, n, ciLow: null, ciHigh: null }, step, noiseScale, withheld: false };
  const value = roundTo(clamp(aggregate.value + laplace(draw(metric), noiseScale), range), step, "nearest");
  const half = Z95 * Math.sqrt((width / 2) ** 2 * share + 2 * noiseScale ** 2);
  return {
    aggregate: {
      value,
      n,
      ciLow: roundTo(clamp(value - half, range), step, "down"),
      ciHigh: roundTo(clamp(value + half, range), step, "up"),
    },
    step,
    noiseScale,
    withheld: false,
  };
}

/** The sentence stored in the submission's note, so the page says why its test figures are coarse or missing. */
export function testPrivacyNote(steps: ReadonlyMap<string, Publication>): string | null {
  if (steps.size === 0) return null;
  const rounded = [...steps].filter(([, p]) => !p.withheld).map(([metric, p]) => `${metric} to ${p.step}`);
  const withheld = [...steps].filter(([, p]) => p.withheld).map(([metric]) => metric);
  const parts: string[] = [];
  if (rounded.length > 0) parts.push(`published with random noise and rounded (${rounded.join(", ")}), with a conservative 95 % interval`);
  if (withheld.length > 0) parts.push(`withheld, the test set being too small to hide one instance (${withheld.join(", ")})`);
  return `Test-split figures of uploads are ${parts.join("; ")}, so that no single hidden test instance's score can be worked out from them (About: "Test-split figures").`;
}
