import { isBaseline } from "./apply-table-query";
import type { Leaderboard, LeaderboardRow } from "./types";

/** The Task 2 reference every Task 2 row is held against: returning the input memory pool unchanged. */
export const COPY_INPUT_SLUG = "baseline-copy-input";

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

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
  const factor = 10 ** column.decimals;
  const key = (v: number) => Math.round(v * factor);
  const beats = (v: number) => (column.direction === "higher" ? key(v) > key(value) : key(v) < key(value));
  const rows = board.rows.map((row): LeaderboardRow => {
    const mine = row.cells[columnId]?.value;
    if (isBaseline(row) || !finite(mine) || beats(mine)) return row;
    return { ...row, belowBaseline: { system: reference.systemName, column: columnId, value } };
  });
  return { ...board, rows };
}
