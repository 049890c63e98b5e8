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

export interface RankInput {
  id: string;
  value: number | null | undefined;
}

/**
 * Standard competition ranks ("1, 2, 2, 4") for one metric, best first in the metric's own direction.
 * Two values tie when they are equal at the precision shown (`decimals`): a reader who sees two equal
 * numbers must see two equal ranks. Missing values get no rank (null).
 */
export function competitionRanks(
  items: readonly RankInput[],
  direction: "higher" | "lower",
  decimals: number,
): Map<string, number | null> {
  const factor = 10 ** decimals;
  const key = (v: number) => Math.round(v * factor);
  const ranked = items
    .filter((item): item is { id: string; value: number } => typeof item.value === "number" && Number.isFinite(item.value))
    .map((item) => ({ id: item.id, k: key(item.value) }))
    .sort((a, b) => (direction === "higher" ? b.k - a.k : a.k - b.k));

  const out = new Map<string, number | null>();
  for (const item of items) out.set(item.id, null);
  let previousKey: number | null = null;
  let previousRank = 0;
  ranked.forEach((item, index) => {
    const rank = previousKey !== null && item.k === previousKey ? previousRank : index + 1;
    out.set(item.id, rank);
    previousKey = item.k;
    previousRank = rank;
  });
  return out;
}

/** Ids of the rows holding the best value of a column (at displayed precision); empty when all are missing. */
export function bestIds(items: readonly RankInput[], direction: "higher" | "lower", decimals: number): Set<string> {
  const ranks = competitionRanks(items, direction, decimals);
  const best = new Set<string>();
  for (const [id, rank] of ranks) if (rank === 1) best.add(id);
  return best;
}
