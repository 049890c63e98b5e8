import { shownKey } from "./round";
import { isBaseline } from "./row-kind";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Does `value` beat a reference's figure on a column, at the precision shown (equal there is not beating it)? */
export function beats(value: number, reference: number, column: Pick<LeaderboardColumn, "direction" | "decimals">): boolean {
  const key = (v: number) => shownKey(v, column.decimals);
  return column.direction === "higher" ? key(value) > key(reference) : key(value) < key(reference);
}

/** A reference's figure as a mark's reason states it: at the column's shown precision (46.14, not 46.144577904929555). */
const shownFigure = (value: number, column: Pick<LeaderboardColumn, "decimals">) => Number(value.toFixed(column.decimals));

/**
 * Marks each row that does not beat a reference baseline on one column (equal at the precision shown counts as not
 * beating it): `belowBaseline` names the baseline, the column and its figure, and the table, the downloads and the
 * API say so on the row. A system that scores no better than doing nothing has not shown it does the task. Rows
 * without a figure there, and the reference rows themselves, are left alone; a board without that baseline is
 * returned unchanged. Pure: no I/O.
 */
export function markBelowBaseline(board: Leaderboard, baselineSlug: string, columnId: string): Leaderboard {
  const column = board.columns.find((c) => c.id === columnId);
  const reference = board.rows.find((r) => r.systemSlug === baselineSlug && isBaseline(r));
  const value = reference?.cells[columnId]?.value;
  if (!column || !reference || !finite(value)) return board;
  const rows = board.rows.map((row): LeaderboardRow => {
    const mine = row.cells[columnId]?.value;
    if (isBaseline(row) || !finite(mine) || beats(mine, value, column)) return row;
    return { ...row, belowBaseline: { system: reference.systemName, column: columnId, value: shownFigure(value, column) } };
  });
  return { ...board, rows };
}

/**
 * Marks each row that does not beat a contentless reference row on the given columns (a benchmark's
 * `contentlessReferenceSlugs`: predicting nothing, or labels and types with no content): `belowContentless` names
 * the best such reference it fails to beat, its figure at the column's precision. One rule for every tier: a paper
 * row, a re-scored run, a claimed import and an upload below it are treated alike, ranked where their figures put
 * them with the mark "below <reference>" beside them (the table, the downloads and the API say so). Only the
 * reference rows themselves are left alone. Pure: no I/O.
 */
export function markBelowContentless(board: Leaderboard, contentlessSlugs: readonly string[], columnIds: readonly string[]): Leaderboard {
  const slugs = new Set(contentlessSlugs);
  const bars = columnIds.flatMap((columnId) => {
    const column = board.columns.find((c) => c.id === columnId);
    if (!column) return [];
    const sign = column.direction === "higher" ? 1 : -1;
    // the strongest contentless row on this column is the one to beat
    const best = board.rows
      .filter((r) => isBaseline(r) && slugs.has(r.systemSlug) && finite(r.cells[columnId]?.value))
      .reduce<LeaderboardRow | null>((b, r) => (b === null || sign * (r.cells[columnId]!.value! - b.cells[columnId]!.value!) > 0 ? r : b), null);
    return best ? [{ column, reference: best, value: best.cells[columnId]!.value! }] : [];
  });
  if (bars.length === 0) return board;
  const rows = board.rows.map((row): LeaderboardRow => {
    if (isBaseline(row)) return row;
    for (const { column, reference, value } of bars) {
      const mine = row.cells[column.id]?.value;
      if (finite(mine) && !beats(mine, value, column))
        return { ...row, belowContentless: { system: reference.systemName, column: column.id, value: shownFigure(value, column) } };
    }
    return row;
  });
  return { ...board, rows };
}

/**
 * Where a reference baseline stands against the authors' reported rows on one column of a board: its figure, the
 * best reported row, and how many reported rows it beats (at the precision shown). About states it with these
 * numbers, measured from the data on this server, never typed in. Null when the board has no such baseline.
 */
export function baselineVersusReported(
  board: Leaderboard,
  baselineSlug: string,
  columnId: string,
): { baseline: { name: string; value: number }; reported: number; beaten: number; best: { name: string; value: number } | null } | null {
  const column = board.columns.find((c) => c.id === columnId);
  const reference = board.rows.find((r) => r.systemSlug === baselineSlug && isBaseline(r));
  const value = reference?.cells[columnId]?.value;
  if (!column || !reference || !finite(value)) return null;
  const key = (v: number) => shownKey(v, column.decimals);
  const reported = board.rows.flatMap((r) => {
    const v = r.cells[columnId]?.value;
    return r.tier === "reported" && !isBaseline(r) && finite(v) ? [{ name: r.systemName, value: v }] : [];
  });
  const sign = column.direction === "higher" ? 1 : -1;
  const best = reported.reduce<{ name: string; value: number } | null>((b, r) => (b === null || sign * (r.value - b.value) > 0 ? r : b), null);
  const beaten = reported.filter((r) => sign * (key(value) - key(r.value)) > 0).length;
  return { baseline: { name: reference.systemName, value }, reported: reported.length, beaten, best };
}
