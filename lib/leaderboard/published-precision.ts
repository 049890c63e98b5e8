import { decimalsShown, precisionKey } from "./published-decimals";
import type { LeaderboardColumn, LeaderboardRow } from "./types";

/*
 * The precision a publication printed a column at. A copied figure is stored as a number, so its trailing zeros
 * are gone: the AlpsBench paper's Table 3 printed EverMemOS's F1 as 0.090 and the official leaderboard printed
 * Gemini-3 Flash's as 0.4970, both stored as shorter numbers; PersonalLLM's paper printed win rates with one
 * decimal, so 15.0 came back as "15" beside 14.8. One publication prints one column at one precision, so the
 * precision of a (column, source) is the one most of its figures still show (ties: the larger). Pure.
 */

/**
 * Per column and source label of the reported rows, the decimals the source printed that column with, as the
 * page's payload carries them: [column id, source label ("" for none), decimals] (lib/leaderboard/packed-board.ts;
 * read back with precisionFromEntries).
 */
export function publishedPrecision(rows: readonly LeaderboardRow[], columns: readonly LeaderboardColumn[]): [string, string, number][] {
  const counts = new Map<string, { column: string; source: string; byDecimals: Map<number, number> }>();
  const count = (column: LeaderboardColumn, source: string | null, value: number | null | undefined) => {
    if (typeof value !== "number" || !Number.isFinite(value)) return;
    const key = precisionKey(column.id, source);
    const entry = counts.get(key) ?? { column: column.id, source: source ?? "", byDecimals: new Map<number, number>() };
    const d = decimalsShown(value, column.decimals);
    entry.byDecimals.set(d, (entry.byDecimals.get(d) ?? 0) + 1);
    counts.set(key, entry);
  };
  for (const row of rows) {
    for (const column of columns) {
      const cell = row.cells[column.id];
      if (row.tier === "reported") count(column, row.sourceLabel, cell?.value);
      // a reported figure folded into a re-scored row (lib/leaderboard/one-row-per-system.ts) is still that
      // publication's: it counts towards, and is shown at, the source's precision
      else if (cell?.reportedBy) count(column, cell.reportedBy, cell.value);
    }
  }
  return [...counts.values()].map(({ column, source, byDecimals }) => {
    let best = 0;
    let bestCount = -1;
    for (const [d, n] of byDecimals) if (n > bestCount || (n === bestCount && d > best)) [best, bestCount] = [d, n];
    return [column, source, best];
  });
}
