"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, useTransition } from "react";
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type Header,
  type SortingState,
} from "@tanstack/react-table";
import {
  applyTableQuery,
  bestCandidates,
  FIRST_SCREEN_ROWS,
  organisationsOf,
  PAGE_ROWS,
  withPin,
  withSort,
  type ServerSlice,
} from "@/lib/leaderboard/apply-table-query";
import { detailLabel, shownColumns, toggleDetail } from "@/lib/leaderboard/detail-columns";
import { precisionFromEntries, publishedDecimalsOf } from "@/lib/leaderboard/published-decimals";
import { noisedDecimals } from "@/lib/leaderboard/noised-figure";
import { bestIds } from "@/lib/leaderboard/rank";
import { readTableQuery, serializeTableQuery, SYSTEM_SORT, type TableQuery } from "@/lib/leaderboard/table-state";
import { unpackBoard, type PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import type { LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";
import { ciHalfWidth, formatInterval, formatMetric, formatPublished } from "./format";
import { columnCss, type CssColumn } from "./leaderboard-column-css";
import { cellTooltip, directionText, JudgeTag, MovedMark, PIN_TITLE, SortMark, submittedText, SystemCell, systemTooltip, TableKey } from "./leaderboard-table-cells";
import { tierMarkNote } from "./tier-badge";
import { foldedOnPhone, LeaderboardTableToolbar, NoScriptOptions } from "./leaderboard-table-toolbar";
import { ScopeLinks, type DataVersionChoice } from "./leaderboard-scope-links";

/*
 * The server hands over the Leaderboard read model and the URL's table query; filtering, sorting and ranking
 * run through lib/leaderboard/apply-table-query.ts (the same function the download API runs), so the server
 * render, the client and a CSV agree row for row. Every change is written back to the URL (replaceState).
 */

type ColumnMeta =
  | { role: "rank" }
  | { role: "system" }
  | { role: "metric"; metric: LeaderboardColumn; index: number; groupStart: boolean }
  | { role: "ci"; metric: LeaderboardColumn };

// Module scope: TanStack v9 wants a stable features object (it is the table's plugin registry).
const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<ColumnMeta>(),
});
type Features = typeof features;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one array holds columns of different value types (TanStack's own advice)
type Col = ColumnDef<Features, LeaderboardRow, any>;

const helper = createColumnHelper<Features, LeaderboardRow>();

const RANK_ID = "__rank";
const subscribeNothing = () => () => {};
const hydratedSnapshot = () => true;
const serverSnapshot = () => false;
const ciId = (metricId: string) => `${metricId}__ci`;

function metricColumns(metric: LeaderboardColumn, index: number, groupStart: boolean): Col[] {
  return [
    helper.accessor((row) => row.cells[metric.id]?.value ?? undefined, {
      id: metric.id,
      header: metric.label,
      meta: { role: "metric", metric, index, groupStart },
    }),
    helper.display({ id: ciId(metric.id), header: "95% CI", enableSorting: false, meta: { role: "ci", metric } }),
  ];
}

/** Rank, System, then the metric columns (each followed by its CI column); a shared `group` becomes one group header. */
function buildColumns(metrics: readonly LeaderboardColumn[]): Col[] {
  const out: Col[] = [
    helper.display({ id: RANK_ID, header: "Rank", enableSorting: false, meta: { role: "rank" } }),
    helper.accessor("systemName", { id: SYSTEM_SORT, header: "System", meta: { role: "system" } }),
  ];
  let i = 0;
  while (i < metrics.length) {
    const first = metrics[i]!;
    if (first.group === undefined) {
      out.push(...metricColumns(first, i, i > 0));
      i += 1;
      continue;
    }
    const start = i;
    const children: Col[] = [];
    while (i < metrics.length && metrics[i]!.group === first.group) {
      children.push(...metricColumns(metrics[i]!, i, i === start));
      i += 1;
    }
    out.push(helper.group({ id: `__group:${start}:${first.group}`, header: first.group, columns: children }));
  }
  return out;
}

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
  /**
   * Names show whole, wrapped where need be, in a System column that takes the room the figures leave, instead of
   * being cut to one line (from `sm` up; a phone keeps the cut and shows a name whole when tapped). For boards whose
   * names differ at their end, as PersonalLLM's run configurations do ("KShotICL · 5-shot · winning_only" and
   * "… · winning_and_losing").
   */
  wrapNames?: boolean;
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
  wrapNames = false,
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

  // the board's detail columns are folded away until asked for (lib/leaderboard/detail-columns.ts)
  const shown = useMemo(() => shownColumns(view.columns, query), [view.columns, query]);
  const foldable = useMemo(() => detailLabel(leaderboard.columns), [leaderboard.columns]);
  const columnVisibility = useMemo(() => {
    const ids = new Set(shown.map((c) => c.id));
    const out: ColumnVisibilityState = {};
    for (const c of leaderboard.columns) {
      out[c.id] = ids.has(c.id);
      out[ciId(c.id)] = ids.has(c.id) && query.ci === "1";
    }
    return out;
  }, [leaderboard.columns, shown, query.ci]);
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
    for (const metric of shown) {
      out.set(metric.id, bestIds(bestCandidates(view.rows, metric.id), metric.direction, metric.decimals));
    }
    return out;
  }, [shown, view.rows]);

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
  // Until the browser has measured it (the server's HTML, no JavaScript), a table with its detail columns open is
  // taken not to fit: spilling over, it made the whole page scroll sideways (PersonalLLM's 13 columns: 1,829 px).
  const regionRef = useRef<HTMLDivElement>(null);
  const [fits, setFits] = useState(() => !shown.some((c) => c.detail === true));
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
  const hasJudge = shown.some((c) => c.kind === "judge");
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

  /*
   * Hover notes (title) of the body: the interval, n and judge of a value, a system's details, the uploader, the
   * pin button. Written when the pointer or keyboard focus reaches an element, from the row's data, instead of
   * being in the HTML of every cell (a 50-row Task 4 page carried 120 KB of them). The note is rewritten on every
   * visit, so it always describes the cell's current data.
   */
  const rowsById = useMemo(() => new Map(leaderboard.rows.map((r) => [r.rowId, r])), [leaderboard.rows]);
  // the precision each publication printed each column at (0.090 stays 0.090, not 0.09)
  const precision = useMemo(() => precisionFromEntries(packed.precision), [packed.precision]);
  const columnsById = useMemo(() => new Map(leaderboard.columns.map((c) => [c.id, c])), [leaderboard.columns]);
  function hoverNote(event: { target: EventTarget }) {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest("td, .lb-name, [data-submitted-by], [data-pin], .lb-tier");
    const record = rowsById.get(element?.closest("tr")?.getAttribute("data-row-id") ?? "");
    if (!element || !record) return;
    let note: string | null;
    // a value cell's column: the <col> at its index (cells carry no column id of their own)
    const metricId =
      element instanceof HTMLTableCellElement
        ? (element.closest("table")?.querySelectorAll("colgroup > col")[element.cellIndex]?.getAttribute("data-column") ?? null)
        : null;
    if (element instanceof HTMLTableCellElement && metricId === null) return;
    if (metricId !== null) {
      const metric = columnsById.get(metricId);
      note = metric ? cellTooltip(metric, record.cells[metricId]) : null;
    } else if (element.classList.contains("lb-tier")) {
      note = tierMarkNote(record.tier, record.sourceLabel);
    } else if (element.hasAttribute("data-pin")) {
      note = element.getAttribute("aria-pressed") === "true" ? "Unpin" : PIN_TITLE;
    } else if (element.hasAttribute("data-submitted-by")) {
      note = submittedText(record);
    } else {
      note = systemTooltip(record);
    }
    if (note !== null && element.getAttribute("title") !== note) element.setAttribute("title", note);
  }

  /** A metric header's hover note (its description, direction, judge), written when the pointer or focus reaches it. */
  function headerNote(event: { target: EventTarget }) {
    const button = event.target instanceof Element ? event.target.closest("th[data-column] button") : null;
    const metric = columnsById.get(button?.closest("th")?.getAttribute("data-column") ?? "");
    if (!button || !metric) return;
    const note = `${metric.description}\n${directionText(metric)}${metric.kind === "judge" ? "; scored by an LLM judge" : ""}. Click to sort.`;
    if (button.getAttribute("title") !== note) button.setAttribute("title", note);
  }

  function renderHeader(header: Header<Features, LeaderboardRow, unknown>) {
    const meta = header.column.columnDef.meta;
    const rowSpan = header.rowSpan > 1 ? header.rowSpan : undefined;
    // short classes (app/globals.css .lb-th…): repeated utility strings and notes made a Task 4 header 17 KB
    const base = "lb-th";

    if (header.subHeaders.length > 0 && !header.isPlaceholder) {
      return (
        <th key={header.id} colSpan={header.colSpan} scope="colgroup" className="lb-th lb-th-group">
          {String(header.column.columnDef.header ?? "")}
        </th>
      );
    }

    if (meta?.role === "rank") {
      return (
        <th key={header.id} rowSpan={rowSpan} scope="col" aria-sort={rankSort} className="lb-th lb-th-rank">
          <button
            type="button"
            onClick={onRankClick}
            aria-describedby={`${baseId}-rank-desc`}
            title={rankMetric ? `Rank by ${rankMetric.label} (ties share a rank). Click to sort.` : "Rank"}
            className="inline-flex items-center gap-0.5 rounded hover:text-fg"
          >
            <span aria-hidden="true">#</span>
            <span className="sr-only">Rank</span>
            <SortMark state={rankSort === "ascending" ? "asc" : rankSort === "descending" ? "desc" : false} />
          </button>
        </th>
      );
    }

    const sorted = header.column.getIsSorted();
    const ariaSort = sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;

    if (meta?.role === "system") {
      return (
        <th key={header.id} rowSpan={rowSpan} scope="col" aria-sort={ariaSort} className="lb-th lb-th-sys">
          <button type="button" onClick={() => sortBy(SYSTEM_SORT)} title="Sort by system name" className="inline-flex items-center gap-1 rounded hover:text-fg">
            System
            <SortMark state={sorted} />
          </button>
        </th>
      );
    }

    if (meta?.role === "ci") {
      return (
        <th key={header.id} rowSpan={rowSpan} scope="col" className={`${base} text-left whitespace-nowrap`} title={`95% bootstrap CI of ${meta.metric.label}`}>
          95% CI
        </th>
      );
    }

    if (meta?.role !== "metric") return <th key={header.id} rowSpan={rowSpan} className={base} />;
    const { metric } = meta;
    const descId = `${baseId}-desc-${meta.index}`;
    return (
      <th
        key={header.id}
        rowSpan={rowSpan}
        scope="col"
        aria-sort={ariaSort}
        data-column={metric.id}
        className={meta.groupStart ? "lb-th lb-th-num border-l" : "lb-th lb-th-num"}
      >
        {/* its hover note (the metric's description) is written on hover: headerNote */}
        <button type="button" onClick={() => sortBy(metric.id)} aria-describedby={descId} className="lb-hb">
          <span className="lb-hl">
            {metric.label}
            <SortMark state={sorted} />
          </span>
          <span className="lb-hd">
            <span aria-hidden="true">{metric.direction === "higher" ? "↑" : "↓"}</span>
            <span className="sr-only">{directionText(metric)}</span>
            {metric.kind === "judge" ? <JudgeTag /> : null}
          </span>
        </button>
      </th>
    );
  }

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
          visibleIds={shown.map((c) => c.id)}
          detail={
            foldable
              ? {
                  label: foldable,
                  count: leaderboard.columns.filter((c) => c.detail === true).length,
                  shown: shown.some((c) => c.detail === true),
                  onToggle: () => update(toggleDetail(leaderboard.columns, shown, query)),
                }
              : null
          }
          tableId={`${baseId}-region`}
        />
      </div>
      {view.unknownColumns.length > 0 ? (
        <p role="status" className="text-sm text-fg-muted">
          This view has no column {view.unknownColumns.map((c) => `“${c}”`).join(", ")}; it was ignored.
        </p>
      ) : null}
      <div
        role="region"
        id={`${baseId}-region`}
        aria-label={label}
        aria-busy={pending || stale || undefined}
        data-stale={stale || undefined}
        tabIndex={0}
        ref={regionRef}
        data-density={query.density}
        data-names={wrapNames ? "wrap" : undefined}
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
          <thead className="sticky top-0 z-20" onMouseOver={headerNote} onFocus={headerNote}>
            {headerGroups.map((group) => (
              <tr key={group.id}>{group.headers.filter((h) => h.rowSpan !== 0).map((h) => renderHeader(h))}</tr>
            ))}
          </thead>
          <tbody className="lb-body" onMouseOver={hoverNote} onFocus={hoverNote}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={leafCount} className="px-4 py-10 text-center text-fg-muted">
                  {view.total === 0 ? "No results yet." : "No system matches these filters."}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const record = row.original;
                const rank = view.ranks.get(record.rowId) ?? null;
                const pinned = view.pinned.has(record.rowId);
                return (
                  <tr
                    key={row.id}
                    data-row-id={record.rowId}
                    data-tier={record.tier}
                    data-pinned={pinned ? "true" : undefined}
                    data-baseline={record.kind === "baseline" ? "true" : undefined}
                    className={record.kind === "baseline" ? "bg-surface-muted/60 italic" : undefined}
                  >
                    {row.getVisibleCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      if (meta?.role === "rank") {
                        return (
                          <td key={cell.id}>
                            {rank === null && record.kind === "baseline" ? (
                              <span className="text-xs font-normal text-fg-subtle" title="Reference baseline: drawn where it lands, never ranked">
                                ref
                                <span className="sr-only"> (reference baseline, unranked)</span>
                              </span>
                            ) : rank === null ? (
                              <>
                                <span aria-hidden="true" className="font-normal text-fg-subtle">
                                  —
                                </span>
                                <span className="sr-only">unranked</span>
                              </>
                            ) : (
                              rank
                            )}
                          </td>
                        );
                      }
                      if (meta?.role === "system") {
                        return (
                          <th key={cell.id} scope="row">
                            <SystemCell
                              row={record}
                              pinned={pinned}
                              density={query.density}
                              pinnable={hydrated}
                              onTogglePin={() => update(withPin(query, record.rowId))}
                            />
                          </th>
                        );
                      }
                      if (meta?.role === "ci") {
                        const c = record.cells[meta.metric.id];
                        const interval = c ? formatInterval(c.ciLow, c.ciHigh, noisedDecimals(c, meta.metric.decimals)) : null;
                        return (
                          <td key={cell.id} data-ci={meta.metric.id} className="num text-left whitespace-nowrap text-fg-muted">
                            {interval ?? <span className="text-fg-subtle">—</span>}
                          </td>
                        );
                      }
                      if (meta?.role !== "metric") return <td key={cell.id} />;
                      const metric = meta.metric;
                      const metricCell = record.cells[metric.id];
                      // copied figures keep the precision they were published with (0.446, not 0.4460)
                      // a noised test figure at the resolution it was rounded to (0.42, not 0.4200)
                      const shownDecimals = noisedDecimals(metricCell, metric.decimals);
                      const value =
                        record.tier === "reported"
                          ? formatPublished(metricCell?.value, metric.decimals, publishedDecimalsOf(precision, metric.id, record.sourceLabel))
                          : formatMetric(metricCell?.value, shownDecimals);
                      const half = metricCell ? ciHalfWidth(metricCell.ciLow, metricCell.ciHigh) : null;
                      const isBest = value !== null && (best.get(metric.id)?.has(record.rowId) ?? false);
                      // the ± slot of a column with CIs: the half-width (read as "plus or minus"); a row without one
                      // gets an empty slot of the same width from columnCss, so the values stay on one edge.
                      const slot = ciColumns.has(metric.id) && query.ci !== "1";
                      // A cell is its text: the column's styles are in columnCss, a missing value is an empty cell (the
                      // dash and the words "not reported"/"not judged" are the stylesheet's), an empty "±" slot too.
                      if (value === null) return <td key={cell.id} />;
                      return (
                        <td key={cell.id}>
                          {metricCell?.noised ? (
                            <abbr title="Published with random noise and rounded (the server's test-figure noise is on): not exact, not comparable at a finer precision">
                              ≈
                            </abbr>
                          ) : null}
                          {isBest ? <b>{value}</b> : value}
                          {isBest ? <span className="sr-only"> (best)</span> : null}
                          <MovedMark metric={metric} cell={metricCell} />
                          {slot && half !== null ? <i>{`±${formatMetric(half, shownDecimals)}`}</i> : null}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
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
