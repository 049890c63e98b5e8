import { randomInt, seededRandom } from "./seeded-random";

export interface BootstrapOptions {
  /** fixed seed: the same values and seed always give the same interval */
  seed: number | string;
  /** number of resamples; the leaderboard uses at least 1,000 (default 2,000) */
  resamples?: number;
  /** confidence level (default 0.95) */
  level?: number;
}

export interface BootstrapInterval {
  /** mean of the values; null when there are none */
  mean: number | null;
  low: number | null;
  high: number | null;
  /** number of finite values used */
  n: number;
}

/**
 * Percentile bootstrap interval for a mean over instances: resample the
 * instances with replacement, take each resample's mean, and read the
 * (1−level)/2 and (1+level)/2 quantiles of those means (linear
 * interpolation between order statistics, like numpy's default).
 * Non-finite values are left out, so `n` says how many were used.
 */
export function bootstrapCI(values: readonly number[], opts: BootstrapOptions): BootstrapInterval {
  const xs = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return { mean: null, low: null, high: null, n: 0 };
  const mean = sum(xs) / n;
  const resamples = Math.max(1, Math.floor(opts.resamples ?? 2000));
  const level = opts.level !== undefined && opts.level > 0 && opts.level < 1 ? opts.level : 0.95;
  const rand = seededRandom(opts.seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += xs[randomInt(rand, n)]!;
    means[b] = s / n;
  }
  means.sort();
  return { mean, low: quantile(means, (1 - level) / 2), high: quantile(means, (1 + level) / 2), n };
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** q-quantile of sorted values, linear between order statistics. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
