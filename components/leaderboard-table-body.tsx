"use client";

import type { Row } from "@tanstack/react-table";
import { withPin } from "@/lib/leaderboard/apply-table-query";
import { publishedDecimalsOf } from "@/lib/leaderboard/published-decimals";
import { noisedDecimals } from "@/lib/leaderboard/noised-figure";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import { ciHalfWidth, formatInterval, formatMetric, formatPublished } from "@/lib/leaderboard/format";
import type { Features } from "./leaderboard-table-columns";
import { cellTooltip, MARK_SELECTOR, markNote, MovedMark, PIN_TITLE, submittedText, SystemCell, systemTooltip } from "./leaderboard-table-cells";
import { tierMarkNote } from "./tier-badge";
import type { LeaderboardTableState } from "./use-leaderboard-table";

/** The table's body: a row per system (rank, system, values and CIs), or what an empty view says. */
export function LeaderboardTableBody({
  state,
  rows,
  leafCount,
}: {
  state: LeaderboardTableState;
  /** the rows drawn (the first screen's until hydrated) */
  rows: readonly Row<Features, LeaderboardRow>[];
  /** the number of visible leaf columns (what an empty view's cell spans) */
  leafCount: number;
}) {
  const { view, query, hydrated, update, best, ciColumns, precision, rowsById, columnsById } = state;

  /*
   * Hover notes (title) of the body: the interval, n and judge of a value, a system's details, the uploader, the
   * pin button. Written when the pointer or keyboard focus reaches an element, from the row's data, instead of
   * being in the HTML of every cell (a 50-row Task 4 page carried 120 KB of them). The note is rewritten on every
   * visit, so it always describes the cell's current data.
   */
  function hoverNote(event: { target: EventTarget }) {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest(`td, .lb-name, [data-submitted-by], [data-pin], .lb-tier, ${MARK_SELECTOR}`);
    const record = rowsById.get(element?.closest("tr")?.getAttribute("data-row-id") ?? "");
    if (!element || !record) return;
    let note: string | null;
    // a value cell's column: the <col> at its index (cells carry no column id of their own)
    const metricId =
      element instanceof HTMLTableCellElement
        ? (element.closest("table")?.querySelectorAll("colgroup > col")[element.cellIndex]?.getAttribute("data-column") ?? null)
        : null;
    if (element instanceof HTMLTableCellElement && metricId === null) return;
    if (element.matches(MARK_SELECTOR)) {
      note = markNote(element, record);
    } else if (metricId !== null) {
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

  return (
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
                        <span className="text-xs font-normal text-fg-subtle" data-ref-rank>
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
                // a reported figure standing in a re-scored row (reportedBy: one row per system) is copied too
                const publishedBy = record.tier === "reported" ? record.sourceLabel : (metricCell?.reportedBy ?? undefined);
                const value =
                  publishedBy !== undefined
                    ? formatPublished(metricCell?.value, metric.decimals, publishedDecimalsOf(precision, metric.id, publishedBy))
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
  );
}
