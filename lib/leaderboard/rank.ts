import { shownKey } from "./round";

interface RankInput {
  id: string;
  value: number | null | undefined;
}

/**
 * Standard competition ranks ("1, 2, 2, 4") for one metric, best first in the metric's own direction.
 * Two values tie when they are equal at the precision shown (`decimals`): a reader who sees two equal
 * numbers must see two equal ranks. Missing values get no rank (null).
 */
export function competitionRanks(items: readonly RankInput[], direction: "higher" | "lower", decimals: number): Map<string, number | null> {
  const key = (v: number) => shownKey(v, decimals);
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
