import type { LeaderboardRow } from "./types";

/**
 * A reference row the server computes (kind `baseline`: empty prediction, copy-the-input, first or random
 * candidate, BM25): drawn where its figures put it, so a reader sees what doing nothing scores, but never ranked.
 */
export function isBaseline(row: Pick<LeaderboardRow, "kind">): boolean {
  return row.kind === "baseline";
}
