import type { BootstrapInterval, BootstrapOptions } from "./bootstrap-ci";
import { quantile } from "./bootstrap-ci";
import { randomInt, seededRandom } from "./seeded-random";

/**
 * Percentile bootstrap for a pooled ratio Σ numerator / Σ denominator over instances (e.g. direct recall:
 * matched direct gold items / direct gold items, or Task 2 action accuracy). Instances are the resampling
 * unit, as for the macro means, so items of one instance move together. A resample whose denominator is 0
 * is skipped; the interval is null when every instance has denominator 0.
 */
export function bootstrapRatioCI(numerators: readonly number[], denominators: readonly number[], opts: BootstrapOptions): BootstrapInterval {
  if (numerators.length !== denominators.length) throw new Error("bootstrapRatioCI: numerators and denominators differ in length");
  const n = numerators.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += numerators[i]!;
    den += denominators[i]!;
  }
  if (den === 0) return { mean: null, low: null, high: null, n };
  const resamples = Math.max(1, Math.floor(opts.resamples ?? 2000));
  const level = opts.level !== undefined && opts.level > 0 && opts.level < 1 ? opts.level : 0.95;
  const rand = seededRandom(opts.seed);
  const ratios: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let sn = 0;
    let sd = 0;
    for (let k = 0; k < n; k++) {
      const i = randomInt(rand, n);
      sn += numerators[i]!;
      sd += denominators[i]!;
    }
    if (sd > 0) ratios.push(sn / sd);
  }
  const sorted = Float64Array.from(ratios).sort();
  return { mean: num / den, low: quantile(sorted, (1 - level) / 2), high: quantile(sorted, (1 + level) / 2), n };
}
