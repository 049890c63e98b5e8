import Link from "next/link";
import type { ScopeQuery } from "@/lib/leaderboard/scope";

const BENCHMARKS = [
  { slug: "alpsbench-v1", label: "AlpsBench" },
  { slug: "demo", label: "Demo (synthetic)" },
];
const SPLITS: { value: ScopeQuery["split"]; label: string }[] = [
  { value: "full", label: "Full benchmark" },
  { value: "test", label: "Test" },
  { value: "validation", label: "Validation" },
  { value: "dev", label: "Dev" },
  { value: "all", label: "All" },
];

function href(path: string, scope: ScopeQuery): string {
  const params = new URLSearchParams();
  if (scope.benchmark !== "alpsbench-v1") params.set("benchmark", scope.benchmark);
  if (scope.split !== "full") params.set("split", scope.split);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Plain links, so the choice lives in the URL and works without JavaScript. */
export function ScopeSwitcher({ path, scope }: { path: string; scope: ScopeQuery }) {
  const pill = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? "border-accent bg-accent text-white" : "border-line bg-surface text-fg-muted hover:bg-surface-hover"}`;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <nav aria-label="Benchmark" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">Data</span>
        {BENCHMARKS.map((b) => (
          <Link key={b.slug} href={href(path, { ...scope, benchmark: b.slug })} className={pill(scope.benchmark === b.slug)} aria-current={scope.benchmark === b.slug ? "page" : undefined}>
            {b.label}
          </Link>
        ))}
      </nav>
      <nav aria-label="Split" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">Split</span>
        {SPLITS.map((s) => (
          <Link key={s.value} href={href(path, { ...scope, split: s.value })} className={pill(scope.split === s.value)} aria-current={scope.split === s.value ? "page" : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

export function downloadHref(view: string, scope: ScopeQuery, format: "csv" | "json"): string {
  const params = new URLSearchParams({ format, benchmark: scope.benchmark, split: scope.split });
  return `/api/v1/leaderboards/${view}?${params.toString()}`;
}

export function DownloadLinks({ view, scope }: { view: string; scope: ScopeQuery }) {
  const cls = "rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover";
  return (
    <div className="flex gap-2">
      <a className={cls} href={downloadHref(view, scope, "csv")} download>
        Download CSV
      </a>
      <a className={cls} href={downloadHref(view, scope, "json")} download>
        Download JSON
      </a>
    </div>
  );
}
