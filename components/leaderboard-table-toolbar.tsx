"use client";

import { ModelFactFilters } from "./model-fact-filters";
import { useRef, useState, type ReactNode } from "react";
import { visibleColumns } from "@/lib/leaderboard/apply-table-query";
import { shownColumns } from "@/lib/leaderboard/detail-columns";
import { DEFAULT_TABLE_QUERY, serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { RESULT_TIERS, SYSTEM_KINDS } from "@/lib/leaderboard/enums";
import type { Leaderboard } from "@/lib/leaderboard/types";
import { KIND_LABEL } from "./kind-badge";
import { hrefFor } from "./leaderboard-scope-links";
import { TIER_LABEL } from "./tier-badge";
import { useDismiss } from "./use-dismiss";

const button = "rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover";
/** a toggle button while on (aria-pressed) */
const pressedButton = "rounded-md border border-accent bg-accent-soft px-3 py-1.5 text-sm font-medium text-accent";

/**
 * On a phone the secondary controls (data scope, filters, columns, density, links and downloads) fold behind one
 * "Table options" button, so that the first screen shows ranked rows rather than four lines of controls. These
 * classes hide a part below the `sm` breakpoint while the options are closed; from `sm` up, everything shows as before.
 */
export const foldedOnPhone = (open: boolean) => (open ? "" : "max-sm:hidden");

/**
 * Without JavaScript the button cannot open anything: then the folded parts stay visible on a phone too
 * (the scope links are plain links that work without it).
 */
export function NoScriptOptions() {
  return (
    <noscript>
      <style>{"@media (max-width:639.98px){[data-table-options]{display:flex!important}[data-table-options-toggle]{display:none!important}}"}</style>
    </noscript>
  );
}

function Menu({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // The menu's contents are mounted when it opens: closed, they are hidden from everyone anyway, and every
  // organisation and column checkbox was in each page's HTML (scripts/bench/README.md, page weight).
  const [open, setOpen] = useState(false);
  // A disclosure that behaves like a menu: Escape and a click elsewhere close it.
  useDismiss(ref, open, (escape) => {
    if (!ref.current) return;
    ref.current.open = false;
    if (escape) ref.current.querySelector("summary")?.focus();
  });
  return (
    <details ref={ref} className="relative" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={`${button} cursor-pointer list-none select-none`}>
        {label}
        {count > 0 ? <span className="ml-1 rounded-full bg-accent-soft px-1.5 text-xs text-accent">{count}</span> : null}
        <span aria-hidden="true" className="ml-1 text-fg-subtle">
          ▾
        </span>
      </summary>
      {open ? (
        <div className="absolute left-0 z-30 mt-1 max-h-80 w-72 max-w-[85vw] overflow-auto rounded-md border border-line bg-surface p-3 shadow-lg">{children}</div>
      ) : null}
    </details>
  );
}

function Check({ checked, onChange, children, name }: { checked: boolean; onChange: () => void; children: ReactNode; name?: string }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 py-0.5 text-sm text-fg">
      <input type="checkbox" checked={checked} onChange={onChange} name={name} className="accent-[var(--color-accent)]" />
      {children}
    </label>
  );
}

const toggle = <T,>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

interface ToolbarProps {
  board: Leaderboard;
  query: TableQuery;
  setQuery: (next: TableQuery) => void;
  organisations: readonly string[];
  viewSlug: string;
  /** rows matching the query, and rows in the leaderboard */
  shown: number;
  total: number;
  /** ids of the metric columns the table shows now */
  visibleIds: readonly string[];
  /** phone only: whether the "Table options" are open (foldedOnPhone), and how to toggle them */
  optionsOpen: boolean;
  onToggleOptions: () => void;
  /** the id of the element the options button controls */
  optionsId: string;
  /** the toggle of the board's detail columns (lib/leaderboard/detail-columns.ts), or null when it has none */
  detail: { label: string; count: number; shown: boolean; onToggle: () => void } | null;
  /** the id of the table's region, which the detail toggle changes */
  tableId: string;
}

/** Search, filters, column picker, permalink and downloads of the current view. */
export function LeaderboardTableToolbar({
  board,
  query,
  setQuery,
  organisations,
  viewSlug,
  shown,
  total,
  visibleIds,
  optionsOpen,
  onToggleOptions,
  optionsId,
  detail,
  tableId,
}: ToolbarProps) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const filterCount =
    query.kind.length +
    query.tier.length +
    query.org.length +
    (query.weights ? 1 : 0) +
    (query.runs === "all" ? 1 : 0) +
    (query.flagged === "1" ? 1 : 0) +
    (query.open === "1" ? 1 : 0) +
    (query.params_max ? 1 : 0) +
    query.license.length;
  const visible = new Set(visibleIds);
  // the columns shown without a `cols` parameter: every column with a value in the view (its detail columns when
  // they are open)
  const withValues = visibleColumns(board, { ...query, cols: [] });
  const defaults = shownColumns(withValues, { ...query, cols: [] }).map((c) => c.id);
  const hidden = query.cols.length === 0 ? board.columns.length - withValues.length : 0;
  // a download holds every column of the view, the folded detail columns too (`detail` is display only)
  const download = (format: "csv" | "json") => hrefFor(`/api/v1/leaderboards/${viewSlug}`, { ...query, all: "0", ci: "0", detail: "0" }, { format });
  const isDefault = serializeTableQuery({ ...query, benchmark: DEFAULT_TABLE_QUERY.benchmark, split: DEFAULT_TABLE_QUERY.split, version: undefined }) === "";

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2000);
  }

  function setColumn(id: string) {
    const next = board.columns.filter((c) => (c.id === id ? !visible.has(id) : visible.has(c.id))).map((c) => c.id);
    // The default set is written as no parameter. No column at all is not a table: keep the last one.
    if (next.length === 0) return;
    setQuery({ ...query, cols: next.join(",") === defaults.join(",") ? [] : next });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={query.q ?? ""}
          onChange={(e) => setQuery({ ...query, q: e.target.value === "" ? undefined : e.target.value })}
          placeholder="Search systems"
          aria-label="Search systems by name, organisation or backbone"
          maxLength={100}
          className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-1.5 text-sm text-fg placeholder:text-fg-subtle sm:w-56 sm:flex-none"
        />
        <button
          type="button"
          className={`${button} sm:hidden`}
          aria-expanded={optionsOpen}
          aria-controls={optionsId}
          onClick={onToggleOptions}
          data-table-options-toggle
        >
          Table options
          {filterCount > 0 ? <span className="ml-1 rounded-full bg-accent-soft px-1.5 text-xs text-accent">{filterCount}</span> : null}
          <span aria-hidden="true" className="ml-1 text-fg-subtle">
            {optionsOpen ? "▴" : "▾"}
          </span>
        </button>
        {/* from sm up this wrapper takes no box (display: contents): its controls sit in the row as before */}
        <div id={optionsId} data-table-options className={`flex w-full flex-wrap items-center gap-2 sm:contents ${foldedOnPhone(optionsOpen)}`}>
          <Menu label="Filters" count={filterCount}>
            <fieldset className="mb-3">
              <legend className="mb-1 text-xs font-semibold text-fg-muted uppercase">Kind</legend>
              {SYSTEM_KINDS.map((kind) => (
                <Check key={kind} name="kind" checked={query.kind.includes(kind)} onChange={() => setQuery({ ...query, kind: toggle(query.kind, kind) })}>
                  {KIND_LABEL[kind]}
                </Check>
              ))}
            </fieldset>
            <fieldset className="mb-3">
              <legend className="mb-1 text-xs font-semibold text-fg-muted uppercase">Tier</legend>
              {RESULT_TIERS.map((tier) => (
                <Check key={tier} name="tier" checked={query.tier.includes(tier)} onChange={() => setQuery({ ...query, tier: toggle(query.tier, tier) })}>
                  {TIER_LABEL[tier]}
                </Check>
              ))}
            </fieldset>
            <fieldset className="mb-3">
              <legend className="mb-1 text-xs font-semibold text-fg-muted uppercase">Runs</legend>
              <Check name="runs" checked={query.runs === "all"} onChange={() => setQuery({ ...query, runs: query.runs === "all" ? "best" : "all" })}>
                every run (default: each system&apos;s best per tier)
              </Check>
              <Check name="flagged" checked={query.flagged === "1"} onChange={() => setQuery({ ...query, flagged: query.flagged === "1" ? "0" : "1" })}>
                show flagged runs (never ranked)
              </Check>
            </fieldset>
            <label className="mb-3 flex flex-col gap-1 text-xs font-semibold text-fg-muted uppercase">
              Weights
              <select
                value={query.weights ?? ""}
                onChange={(e) => setQuery({ ...query, weights: e.target.value === "open" || e.target.value === "closed" ? e.target.value : undefined })}
                className="rounded border border-line bg-surface px-2 py-1 text-sm font-normal text-fg normal-case"
              >
                <option value="">open and closed</option>
                <option value="open">open weights</option>
                <option value="closed">closed weights</option>
              </select>
            </label>
            <ModelFactFilters query={query} setQuery={setQuery} />
            {organisations.length > 0 ? (
              <fieldset>
                <legend className="mb-1 text-xs font-semibold text-fg-muted uppercase">Organisation</legend>
                {organisations.map((org) => (
                  <Check key={org} name="org" checked={query.org.includes(org)} onChange={() => setQuery({ ...query, org: toggle(query.org, org) })}>
                    {org}
                  </Check>
                ))}
              </fieldset>
            ) : null}
          </Menu>
          <Menu label="Columns" count={visible.size}>
            <Check checked={query.ci === "1"} onChange={() => setQuery({ ...query, ci: query.ci === "1" ? "0" : "1" })}>
              95% CI as a column
            </Check>
            <hr className="my-2 border-line" />
            {board.columns.map((c) => (
              <Check key={c.id} name="column" checked={visible.has(c.id)} onChange={() => setColumn(c.id)}>
                {c.group ? <span className="text-fg-subtle">{c.group} · </span> : null}
                {c.label}
              </Check>
            ))}
            <div className="mt-2 flex flex-wrap gap-x-3">
              <button
                type="button"
                className="text-sm text-accent underline"
                onClick={() => setQuery({ ...query, cols: board.columns.length === defaults.length ? [] : board.columns.map((c) => c.id) })}
              >
                Show all columns
              </button>
              <button type="button" className="text-sm text-accent underline" onClick={() => setQuery({ ...query, cols: [] })}>
                Columns with values
              </button>
            </div>
            <p className="mt-1 text-xs text-fg-muted">By default, columns with no value in any row of this view are hidden.</p>
          </Menu>
          {detail ? (
            <button
              type="button"
              className={detail.shown ? pressedButton : button}
              aria-pressed={detail.shown}
              aria-controls={tableId}
              onClick={detail.onToggle}
              data-detail-toggle
              title={`${detail.count} columns, ${detail.shown ? "shown: click to fold them away" : "folded away: click to show them"} (the downloads always hold them)`}
            >
              {detail.label}
              <span className="ml-1 rounded-full bg-surface-muted px-1.5 text-xs text-fg-muted">
                {detail.count}
                <span className="sr-only"> columns</span>
              </span>
            </button>
          ) : null}
          <div role="group" aria-label="Row density" className="inline-flex overflow-hidden rounded-md border border-line text-sm">
            {(["compact", "comfortable"] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={query.density === d}
                data-density-option={d}
                onClick={() => setQuery({ ...query, density: d })}
                title={d === "compact" ? "One line per row (organisation and source on hover)" : "Organisation, kind and source under each name"}
                className={`px-2.5 py-1.5 ${query.density === d ? "bg-accent-soft font-medium text-accent" : "bg-surface text-fg-muted hover:bg-surface-hover"}`}
              >
                {d === "compact" ? "Compact" : "Comfortable"}
              </button>
            ))}
          </div>
          {hidden > 0 ? (
            <span className="text-xs text-fg-subtle" data-testid="hidden-columns">
              {hidden} empty {hidden === 1 ? "column" : "columns"} hidden
            </span>
          ) : null}
        </div>
        {!isDefault ? (
          <button
            type="button"
            className="text-sm text-accent underline underline-offset-2"
            onClick={() => setQuery({ ...DEFAULT_TABLE_QUERY, benchmark: query.benchmark, split: query.split, version: query.version })}
          >
            Reset view
          </button>
        ) : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-fg-muted sm:ml-auto">
          <span aria-live="polite" data-testid="row-count">
            {shown === total ? `${shown} rows` : `${shown} of ${total} rows`}
          </span>
          <span className={`flex flex-wrap gap-2 ${foldedOnPhone(optionsOpen)}`} data-table-options>
            <button type="button" className={button} onClick={copyLink} title="Copy a link to exactly this view">
              {copied === "done" ? "Link copied" : copied === "failed" ? "Copy the address bar" : "Copy link"}
            </button>
            <a className={button} href={download("csv")} download data-download="csv">
              CSV
            </a>
            <a className={button} href={download("json")} download data-download="json">
              JSON
            </a>
          </span>
        </span>
      </div>
    </div>
  );
}
