"use client";

import Link from "next/link";
import { serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { useTableControls } from "./leaderboard-table-controls";

/** A data version the scope links offer, as the server page builds it from the registry (dataVersionChoices). */
type DataVersionChoice = { slug: string; label: string };

const SPLITS: { value: TableQuery["split"]; label: string }[] = [
  { value: "full", label: "Full benchmark" },
  { value: "test", label: "Test" },
  { value: "validation", label: "Validation" },
  { value: "dev", label: "Dev" },
  { value: "all", label: "All" },
];

export function hrefFor(path: string, query: TableQuery, extra?: Record<string, string>): string {
  const search = serializeTableQuery(query, extra);
  return search ? `${path}?${search}` : path;
}

const pill = (active: boolean) =>
  `rounded-full border px-3 py-1 text-sm ${active ? "border-accent bg-accent text-white dark:text-canvas" : "border-line bg-surface text-fg-muted hover:bg-surface-hover"}`;
/** Data scope: plain links (new data comes from the server), carrying the table state along. */
export function ScopeLinks({
  path,
  query,
  versions,
  dataVersions,
  className = "",
}: {
  path: string;
  query: TableQuery;
  versions: readonly string[];
  dataVersions: readonly DataVersionChoice[];
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-x-6 gap-y-3 ${className}`} data-table-options>
      <nav aria-label="Benchmark" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">Data</span>
        {dataVersions.map((b) => (
          <Link
            key={b.slug}
            href={hrefFor(path, { ...query, benchmark: b.slug, version: undefined, pin: [] })}
            className={pill(query.benchmark === b.slug)}
            aria-current={query.benchmark === b.slug ? "page" : undefined}
          >
            {b.label}
          </Link>
        ))}
      </nav>
      <nav aria-label="Split" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">Split</span>
        {SPLITS.map((s) => (
          <Link
            key={s.value}
            href={hrefFor(path, { ...query, split: s.value, pin: [] })}
            className={pill(query.split === s.value)}
            aria-current={query.split === s.value ? "page" : undefined}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      {versions.length > 0 ? (
        <nav aria-label="Score version" className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-fg-subtle" title="Scorer version of re-scored rows; reported rows always show">
            Scorer
          </span>
          {[undefined, ...versions].map((v) => (
            <Link
              key={v ?? "latest"}
              href={hrefFor(path, { ...query, version: v })}
              className={pill(query.version === v)}
              aria-current={query.version === v ? "page" : undefined}
            >
              {v ?? "latest"}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * ScopeLinks as a LeaderboardTable's `controls`: carrying the table's live query along; on a phone folded into the
 * "Table options", after the search row.
 */
export function TableScopeLinks(props: { path: string; versions: readonly string[]; dataVersions: readonly DataVersionChoice[] }) {
  const { query, folded } = useTableControls();
  return <ScopeLinks {...props} query={query} className={`max-sm:order-last ${folded}`} />;
}
