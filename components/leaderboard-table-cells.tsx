import Link from "next/link";
import type { LeaderboardColumn, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { formatCount, formatInterval, formatMetric } from "./format";
import { KindBadge } from "./kind-badge";
import { TierBadge, TierSource } from "./tier-badge";

/* Presentational pieces of components/leaderboard-table.tsx. */

export function directionText(metric: LeaderboardColumn): string {
  return metric.direction === "higher" ? "higher is better" : "lower is better";
}

export function missingText(metric: LeaderboardColumn): string {
  return metric.kind === "judge" ? "not judged" : "not reported";
}

/** The hover note of a value: interval, n, the judge profile behind a judge number, and what a re-score moved. */
export function cellTooltip(metric: LeaderboardColumn, cell: MetricCell | undefined): string {
  const value = formatMetric(cell?.value, metric.decimals);
  if (value === null) return `${metric.label}: ${missingText(metric)}`;
  const lines = [`${metric.label} = ${value} (${directionText(metric)})`];
  const interval = cell ? formatInterval(cell.ciLow, cell.ciHigh, metric.decimals) : null;
  lines.push(interval ? `95% CI ${interval}` : "95% CI not available");
  const n = formatCount(cell?.n);
  if (n) lines.push(`n = ${n}`);
  if (metric.kind === "judge") lines.push(`judge: ${cell?.judgeProfile ?? "unknown profile"}`);
  const was = cell?.previous ? formatMetric(cell.previous.value, metric.decimals) : null;
  if (cell?.previous) lines.push(`was ${was ?? "—"} under ${cell.previous.scoreVersion} (re-scored)`);
  return lines.join("\n");
}

/** ▲/▼ and the change since the previous score version, when a re-score moved this value. */
export function MovedMark({ metric, cell }: { metric: LeaderboardColumn; cell: MetricCell | undefined }) {
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

export const TIER_STRIPE: Record<LeaderboardRow["tier"], string> = {
  reported: "shadow-[inset_3px_0_0_var(--color-tier-reported)]",
  rescored: "shadow-[inset_3px_0_0_var(--color-tier-rescored)]",
  verified: "shadow-[inset_3px_0_0_var(--color-tier-verified)]",
};

export function SortMark({ state }: { state: false | "asc" | "desc" }) {
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

export function JudgeTag() {
  return (
    <span className="rounded border border-judge-line bg-judge-bg px-1 text-[0.625rem] leading-[0.875rem] font-medium tracking-wide text-judge-fg uppercase">
      judge
    </span>
  );
}

function PinIcon() {
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="shrink-0">
      <path d="M4 1.5h4l-.6 3 2 2H2.6l2-2zM6 6.5v4" fill="currentColor" stroke="currentColor" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}

export function SystemCell({ row, pinned, onTogglePin }: { row: LeaderboardRow; pinned: boolean; onTogglePin: () => void }) {
  const details = [
    row.organisation,
    row.backbone && row.backbone !== row.systemName ? row.backbone : null,
    row.openWeights ? "open weights" : null,
  ].filter((part): part is string => Boolean(part));
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="flex min-w-0 items-start gap-1">
        <Link
          href={`/systems/${encodeURIComponent(row.systemSlug)}`}
          prefetch={false}
          className="min-w-0 flex-1 truncate font-medium text-fg underline-offset-2 hover:text-accent hover:underline"
          title={row.systemName}
        >
          {row.systemName}
        </Link>
        <button
          type="button"
          onClick={onTogglePin}
          aria-pressed={pinned}
          aria-label={`${pinned ? "Unpin" : "Pin"} ${row.systemName}${pinned ? "" : " to the top"}`}
          title={pinned ? "Unpin" : "Pin to the top while sorting and filtering"}
          data-pin={row.rowId}
          className={`rounded p-0.5 ${pinned ? "text-accent" : "text-fg-subtle opacity-40 group-hover:opacity-100 focus-visible:opacity-100"} hover:text-accent`}
        >
          <PinIcon />
        </button>
      </span>
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
          <span className="font-medium">Note:</span> {row.note}
        </span>
      ) : null}
    </div>
  );
}

export function TableKey({ hasJudge, hasCi }: { hasJudge: boolean; hasCi: boolean }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      <span>
        <span aria-hidden="true">↑ / ↓</span> higher / lower is better
      </span>
      {hasJudge ? (
        <span className="inline-flex items-center gap-1">
          <JudgeTag /> scored by an LLM judge (hover a value for the judge profile)
        </span>
      ) : null}
      {hasCi ? <span>± half-width of the 95% bootstrap CI (hover a value for the interval and n)</span> : null}
      <span>— {hasJudge ? "not reported / not judged" : "not reported"}</span>
      <span>bold: best in column</span>
      <span>ranks: ties at the precision shown share a rank</span>
    </p>
  );
}
