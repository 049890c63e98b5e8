"use client";

import { useId, type ReactNode } from "react";
import { FIRST_SCREEN_ROWS, PAGE_ROWS, type ServerSlice } from "@/lib/leaderboard/apply-table-query";
import { toggleDetail } from "@/lib/leaderboard/detail-columns";
import type { TableQuery } from "@/lib/leaderboard/table-state";
import type { PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import { columnCss, type CssColumn } from "./leaderboard-column-css";
import { directionText, TableKey } from "./leaderboard-table-cells";
import { LeaderboardTableBody } from "./leaderboard-table-body";
import { TableControlsContext } from "./leaderboard-table-controls";
import { LeaderboardTableHead } from "./leaderboard-table-head";
import { foldedOnPhone, LeaderboardTableToolbar, NoScriptOptions } from "./leaderboard-table-toolbar";
import { useLeaderboardTable } from "./use-leaderboard-table";
import { useTableFits } from "./use-table-fits";

/*
 * The leaderboard table's view: the toolbar, the table (header and body: leaderboard-table-head.tsx and -body.tsx)
 * and what follows it, drawn from the state useLeaderboardTable holds (use-leaderboard-table.ts). Every change
 * of the table's query is written back to the URL (replaceState).
 */

interface LeaderboardTableProps {
  /** the read model packed for the page (lib/leaderboard/packed-board.ts, via tableProps) */
  leaderboard: PackedLeaderboard;
  /** the URL's table query, parsed on the server with lib/leaderboard/table-state.ts */
  query: TableQuery;
  /** API view slug for the download links (`overview`, `task1`, …) */
  viewSlug: string;
  /** accessible name of the table; defaults to leaderboard.title */
  caption?: string;
  /** set for large leaderboards: `leaderboard.rows` is the server's page of rows for `query` (lib/leaderboard tableProps) */
  server?: ServerSlice | null;
  /**
   * The page's own controls above the table, before the toolbar (a benchmark's data scope, split and scorer
   * links: TableScopeLinks); they read the table's live query with useTableControls (leaderboard-table-controls.ts).
   */
  controls?: ReactNode;
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
  caption,
  server = null,
  controls,
  wrapNames = false,
}: LeaderboardTableProps) {
  const state = useLeaderboardTable({ packed, initialQuery, server });
  const {
    leaderboard,
    query,
    update,
    announcement,
    optionsOpen,
    toggleOptions,
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
    rankMetric,
    ciColumns,
  } = state;
  const baseId = useId();
  // Until the browser has measured it (the server's HTML, no JavaScript), a table with its detail columns open is
  // taken not to fit: spilling over, it made the whole page scroll sideways (PersonalLLM's 13 columns: 1,829 px).
  const { regionRef, fits } = useTableFits(!shown.some((c) => c.detail === true));

  const leafColumns = table.getVisibleLeafColumns();
  const allRows = table.getRowModel().rows;
  // The server's HTML has the rows of a first screen; the rest of the page's rows (they are in the props anyway) are
  // drawn on hydration. A 50-row page was every row twice, as markup and as props: 50 KB of a 1,000-system Task 4
  // page's 145 KB was the rows' markup (scripts/bench/README.md, page weight).
  const rows = hydrated ? allRows : allRows.slice(0, FIRST_SCREEN_ROWS);
  const leafCount = leafColumns.length;
  const label = caption ?? leaderboard.title;
  const hasJudge = shown.some((c) => c.kind === "judge");
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

  return (
    <div className="flex flex-col gap-2">
      {/* on a phone the page's controls fold into the "Table options" */}
      <div className="flex flex-col gap-2">
        <TableControlsContext value={{ query, folded: foldedOnPhone(optionsOpen) }}>{controls}</TableControlsContext>
        <NoScriptOptions />
        <LeaderboardTableToolbar
          optionsOpen={optionsOpen}
          onToggleOptions={toggleOptions}
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
          <LeaderboardTableHead state={state} baseId={baseId} />
          <LeaderboardTableBody state={state} rows={rows} leafCount={leafCount} />
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
