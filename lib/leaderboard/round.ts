/* Pure and dependency-free: the table (client) and the downloads (server) round the same way. */

/** A value rounded to `digits` decimals, without float noise and without a negative zero. */
export function roundToDigits(value: number | null | undefined, digits: number): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * A value as the JSON downloads carry it: rounded to the column's precision plus two digits. Enough to re-rank or
 * re-average without the float noise of a mean (0.4737360000000001), and never more digits than were measured.
 * The CSV, read by people, rounds to the column's own decimals (roundToDigits(value, decimals)).
 */
export function roundForDownload(value: number | null | undefined, decimals: number): number | null {
  return roundToDigits(value, decimals + 2);
}

/**
 * The figure as shown (formatMetric: `toFixed(decimals)`), as an integer count of its last shown digit: the key
 * every "equal at the precision shown" rule compares (ranks, the review bar, the below-reference marks, compare).
 * Keyed on the displayed string, not on Math.round(value * 10^decimals): 55.055 shows "55.05" (its double is just
 * under the half) and keys 5505, where the product would round to 5506 and set two equal-looking rows apart.
 */
export function shownKey(value: number, decimals: number): number {
  const key = Math.round(Number(value.toFixed(decimals)) * 10 ** decimals);
  return key === 0 ? 0 : key;
}
