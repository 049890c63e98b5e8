"use client";

import type { Header } from "@tanstack/react-table";
import { SYSTEM_SORT } from "@/lib/leaderboard/table-state";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import type { Features } from "./leaderboard-table-columns";
import { directionText, JudgeTag, SortMark } from "./leaderboard-table-cells";
import type { LeaderboardTableState } from "./use-leaderboard-table";

/**
 * The table's header rows: the sort buttons of Rank, System and each metric, group headers, and their hover notes.
 * `baseId` (the table's useId) prefixes the ids of the header descriptions.
 */
export function LeaderboardTableHead({ state, baseId }: { state: LeaderboardTableState; baseId: string }) {
  const { table, columnsById, rankMetric, rankSort, onRankClick, sortBy } = state;

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
    <thead className="sticky top-0 z-20" onMouseOver={headerNote} onFocus={headerNote}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>{group.headers.filter((h) => h.rowSpan !== 0).map((h) => renderHeader(h))}</tr>
      ))}
    </thead>
  );
}
