import type { ColumnVisibilityState } from "@tanstack/react-table";
import { applyTableQuery, bestCandidates, withSort, type ServerSlice, type TableView } from "@/lib/leaderboard/apply-table-query";
import { bestIds } from "@/lib/leaderboard/rank";
import { readTableQuery, serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";
import { ciHalfWidth } from "@/lib/leaderboard/format";
import { ciId } from "./leaderboard-table-columns";

/**
 * The leaderboard table's state transitions and what it derives from its query, as plain functions:
 * useLeaderboardTable (use-leaderboard-table.ts) holds the state and calls these; the unit tests call them directly.
 */

/** A query as the server will read it back from the URL (trimmed search, invalid parts dropped). */
const canonical = (query: TableQuery) => serializeTableQuery(readTableQuery(new URLSearchParams(serializeTableQuery(query))));

/** Server mode: until the server has answered the current query (its props are for `initialQuery`), its ranks belong to another view. */
export function isStale(server: ServerSlice | null, query: TableQuery, initialQuery: TableQuery): boolean {
  return server !== null && canonical(query) !== canonical(initialQuery);
}

/** The view drawn: the local one, or in server mode the server's ranks, counts and columns (over all rows) once it has answered. */
export function viewWithServer(leaderboard: Leaderboard, local: TableView, server: ServerSlice | null, stale: boolean): TableView {
  if (!server) return local;
  if (stale) return { ...local, total: server.total };
  // the server chose the columns over every matching row, not only the page of rows it sent
  const ids = new Set(server.columns);
  const columns = leaderboard.columns.filter((c) => ids.has(c.id));
  return {
    ...local,
    columns: columns.length > 0 ? columns : local.columns,
    ranks: new Map(leaderboard.rows.map((r, i) => [r.rowId, server.ranks[i] ?? null])),
    total: server.total,
  };
}

/** The view's metric columns shown; each CI column only with `ci=1`. */
export function columnVisibilityOf(all: readonly LeaderboardColumn[], shownColumns: readonly LeaderboardColumn[], ci: TableQuery["ci"]): ColumnVisibilityState {
  const shown = new Set(shownColumns.map((c) => c.id));
  const out: ColumnVisibilityState = {};
  for (const c of all) {
    out[c.id] = shown.has(c.id);
    out[ciId(c.id)] = shown.has(c.id) && ci === "1";
  }
  return out;
}

/** Each shown metric's best rows (drawn bold). */
export function bestOf(view: Pick<TableView, "columns" | "rows">): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const metric of view.columns) {
    out.set(metric.id, bestIds(bestCandidates(view.rows, metric.id), metric.direction, metric.decimals));
  }
  return out;
}

/** aria-sort for the Rank column: "ascending" when rows are in rank order (best first) on the ranked metric. */
export function rankSortOf(columns: readonly LeaderboardColumn[], view: Pick<TableView, "rankColumn" | "sort">): "ascending" | "descending" | undefined {
  const rankMetric = view.rankColumn;
  const sortedMetric = columns.find((c) => c.id === view.sort.id);
  return sortedMetric && rankMetric && sortedMetric.id === rankMetric.id
    ? view.sort.desc === (sortedMetric.direction === "higher")
      ? "ascending"
      : "descending"
    : undefined;
}

/** A click on a column's sort button (`desc` given: that direction): the next query, and what a screen reader is told. */
export function sortTransition(leaderboard: Leaderboard, query: TableQuery, id: string, desc?: boolean): { query: TableQuery; announcement: string } {
  const next = withSort(leaderboard, query, id, desc);
  const resolved = applyTableQuery(leaderboard, next).sort;
  const metric = leaderboard.columns.find((c) => c.id === resolved.id);
  const order = metric ? (resolved.desc === (metric.direction === "higher") ? "best first" : "worst first") : resolved.desc ? "Z to A" : "A to Z";
  return { query: next, announcement: `Sorted by ${metric ? metric.label : "system name"}, ${order}.` };
}

/** A click on the Rank header: sort by the ranked metric, best first, or worst first when it already is. */
export function rankClickSort(rankMetric: LeaderboardColumn | null, rankSort: "ascending" | "descending" | undefined): { id: string; desc: boolean } | null {
  if (!rankMetric) return null;
  const bestFirst = rankMetric.direction === "higher";
  return { id: rankMetric.id, desc: rankSort === "ascending" ? !bestFirst : bestFirst };
}

/**
 * Columns where at least one row has a CI: there every value gets a fixed-width "±" slot (empty when the
 * row has no CI), so the values themselves stay right-aligned on the same edge and compare at a glance.
 */
export function ciColumnsOf(rows: readonly LeaderboardRow[]): Set<string> {
  const out = new Set<string>();
  for (const row of rows) {
    for (const [id, cell] of Object.entries(row.cells)) if (ciHalfWidth(cell.ciLow, cell.ciHigh) !== null) out.add(id);
  }
  return out;
}
