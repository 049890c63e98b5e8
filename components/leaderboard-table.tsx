"use client";

import Link from "next/link";
import { useId, useMemo, useState } from "react";
import {
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type SortingState,
} from "@tanstack/react-table";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { bestIds, ciHalfWidth, competitionRanks, formatCount, formatInterval, formatMetric } from "./format";
import { KindBadge } from "./kind-badge";
import { TierBadge, TierSource } from "./tier-badge";

/*
 * Presentational only: the server hands over a Leaderboard read model, this component sorts it on the
 * client and renders it. Ranks are derived from the visible numbers (components/format.ts); the
 * canonical ranking logic, if it ever differs (CI-aware ties, judge-profile grouping), belongs in
 * lib/leaderboard and should arrive precomputed.
 */

type ColumnMeta =
  | { role: "rank" }
  | { role: "system" }
  | { role: "metric"; metric: LeaderboardColumn; index: number; groupStart: boolean };

// Module scope: TanStack v9 wants a stable features object (it is the table's plugin registry).
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnMeta: metaHelper<ColumnMeta>(),
});
type Features = typeof features;
type Col = ColumnDef<Features, LeaderboardRow, any>;

const helper = createColumnHelper<Features, LeaderboardRow>();

const RANK_ID = "__rank";
const SYSTEM_ID = "__system";

const compareNumbers = (a: { getValue: (id: string) => unknown }, b: { getValue: (id: string) => unknown }, id: string) =>
  (a.getValue(id) as number) - (b.getValue(id) as number);

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function metricColumn(metric: LeaderboardColumn, index: number, groupStart: boolean): Col {
  return helper.accessor(
    // null → undefined: TanStack's sortUndefined only recognises undefined, and we want missing values
    // last in both directions.
    (row) => row.cells[metric.id]?.value ?? undefined,
    {
      id: metric.id,
      header: metric.label,
      sortFn: (a, b, id) => compareNumbers(a, b, id),
      sortUndefined: "last",
      sortDescFirst: metric.direction === "higher",
      meta: { role: "metric", metric, index, groupStart },
    },
  );
}

/** Rank, System, then the metric columns; consecutive columns sharing `group` become one group header. */
function buildColumns(metrics: readonly LeaderboardColumn[]): Col[] {
  const out: Col[] = [
    helper.display({ id: RANK_ID, header: "Rank", enableSorting: false, meta: { role: "rank" } }),
    helper.accessor("systemName", {
      id: SYSTEM_ID,
      header: "System",
      sortFn: (a, b) => collator.compare(a.original.systemName, b.original.systemName),
      sortDescFirst: false,
      meta: { role: "system" },
    }),
  ];
  let i = 0;
  while (i < metrics.length) {
    const first = metrics[i]!;
    if (first.group === undefined) {
      out.push(metricColumn(first, i, i > 0));
      i += 1;
      continue;
    }
    const start = i;
    const children: Col[] = [];
    while (i < metrics.length && metrics[i]!.group === first.group) {
      children.push(metricColumn(metrics[i]!, i, i === start));
      i += 1;
    }
    out.push(helper.group({ id: `__group:${start}:${first.group}`, header: first.group, columns: children }));
  }
  return out;
}

function defaultSorting(leaderboard: Leaderboard): SortingState {
  const metric = leaderboard.columns.find((c) => c.id === leaderboard.defaultSort) ?? leaderboard.columns[0];
  return metric ? [{ id: metric.id, desc: metric.direction === "higher" }] : [];
}

function metaOf(header: Header<Features, LeaderboardRow, unknown>): ColumnMeta | undefined {
  return header.column.columnDef.meta;
}

function directionText(metric: LeaderboardColumn): string {
  return metric.direction === "higher" ? "higher is better" : "lower is better";
}

function missingText(metric: LeaderboardColumn): string {
  return metric.kind === "judge" ? "not judged" : "not reported";
}

function cellTooltip(metric: LeaderboardColumn, cell: MetricCell | undefined): string {
  const value = formatMetric(cell?.value, metric.decimals);
  if (value === null) return `${metric.label}: ${missingText(metric)}`;
  const lines = [`${metric.label} = ${value}`];
  const interval = cell ? formatInterval(cell.ciLow, cell.ciHigh, metric.decimals) : null;
  if (interval) lines.push(`95% CI ${interval}`);
  const n = formatCount(cell?.n);
  if (n) lines.push(`n = ${n}`);
  if (cell?.judgeProfile) lines.push(`judge: ${cell.judgeProfile}`);
  const was = cell?.previous ? formatMetric(cell.previous.value, metric.decimals) : null;
  if (cell?.previous) lines.push(`was ${was ?? "—"} under ${cell.previous.scoreVersion} (re-scored)`);
  return lines.join("\n");
}

/** ▲/▼ and the change since the previous score version, when a re-score moved this value. */
function movedMark(metric: LeaderboardColumn, cell: MetricCell | undefined) {
  const before = cell?.previous?.value;
  const now = cell?.value;
  if (before === undefined || before === null || now === null || now === undefined) return null;
  const delta = now - before;
  if (formatMetric(Math.abs(delta), metric.decimals) === formatMetric(0, metric.decimals)) return null;
  const better = metric.direction === "higher" ? delta > 0 : delta < 0;
  return (
    <span className={`ml-1 text-[0.6875rem] ${better ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      <span aria-hidden="true">{delta > 0 ? "▲" : "▼"}</span>
      <span className="sr-only">{delta > 0 ? "up" : "down"} by </span>
      {formatMetric(Math.abs(delta), metric.decimals)}
      <span className="sr-only"> since {cell?.previous?.scoreVersion}</span>
    </span>
  );
}

export interface LeaderboardTableProps {
  leaderboard: Leaderboard;
  /** accessible name of the table; defaults to leaderboard.title */
  caption?: string;
}

export function LeaderboardTable({ leaderboard, caption }: LeaderboardTableProps) {
  const baseId = useId();
  const columns = useMemo(() => buildColumns(leaderboard.columns), [leaderboard.columns]);
  const initialSorting = useMemo(() => defaultSorting(leaderboard), [leaderboard]);
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [announcement, setAnnouncement] = useState("");

  const table = useTable({
    features,
    columns,
    data: leaderboard.rows,
    getRowId: (row) => row.rowId,
    state: { sorting },
    onSortingChange: setSorting,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });

  const metricsById = useMemo(() => new Map(leaderboard.columns.map((c) => [c.id, c])), [leaderboard.columns]);
  const activeSort = sorting[0];
  const activeMetric = activeSort ? metricsById.get(activeSort.id) : undefined;
  // Ranks follow the sorted metric; while sorted by name they stay those of the default metric.
  const rankMetric =
    activeMetric ?? metricsById.get(leaderboard.defaultSort) ?? leaderboard.columns[0] ?? undefined;

  const ranks = useMemo(() => {
    if (!rankMetric) return new Map<string, number | null>();
    return competitionRanks(
      leaderboard.rows.map((r) => ({ id: r.rowId, value: r.cells[rankMetric.id]?.value })),
      rankMetric.direction,
      rankMetric.decimals,
    );
  }, [leaderboard.rows, rankMetric]);

  const best = useMemo(() => {
    const out = new Map<string, Set<string>>();
    for (const metric of leaderboard.columns) {
      out.set(
        metric.id,
        bestIds(
          leaderboard.rows.map((r) => ({ id: r.rowId, value: r.cells[metric.id]?.value })),
          metric.direction,
          metric.decimals,
        ),
      );
    }
    return out;
  }, [leaderboard.columns, leaderboard.rows]);

  // aria-sort for the Rank column: "ascending" when rows are in rank order (best first) on the ranked metric.
  const rankSort: "ascending" | "descending" | undefined =
    activeMetric && rankMetric && activeMetric.id === rankMetric.id
      ? activeSort!.desc === (activeMetric.direction === "higher")
        ? "ascending"
        : "descending"
      : undefined;

  function announce(next: SortingState) {
    const entry = next[0];
    if (!entry) return;
    const metric = metricsById.get(entry.id);
    const name = metric ? metric.label : "system name";
    const order = metric
      ? entry.desc === (metric.direction === "higher")
        ? "best first"
        : "worst first"
      : entry.desc
        ? "Z to A"
        : "A to Z";
    setAnnouncement(`Sorted by ${name}, ${order}.`);
  }

  function sortBy(next: SortingState) {
    setSorting(next);
    announce(next);
  }

  function onRankClick() {
    if (!rankMetric) return;
    const bestFirst = rankMetric.direction === "higher";
    // First click (or after sorting by name): rank order. Again: reverse.
    sortBy([{ id: rankMetric.id, desc: rankSort === "ascending" ? !bestFirst : bestFirst }]);
  }

  const headerGroups = table.getHeaderGroups();
  const rows = table.getRowModel().rows;
  const leafCount = table.getAllLeafColumns().length;
  const label = caption ?? leaderboard.title;
  const hasJudge = leaderboard.columns.some((c) => c.kind === "judge");
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

  // Fixed widths: the System column's sticky offset must equal the Rank column's width exactly.
  const stickyRank = "sticky left-0 w-10 min-w-10 max-w-10 sm:w-12 sm:min-w-12 sm:max-w-12";
  const stickySystem =
    "sticky left-10 sm:left-12 w-32 min-w-32 max-w-32 sm:w-60 sm:min-w-60 sm:max-w-60 border-r border-line";

  function renderHeader(header: Header<Features, LeaderboardRow, unknown>) {
    const meta = metaOf(header);
    const rowSpan = header.rowSpan > 1 ? header.rowSpan : undefined;
    const base = "border-b border-line bg-surface-muted px-2 py-2 align-bottom text-xs font-medium text-fg-muted sm:px-3";

    // Group header ("d100", "Task 1"): spans its metric columns.
    if (header.subHeaders.length > 0 && !header.isPlaceholder) {
      return (
        <th
          key={header.id}
          colSpan={header.colSpan}
          scope="colgroup"
          className={`${base} border-l text-center font-semibold text-fg`}
        >
          {String(header.column.columnDef.header ?? "")}
        </th>
      );
    }

    if (meta?.role === "rank") {
      return (
        <th
          key={header.id}
          rowSpan={rowSpan}
          scope="col"
          aria-sort={rankSort}
          className={`${base} ${stickyRank} z-10 text-right`}
        >
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

    const column = header.column;
    const sorted = column.getIsSorted();
    const ariaSort = sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;

    if (meta?.role === "system") {
      return (
        <th
          key={header.id}
          rowSpan={rowSpan}
          scope="col"
          aria-sort={ariaSort}
          className={`${base} ${stickySystem} z-10 text-left`}
        >
          <button
            type="button"
            onClick={() => {
              const next = [{ id: column.id, desc: sorted === "asc" }];
              sortBy(next);
            }}
            title="Sort by system name"
            className="inline-flex items-center gap-1 rounded hover:text-fg"
          >
            System
            <SortMark state={sorted} />
          </button>
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
        className={`${base} text-right ${meta.groupStart ? "border-l" : ""}`}
      >
        <button
          type="button"
          onClick={() => {
            const nextDir = column.getNextSortingOrder();
            const next = [{ id: column.id, desc: nextDir === "desc" }];
            column.getToggleSortingHandler()?.(undefined);
            announce(next);
          }}
          aria-describedby={descId}
          title={`${metric.description}\n${directionText(metric)}${metric.kind === "judge" ? "; scored by an LLM judge" : ""}. Click to sort.`}
          className="ml-auto flex flex-col items-end gap-0.5 rounded text-right hover:text-fg"
        >
          <span className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-fg">
            {metric.label}
            <SortMark state={sorted} />
          </span>
          <span aria-hidden="true" className="inline-flex items-center gap-1 font-normal whitespace-nowrap">
            <span className="text-fg-subtle">{metric.direction === "higher" ? "↑" : "↓"}</span>
            {metric.kind === "judge" ? <JudgeTag /> : null}
          </span>
        </button>
      </th>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="relative max-h-[75vh] overflow-auto rounded-lg border border-line bg-surface"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            {label}
            {rankMetric ? `. Ranked by ${rankMetric.label}. Column headers sort the table.` : null}
          </caption>
          <thead className="sticky top-0 z-20">
            {headerGroups.map((group) => (
              <tr key={group.id}>
                {group.headers.filter((h) => h.rowSpan !== 0).map((h) => renderHeader(h))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={leafCount} className="px-4 py-10 text-center text-fg-muted">
                  No results yet.
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const data = row.original;
                const rank = ranks.get(data.rowId) ?? null;
                return (
                  <tr key={row.id} className="group">
                    {row.getAllCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const td = "border-b border-line bg-surface px-2 py-2 align-top group-hover:bg-surface-hover sm:px-3";
                      if (meta?.role === "rank") {
                        return (
                          <td
                            key={cell.id}
                            className={`${td} ${stickyRank} z-[5] text-right font-semibold text-fg num ${TIER_STRIPE[data.tier]}`}
                          >
                            {rank === null ? (
                              <>
                                <span aria-hidden="true" className="font-normal text-fg-subtle">—</span>
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
                          <th
                            key={cell.id}
                            scope="row"
                            className={`${td} ${stickySystem} z-[5] text-left font-normal`}
                          >
                            <SystemCell row={data} />
                          </th>
                        );
                      }
                      if (meta?.role !== "metric") return <td key={cell.id} className={td} />;
                      const metric = meta.metric;
                      const metricCell = data.cells[metric.id];
                      const value = formatMetric(metricCell?.value, metric.decimals);
                      const half = metricCell ? ciHalfWidth(metricCell.ciLow, metricCell.ciHigh) : null;
                      const interval = metricCell ? formatInterval(metricCell.ciLow, metricCell.ciHigh, metric.decimals) : null;
                      const isBest = value !== null && (best.get(metric.id)?.has(data.rowId) ?? false);
                      return (
                        <td
                          key={cell.id}
                          title={cellTooltip(metric, metricCell)}
                          className={`${td} num text-right whitespace-nowrap ${meta.groupStart ? "border-l" : ""}`}
                        >
                          {value === null ? (
                            <>
                              <span aria-hidden="true" className="text-fg-subtle">—</span>
                              <span className="sr-only">{missingText(metric)}</span>
                              {ciColumns.has(metric.id) ? (
                                <span
                                  aria-hidden="true"
                                  className="ml-1 inline-block text-[0.6875rem]"
                                  style={{ width: `${metric.decimals + 3}ch` }}
                                />
                              ) : null}
                            </>
                          ) : (
                            <>
                              <span className={isBest ? "font-semibold text-fg" : "text-fg"}>{value}</span>
                              {isBest ? <span className="sr-only"> (best)</span> : null}
                              {movedMark(metric, metricCell)}
                              {ciColumns.has(metric.id) ? (
                                <span
                                  aria-hidden="true"
                                  className="ml-1 inline-block text-left text-[0.6875rem] text-fg-subtle"
                                  style={{ width: `${metric.decimals + 3}ch` }}
                                >
                                  {half !== null ? `±${formatMetric(half, metric.decimals)}` : ""}
                                </span>
                              ) : null}
                              {interval ? <span className="sr-only">, 95% CI {interval}</span> : null}
                            </>
                          )}
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

      {/* Header descriptions for aria-describedby: hidden, so they are not read as part of every cell's header. */}
      <div hidden>
        <span id={`${baseId}-rank-desc`}>
          {rankMetric ? `Rank by ${rankMetric.label}, ${directionText(rankMetric)}; ties share a rank.` : ""}
        </span>
        {leaderboard.columns.map((metric, index) => (
          <span key={metric.id} id={`${baseId}-desc-${index}`}>
            {`${metric.description}. ${directionText(metric)}.${metric.kind === "judge" ? " Scored by an LLM judge." : ""}`}
          </span>
        ))}
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <TableKey hasJudge={hasJudge} hasCi={hasCi} />

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

const TIER_STRIPE: Record<LeaderboardRow["tier"], string> = {
  reported: "shadow-[inset_3px_0_0_var(--color-tier-reported)]",
  rescored: "shadow-[inset_3px_0_0_var(--color-tier-rescored)]",
  verified: "shadow-[inset_3px_0_0_var(--color-tier-verified)]",
};

function SortMark({ state }: { state: false | "asc" | "desc" }) {
  if (!state) {
    return (
      <span aria-hidden="true" className="text-[0.625rem] text-fg-subtle opacity-60">
        ⇅
      </span>
    );
  }
  return (
    <span aria-hidden="true" className="text-[0.625rem] text-accent">
      {state === "desc" ? "▼" : "▲"}
    </span>
  );
}

function JudgeTag() {
  return (
    <span className="rounded border border-judge-line bg-judge-bg px-1 text-[0.625rem] leading-[0.875rem] font-medium tracking-wide text-judge-fg uppercase">
      judge
    </span>
  );
}

function SystemCell({ row }: { row: LeaderboardRow }) {
  const details = [
    row.organisation,
    row.backbone && row.backbone !== row.systemName ? row.backbone : null,
    row.openWeights ? "open weights" : null,
  ].filter((part): part is string => Boolean(part));
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Link
        href={`/systems/${encodeURIComponent(row.systemSlug)}`}
        prefetch={false}
        className="truncate font-medium text-fg underline-offset-2 hover:text-accent hover:underline"
        title={row.systemName}
      >
        {row.systemName}
      </Link>
      {details.length > 0 ? (
        <span className="truncate text-xs text-fg-muted" title={details.join(" · ")}>
          {details.join(" · ")}
        </span>
      ) : null}
      {/* Phones keep the sticky column narrow: tier only; kind and source from the sm breakpoint. */}
      <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        <TierBadge tier={row.tier} />
        <span className="hidden sm:contents">
          <KindBadge kind={row.kind} />
          {row.tier === "reported" ? <TierSource sourceUrl={row.sourceUrl} sourceLabel={row.sourceLabel} /> : null}
        </span>
      </span>
      {row.note ? (
        <span className="hidden text-xs text-fg-subtle sm:line-clamp-2" title={row.note}>
          {row.note}
        </span>
      ) : null}
    </div>
  );
}

function TableKey({ hasJudge, hasCi }: { hasJudge: boolean; hasCi: boolean }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      <span>
        <span aria-hidden="true">↑ / ↓</span> higher / lower is better
      </span>
      {hasJudge ? (
        <span className="inline-flex items-center gap-1">
          <JudgeTag /> scored by an LLM judge
        </span>
      ) : null}
      {hasCi ? <span>± half-width of the 95% bootstrap CI (hover a value for the interval and n)</span> : null}
      <span>— {hasJudge ? "not reported / not judged" : "not reported"}</span>
      <span>bold: best in column</span>
    </p>
  );
}
