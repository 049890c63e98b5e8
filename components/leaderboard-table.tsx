"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useTable, type ColumnVisibilityState, type SortingState } from "@tanstack/react-table";
import { applyTableQuery, bestCandidates, FIRST_SCREEN_ROWS, organisationsOf, PAGE_ROWS, withSort, type ServerSlice } from "@/lib/leaderboard/apply-table-query";
import { precisionFromEntries } from "@/lib/leaderboard/published-decimals";
import { bestIds } from "@/lib/leaderboard/rank";
import { readTableQuery, serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { unpackBoard, type PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import { ciHalfWidth } from "./format";
import { columnCss, type CssColumn } from "./leaderboard-column-css";
import { buildColumns, ciId, features } from "./leaderboard-table-columns";
import { directionText, TableKey } from "./leaderboard-table-cells";
import { LeaderboardTableBody } from "./leaderboard-table-body";
import { LeaderboardTableHead } from "./leaderboard-table-head";
import { foldedOnPhone, LeaderboardTableToolbar, NoScriptOptions } from "./leaderboard-table-toolbar";
import { ScopeLinks, type DataVersionChoice } from "./leaderboard-scope-links";

/*
 * The server hands over the Leaderboard read model and the URL's table query; filtering, sorting and ranking
 * run through lib/leaderboard/apply-table-query.ts (the same function the download API runs), so the server
 * render, the client and a CSV agree row for row. Every change is written back to the URL (replaceState).
 */

const subscribeNothing = () => () => {};
const hydratedSnapshot = () => true;
const serverSnapshot = () => false;

/** A query as the server will read it back from the URL (trimmed search, invalid parts dropped). */
const canonical = (query: TableQuery) => serializeTableQuery(readTableQuery(new URLSearchParams(serializeTableQuery(query))));

export interface LeaderboardTableProps {
  /** the read model packed for the page (lib/leaderboard/packed-board.ts, via tableProps) */
  leaderboard: PackedLeaderboard;
  /** the URL's table query, parsed on the server with lib/leaderboard/table-state.ts */
  query: TableQuery;
  /** API view slug for the download links (`overview`, `task1`, …) */
  viewSlug: string;
  /** the page's path, for the data-scope links */
  path: string;
  /** score versions available for the version picker */
  versions?: readonly string[];
  /** the data versions the scope links offer, with their labels (the page builds them from the registry) */
  dataVersions?: readonly DataVersionChoice[];
  /** accessible name of the table; defaults to leaderboard.title */
  caption?: string;
  /** set for large leaderboards: `leaderboard.rows` is the server's page of rows for `query` (lib/leaderboard tableProps) */
  server?: ServerSlice | null;
  /**
   * AlpsBench's data scope, split and scorer links above the table (default true). A benchmark module's page has no
   * such scopes (its own settings are a form of the page), and showed AlpsBench's links that changed nothing there.
   */
  scopes?: boolean;
}

export function LeaderboardTable({
  leaderboard: packed,
  query: initialQuery,
  viewSlug,
  path,
  versions = [],
  dataVersions = [],
  caption,
  server = null,
  scopes = true,
}: LeaderboardTableProps) {
  const leaderboard = useMemo(() => unpackBoard(packed), [packed]);
  const baseId = useId();
  const [query, setQuery] = useState<TableQuery>(initialQuery);
  const [announcement, setAnnouncement] = useState("");
  const [optionsOpen, setOptionsOpen] = useState(false);
  // false on the server and while hydrating, true after: what needs JavaScript (the pin buttons) is not in the HTML,
  // nor the rows below the first screen (drawn from the props on hydration)
  const hydrated = useSyncExternalStore(subscribeNothing, hydratedSnapshot, serverSnapshot);
  const first = useRef(true);
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  // The URL is the state's permalink: replaced (not pushed) so Back leaves the page instead of undoing clicks.
  // A large leaderboard's rows come from the server: ask it for the new view (debounced for typing).
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

  const local = useMemo(() => applyTableQuery(leaderboard, query), [leaderboard, query]);
  // Server mode: the rows are already the query's page; ranks and counts are the server's (over all rows).
  // Until the server has answered the current query, its ranks belong to another view: show the local ones.
  const stale = server !== null && canonical(query) !== canonical(initialQuery);
  const view = useMemo(() => {
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
  }, [local, server, stale, leaderboard]);
  const matching = server ? server.matching : view.rows.length;
  const organisations = useMemo(() => server?.organisations ?? organisationsOf(leaderboard), [leaderboard, server]);
  const columns = useMemo(() => buildColumns(leaderboard.columns), [leaderboard.columns]);
  const showAll = query.all === "1" || matching <= PAGE_ROWS;
  const data = useMemo(() => (showAll ? view.rows : view.rows.slice(0, PAGE_ROWS)), [showAll, view.rows]);

  const columnVisibility = useMemo(() => {
    const shown = new Set(view.columns.map((c) => c.id));
    const out: ColumnVisibilityState = {};
    for (const c of leaderboard.columns) {
      out[c.id] = shown.has(c.id);
      out[ciId(c.id)] = shown.has(c.id) && query.ci === "1";
    }
    return out;
  }, [leaderboard.columns, view.columns, query.ci]);
  const sorting: SortingState = useMemo(() => [view.sort], [view.sort]);

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.rowId,
    state: { sorting, columnVisibility },
    manualSorting: true,
  });

  const best = useMemo(() => {
    const out = new Map<string, Set<string>>();
    for (const metric of view.columns) {
      out.set(metric.id, bestIds(bestCandidates(view.rows, metric.id), metric.direction, metric.decimals));
    }
    return out;
  }, [view.columns, view.rows]);

  const rankMetric = view.rankColumn;
  const sortedMetric = leaderboard.columns.find((c) => c.id === view.sort.id);
  // aria-sort for the Rank column: "ascending" when rows are in rank order (best first) on the ranked metric.
  const rankSort: "ascending" | "descending" | undefined =
    sortedMetric && rankMetric && sortedMetric.id === rankMetric.id
      ? view.sort.desc === (sortedMetric.direction === "higher")
        ? "ascending"
        : "descending"
      : undefined;

  function update(next: TableQuery) {
    setQuery(next);
  }

  function sortBy(id: string, desc?: boolean) {
    const next = withSort(leaderboard, query, id, desc);
    update(next);
    const resolved = applyTableQuery(leaderboard, next).sort;
    const metric = leaderboard.columns.find((c) => c.id === resolved.id);
    const order = metric ? (resolved.desc === (metric.direction === "higher") ? "best first" : "worst first") : resolved.desc ? "Z to A" : "A to Z";
    setAnnouncement(`Sorted by ${metric ? metric.label : "system name"}, ${order}.`);
  }

  function onRankClick() {
    if (!rankMetric) return;
    const bestFirst = rankMetric.direction === "higher";
    sortBy(rankMetric.id, rankSort === "ascending" ? !bestFirst : bestFirst);
  }

  // The header sticks to the window while the page scrolls, which needs a wrapper that does not scroll. A table
  // wider than the page (many columns, or a phone) scrolls sideways in its wrapper instead, header not sticky.
  const regionRef = useRef<HTMLDivElement>(null);
  const [fits, setFits] = useState(true);
  useEffect(() => {
    const region = regionRef.current;
    const tableElement = region?.querySelector("table");
    if (!region || !tableElement || typeof ResizeObserver === "undefined") return;
    const check = () => setFits(tableElement.offsetWidth <= region.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(region);
    observer.observe(tableElement);
    check();
    return () => observer.disconnect();
  }, []);

  const headerGroups = table.getHeaderGroups();
  const leafColumns = table.getVisibleLeafColumns();
  const allRows = table.getRowModel().rows;
  // The server's HTML has the rows of a first screen; the rest of the page's rows (they are in the props anyway) are
  // drawn on hydration. A 50-row page was every row twice, as markup and as props: 50 KB of a 1,000-system Task 4
  // page's 145 KB was the rows' markup (scripts/bench/README.md, page weight).
  const rows = hydrated ? allRows : allRows.slice(0, FIRST_SCREEN_ROWS);
  const leafCount = leafColumns.length;
  const label = caption ?? leaderboard.title;
  const hasJudge = view.columns.some((c) => c.kind === "judge");
  // Columns where at least one row has a CI: there every value gets a fixed-width "±" slot (empty when the
  // row has no CI), so the values themselves stay right-aligned on the same edge and compare at a glance.
  const ciColumns = useMemo(() => {
    const out = new Set<string>();
    for (const row of leaderboard.rows) {
      for (const [id, cell] of Object.entries(row.cells)) if (ciHalfWidth(cell.ciLow, cell.ciHigh) !== null) out.add(id);
    }
    return out;
  }, [leaderboard.rows]);
  const hasCi = ciColumns.size > 0;
  const cssColumns = leafColumns.map((column): CssColumn => {
    const meta = column.columnDef.meta;
    if (meta?.role === "metric") {
      const { metric, groupStart } = meta;
      return { role: "metric", groupStart, judge: metric.kind === "judge", slot: ciColumns.has(metric.id) && query.ci !== "1" ? metric.decimals : null };
    }
    if (meta?.role === "ci") return { role: "ci", groupStart: false };
    return { role: meta?.role === "system" ? "system" : "rank" };
  });

  const rowsById = useMemo(() => new Map(leaderboard.rows.map((r) => [r.rowId, r])), [leaderboard.rows]);
  // the precision each publication printed each column at (0.090 stays 0.090, not 0.09)
  const precision = useMemo(() => precisionFromEntries(packed.precision), [packed.precision]);
  const columnsById = useMemo(() => new Map(leaderboard.columns.map((c) => [c.id, c])), [leaderboard.columns]);
  return (
    <div className="flex flex-col gap-2">
      {/* on a phone the scope links fold into the "Table options" and come after the search row */}
      <div className="flex flex-col gap-2">
        {scopes ? (
          <ScopeLinks path={path} query={query} versions={versions} dataVersions={dataVersions} className={`max-sm:order-last ${foldedOnPhone(optionsOpen)}`} />
        ) : null}
        <NoScriptOptions />
        <LeaderboardTableToolbar
          optionsOpen={optionsOpen}
          onToggleOptions={() => setOptionsOpen((open) => !open)}
          optionsId={`${baseId}-options`}
          board={leaderboard}
          query={query}
          setQuery={update}
          organisations={organisations}
          viewSlug={viewSlug}
          shown={matching}
          total={view.total}
          visibleIds={view.columns.map((c) => c.id)}
        />
      </div>
      {view.unknownColumns.length > 0 ? (
        <p role="status" className="text-sm text-fg-muted">
          This view has no column {view.unknownColumns.map((c) => `“${c}”`).join(", ")}; it was ignored.
        </p>
      ) : null}
      <div
        role="region"
        aria-label={label}
        aria-busy={pending || stale || undefined}
        data-stale={stale || undefined}
        tabIndex={0}
        ref={regionRef}
        data-density={query.density}
        data-fits={fits ? "true" : "false"}
        className={`relative overflow-x-auto rounded-lg border border-line bg-surface transition-opacity ${fits ? "lg:overflow-visible" : ""} ${pending || stale ? "opacity-60" : ""}`}
      >
        {/* the columns' styles (group rules, the "±" slot, what a missing judge value reads): once per column, not per cell */}
        <style dangerouslySetInnerHTML={{ __html: columnCss(baseId, cssColumns) }} />
        <table
          className="w-full border-separate border-spacing-0 text-sm"
          data-lb={baseId}
          data-sort={`${view.sort.id}:${view.sort.desc ? "desc" : "asc"}`}
          // every row of the page is drawn (the server's HTML has the first screen only): tests read the table after it
          data-hydrated={hydrated ? "" : undefined}
        >
          <caption className="sr-only">
            {label}
            {rankMetric ? `. Ranked by ${rankMetric.label}. Column headers sort the table.` : null}
          </caption>
          {/* which column a body cell is in, for the hover notes and for anyone reading the table programmatically */}
          <colgroup>
            {leafColumns.map((column) => {
              const meta = column.columnDef.meta;
              return (
                <col key={column.id} data-column={meta?.role === "metric" ? meta.metric.id : undefined} data-ci={meta?.role === "ci" ? meta.metric.id : undefined} />
              );
            })}
          </colgroup>
          <LeaderboardTableHead
            headerGroups={headerGroups}
            baseId={baseId}
            columnsById={columnsById}
            rankMetric={rankMetric}
            rankSort={rankSort}
            onRankClick={onRankClick}
            sortBy={sortBy}
          />
          <LeaderboardTableBody
            rows={rows}
            leafCount={leafCount}
            view={view}
            query={query}
            hydrated={hydrated}
            update={update}
            best={best}
            ciColumns={ciColumns}
            precision={precision}
            rowsById={rowsById}
            columnsById={columnsById}
          />
        </table>
      </div>
      {allRows.length > FIRST_SCREEN_ROWS ? (
        <noscript>
          <p className="text-sm text-fg-muted" data-first-screen>
            {`Without JavaScript this page shows its first ${FIRST_SCREEN_ROWS} rows of ${allRows.length}; the CSV and JSON downloads above hold every row.`}
          </p>
        </noscript>
      ) : null}
      {!showAll ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-fg-muted">
          Showing the first {PAGE_ROWS} of {matching} rows.
          <button type="button" className="text-accent underline underline-offset-2" onClick={() => update({ ...query, all: "1" })}>
            Show all {matching}
          </button>
        </p>
      ) : null}

      {/* Header descriptions for aria-describedby: hidden, so they are not read as part of every cell's header. */}
      <div hidden>
        <span id={`${baseId}-rank-desc`}>{rankMetric ? `Rank by ${rankMetric.label}, ${directionText(rankMetric)}; ties share a rank.` : ""}</span>
        {leaderboard.columns.map((metric, index) => (
          <span key={metric.id} id={`${baseId}-desc-${index}`}>
            {`${metric.description}. ${directionText(metric)}.${metric.kind === "judge" ? " Scored by an LLM judge." : ""}`}
          </span>
        ))}
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <TableKey hasJudge={hasJudge} hasCi={hasCi && query.ci !== "1"} />

      {leaderboard.notes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-[0.8125rem] leading-snug text-fg-muted">
          {leaderboard.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
