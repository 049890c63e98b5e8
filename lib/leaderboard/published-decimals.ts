/*
 * Reading the published precision the server computed (lib/leaderboard/published-precision.ts) in the page's
 * table: the lookups only, so the page's JavaScript carries no precision computation. Pure.
 */

/** The fewest decimals, up to `max`, that give back `value` (0.446 -> 3, 15 -> 0). */
export function decimalsShown(value: number, max: number): number {
  for (let d = 0; d < max; d++) if (Math.abs(Number(value.toFixed(d)) - value) < 1e-9) return d;
  return max;
}

export const precisionKey = (columnId: string, source: string | null) => `${columnId}\n${source ?? ""}`;

/** The decimals to print a reported row's figure with: its source's precision for the column (0 when unknown). */
export function publishedDecimalsOf(precision: ReadonlyMap<string, number>, columnId: string, source: string | null): number {
  return precision.get(precisionKey(columnId, source)) ?? 0;
}

/** The payload's [column id, source label, decimals] entries (lib/leaderboard/packed-board.ts) as a lookup. */
export function precisionFromEntries(entries: readonly (readonly [string, string, number])[] | undefined): Map<string, number> {
  return new Map((entries ?? []).map(([column, source, decimals]) => [precisionKey(column, source || null), decimals]));
}
