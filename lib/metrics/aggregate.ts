/**
 * The aggregates several benchmarks compute the same way, written once. Each matches the benchmarks' own code
 * to the last bit (the same operations in the same order): AlpsBench's figures must stay those of its authors'
 * scorer, instance by instance, and PersonalLLM's those of its eval.py.
 */

/** Left-to-right sum divided by count; null for no values. The order of the additions is part of the definition: another order can move the last bits. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** A pooled share, counted things over the things that could be counted (matched gold items / gold items); null when there is nothing to count. */
export function ratio(num: number, den: number): number | null {
  return den > 0 ? num / den : null;
}
