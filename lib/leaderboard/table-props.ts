import { applyTableQuery, CLIENT_ROWS_LIMIT, organisationsOf, PAGE_ROWS, type ServerSlice } from "./apply-table-query";
import { packBoard, tierOf, type PackedLeaderboard } from "./packed-board";
import { publishedPrecision } from "./published-precision";
import type { TableQuery } from "./table-state";
import type { Leaderboard } from "./types";

/* Server only (pages): what the page's table receives. Kept out of apply-table-query.ts, which the browser loads. */

/**
 * The table's props for a leaderboard, packed for the page (lib/leaderboard/packed-board.ts): small ones whole
 * (the browser filters and sorts instantly), large ones as the page of rows the query shows, so the payload
 * stays the size of what is on screen.
 */
export function tableProps(board: Leaderboard, query: TableQuery): { leaderboard: PackedLeaderboard; server: ServerSlice | null } {
  // the precision each publication printed each column at, over the whole board (not only the page shipped), for
  // the publications of the reported rows shipped (the only rows it is read for): a 1,000-system page's first 50
  // rows are uploads, and carried 3 KB of entries for publications not on it
  const entries = publishedPrecision(board.rows, board.columns);
  const withPrecision = (packed: PackedLeaderboard): PackedLeaderboard => {
    const sources = new Set(packed.rows.filter((r) => tierOf(r) === "reported").map((r) => r.sl ?? ""));
    const shipped = entries.filter(([, source]) => sources.has(source));
    return shipped.length > 0 ? { ...packed, precision: shipped } : packed;
  };
  if (board.rows.length <= CLIENT_ROWS_LIMIT) return { leaderboard: withPrecision(packBoard(board)), server: null };
  const view = applyTableQuery(board, query);
  const rows = query.all === "1" ? view.rows : view.rows.slice(0, PAGE_ROWS);
  return {
    leaderboard: withPrecision(packBoard({ ...board, rows })),
    server: {
      ranks: rows.map((r) => view.ranks.get(r.rowId) ?? null),
      matching: view.rows.length,
      total: view.total,
      organisations: organisationsOf(board),
      columns: view.columns.map((c) => c.id),
    },
  };
}
