import type { TrackId } from "@/lib/tracks";
import { metricDef, TRACK_METRICS } from "./metrics";

/**
 * HIDDEN GOLD, second layer (issue 11, finding 4): the published test-split figures of an UPLOAD are rounded to a
 * step q so coarse that one test instance cannot move them by a readable amount. One instance moves a mean over n
 * instances by at most range / n (a pooled ratio by range × its share of the denominator), so with
 *
 *     q = 10^ceil(log10(2 × range × share)),   share = 1 / n for means, max(den_i) / Σ den for pooled ratios,
 *
 * one instance moves the exact value by at most q / 2: two files that differ in one instance publish the same
 * figure unless the exact value sits within that distance of a rounding boundary, and value × n no longer gives
 * a sum of per-instance scores (Task 1, n = 1,364: q = 0.01 on 0..1 metrics, 1 on 0..100 ones). The value and
 * both CI bounds are rounded. When q would exceed MAX_STEP_SHARE of the range (a small test set: Task 4 ability 5
 * with about a dozen test instances), the figure is withheld (null) instead: it would say next to nothing.
 *
 * Not guaranteed: an attacker who already knows every other instance's exact score, and lands the rest of a file
 * near a rounding boundary, still learns about one bit per rounded figure (a few per upload: each metric and
 * interval bound); the daily upload limits bound that. A full upload's whole-benchmark figure is not rounded here
 * but built from its rounded test figure (lib/pipeline/persist-track-score.ts combineWithPublishedTest).
 */
export const MAX_STEP_SHARE = 0.1;

const RANGE = { unit: 1, hundred: 100, likert5: 4 } as const;

export type PublishedAggregate = { value: number | null; n: number; ciLow: number | null; ciHigh: number | null };
export type Publication = { aggregate: PublishedAggregate; step: number | null; withheld: boolean };

/** A metric's range (max - min) from its scale; null when unknown (the figure is then withheld). */
export function metricRange(track: TrackId, metric: string): number | null {
  // Task 2 computes direct/indirect recall without showing them: fall back to any track's definition.
  const def =
    metricDef(track, metric) ??
    Object.values(TRACK_METRICS)
      .flat()
      .find((m) => m.id === metric);
  if (!def) return null;
  return def.scale in RANGE ? RANGE[def.scale as keyof typeof RANGE] : null;
}

/** The rounding step for a metric of `range` where one instance weighs `share`; a power of ten. */
export function publishedStep(range: number, share: number): number {
  const bound = 2 * range * share;
  // the exponent of the next power of ten (with a margin against float noise such as log10(1000) = 2.9999999999999996)
  const exponent = Math.ceil(Math.log10(bound) - 1e-9);
  return exponent < 0 ? Number(`1e${exponent}`) : 10 ** exponent;
}

function roundTo(value: number | null, step: number): number | null {
  if (value === null || !Number.isFinite(value)) return value;
  const decimals = Math.max(0, -Math.round(Math.log10(step)));
  const rounded = Number((Math.round(value / step) * step).toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * The figure to store for an upload's test-split aggregate: rounded to publishedStep, or withheld. `share` is the
 * largest weight one instance has in it (default 1 / n).
 */
export function publishTestAggregate(track: TrackId, metric: string, aggregate: PublishedAggregate & { share?: number }): Publication {
  const { n } = aggregate;
  const range = metricRange(track, metric);
  const share = aggregate.share ?? (n > 0 ? 1 / n : 1);
  const withheldFigure = { aggregate: { value: null, n, ciLow: null, ciHigh: null }, step: null, withheld: true };
  if (range === null || !(share > 0)) return withheldFigure;
  const step = publishedStep(range, share);
  if (step > MAX_STEP_SHARE * range + 1e-12) return { ...withheldFigure, step };
  return {
    aggregate: { value: roundTo(aggregate.value, step), n, ciLow: roundTo(aggregate.ciLow, step), ciHigh: roundTo(aggregate.ciHigh, step) },
    step,
    withheld: false,
  };
}

/** The sentence stored in the submission's note, so the page says why its test figures are coarse or missing. */
export function testPrivacyNote(steps: ReadonlyMap<string, Publication>): string | null {
  if (steps.size === 0) return null;
  const rounded = [...steps].filter(([, p]) => !p.withheld).map(([metric, p]) => `${metric} to ${p.step}`);
  const withheld = [...steps].filter(([, p]) => p.withheld).map(([metric]) => metric);
  const parts: string[] = [];
  if (rounded.length > 0) parts.push(`rounded (${rounded.join(", ")})`);
  if (withheld.length > 0) parts.push(`withheld, the test set being too small for a rounding that hides one instance (${withheld.join(", ")})`);
  return `Test-split figures of uploads are ${parts.join("; ")}, so that no single hidden test instance's score can be worked out from them.`;
}
