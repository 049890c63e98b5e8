import { decimalsShown } from "./published-decimals";

/**
 * Pure, locale-independent formatters for the UI. Locale-independent on purpose: the same string must come
 * out of Node during SSR and out of the browser during hydration, whatever either's default locale is.
 */

/** Fixed decimals; `null`/non-finite become null so callers render their own "missing" mark. */
export function formatMetric(value: number | null | undefined, decimals: number): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const text = value.toFixed(decimals);
  // toFixed(-0.0001, 2) is "-0.00": a negative zero reads as a real negative score.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A reported (copied) figure at the precision it was published with, padded with figure spaces to `decimals`
 * so that it stays right-aligned digit for digit with the column's computed values. `atLeast`: the precision its
 * publication printed the column at (lib/leaderboard/published-precision.ts), which gives back trailing zeros.
 */
export function formatPublished(value: number | null | undefined, decimals: number, atLeast = 0): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  // the fewest decimals that give back the stored value (0.446 stays 0.446, not 0.4460), or its publication's
  const d = Math.min(decimals, Math.max(atLeast, decimalsShown(value, decimals)));
  const text = formatMetric(value, d)!;
  return text + "\u2007".repeat(decimals - d + (d === 0 && decimals > 0 ? 1 : 0));
}

/** Half-width of a confidence interval, the figure shown as "±" beside a value. */
export function ciHalfWidth(ciLow: number | null, ciHigh: number | null): number | null {
  if (ciLow === null || ciHigh === null || !Number.isFinite(ciLow) || !Number.isFinite(ciHigh)) return null;
  return Math.abs(ciHigh - ciLow) / 2;
}

/** "[0.501, 0.562]", or null when either bound is missing. */
export function formatInterval(ciLow: number | null, ciHigh: number | null, decimals: number): string | null {
  const lo = formatMetric(ciLow, decimals);
  const hi = formatMetric(ciHigh, decimals);
  return lo === null || hi === null ? null : `[${lo}, ${hi}]`;
}

/** Integer with thin thousands separators as commas: 12,345. */
export function formatCount(n: number | null | undefined): string | null {
  if (n === null || n === undefined || !Number.isFinite(n)) return null;
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
