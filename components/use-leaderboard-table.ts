"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useTable, type SortingState } from "@tanstack/react-table";
import { applyTableQuery, organisationsOf, PAGE_ROWS, type ServerSlice } from "@/lib/leaderboard/apply-table-query";
import { detailLabel, shownColumns } from "@/lib/leaderboard/detail-columns";
import { precisionFromEntries } from "@/lib/leaderboard/published-decimals";
import { serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { unpackBoard, type PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import { buildColumns, features } from "./leaderboard-table-columns";
import { bestOf, ciColumnsOf, columnVisibilityOf, isStale, rankClickSort, rankSortOf, sortTransition, viewWithServer } from "./leaderboard-table-state";

/*
 * The state of a LeaderboardTable, apart from its view (leaderboard-table.tsx draws what this returns): the URL's
 * table query as the user changes it, the view it selects (filtering, sorting and ranking run through
 * lib/leaderboard/apply-table-query.ts, the same function the download API runs, so the server render, the client
 * and a CSV agree row for row), the TanStack table of it, and the query written back to the URL.
 */

const subscribeNothing = () => () => {};
const hydratedSnapshot = () => true;
const serverSnapshot = () => false;

/**
 * The URL is the state's permalink: replaced (not pushed) so Back leaves the page instead of undoing clicks.
 * A large leaderboard's rows come from the server: ask it for the new view (debounced for typing). Answers whether
 * that request is under way.
 */
function useQueryInUrl(query: TableQuery, server: ServerSlice | null): boolean {
  const first = useRef(true);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const search = serializeTableQuery(query);
    const url = `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    // No state of our own: Next.js then carries its state over and updates useSearchParams, which the task
    // page's charts follow (lib/benchmarks/alpsbench/ui/task/task-charts.tsx).
    window.history.replaceState(null, "", url);
    if (!server) return;
    const timer = setTimeout(() => startTransition(() => router.replace(url, { scroll: false })), 250);
    return () => clearTimeout(timer);
    // Only a change of view asks the server again: new props from it (`server`) must not trigger another request.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `server` and `router` are read when the query changes, never a trigger
  }, [query]);
  return pending;
}

export function useLeaderboardTable({ packed, initialQuery, server }: { packed: PackedLeaderboard; initialQuery: TableQuery; server: ServerSlice | null }) {
  const leaderboard = useMemo(() => unpackBoard(packed), [packed]);
  const [query, update] = useState<TableQuery>(initialQuery);
  const [announcement, setAnnouncement] = useState("");
  const [optionsOpen, setOptionsOpen] = useState(false);
  // false on the server and while hydrating, true after: what needs JavaScript (the pin buttons) is not in the HTML,
  // nor the rows below the first screen (drawn from the props on hydration)
  const hydrated = useSyncExternalStore(subscribeNothing, hydratedSnapshot, serverSnapshot);
  const pending = useQueryInUrl(query, server);

  const local = useMemo(() => applyTableQuery(leaderboard, query), [leaderboard, query]);
  // Server mode: the rows are already the query's page; ranks and counts are the server's (over all rows).
  // Until the server has answered the current query, its ranks belong to another view: show the local ones.
  const stale = isStale(server, query, initialQuery);
  const view = useMemo(() => viewWithServer(leaderboard, local, server, stale), [local, server, stale, leaderboard]);
  const matching = server ? server.matching : view.rows.length;
  const organisations = useMemo(() => server?.organisations ?? organisationsOf(leaderboard), [leaderboard, server]);
  const columns = useMemo(() => buildColumns(leaderboard.columns), [leaderboard.columns]);
  const showAll = query.all === "1" || matching <= PAGE_ROWS;
  const data = useMemo(() => (showAll ? view.rows : view.rows.slice(0, PAGE_ROWS)), [showAll, view.rows]);

  // the board's detail columns are folded away until asked for (lib/leaderboard/detail-columns.ts)
  const shown = useMemo(() => shownColumns(view.columns, query), [view.columns, query]);
  const foldable = useMemo(() => detailLabel(leaderboard.columns), [leaderboard.columns]);
  const columnVisibility = useMemo(() => columnVisibilityOf(leaderboard.columns, shown, query.ci), [leaderboard.columns, shown, query.ci]);
  const sorting: SortingState = useMemo(() => [view.sort], [view.sort]);

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.rowId,
    state: { sorting, columnVisibility },
    manualSorting: true,
  });

  const best = useMemo(() => bestOf({ columns: shown, rows: view.rows }), [shown, view.rows]);
  const rankMetric = view.rankColumn;
  const rankSort = rankSortOf(leaderboard.columns, view);

  function sortBy(id: string, desc?: boolean) {
    const next = sortTransition(leaderboard, query, id, desc);
    update(next.query);
    setAnnouncement(next.announcement);
  }

  function onRankClick() {
    const sort = rankClickSort(rankMetric, rankSort);
    if (sort) sortBy(sort.id, sort.desc);
  }

  const ciColumns = useMemo(() => ciColumnsOf(leaderboard.rows), [leaderboard.rows]);
  const rowsById = useMemo(() => new Map(leaderboard.rows.map((r) => [r.rowId, r])), [leaderboard.rows]);
  // the precision each publication printed each column at (0.090 stays 0.090, not 0.09)
  const precision = useMemo(() => precisionFromEntries(packed.precision), [packed.precision]);
  const columnsById = useMemo(() => new Map(leaderboard.columns.map((c) => [c.id, c])), [leaderboard.columns]);

  return {
    leaderboard,
    query,
    update,
    sortBy,
    onRankClick,
    announcement,
    optionsOpen,
    toggleOptions: () => setOptionsOpen((open) => !open),
    hydrated,
    pending,
    stale,
    view,
    shown,
    foldable,
    matching,
    organisations,
    showAll,
    table,
    best,
    rankMetric,
    rankSort,
    ciColumns,
    precision,
    rowsById,
    columnsById,
  };
}

/** What a LeaderboardTable's view draws from. */
export type LeaderboardTableState = ReturnType<typeof useLeaderboardTable>;
