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
