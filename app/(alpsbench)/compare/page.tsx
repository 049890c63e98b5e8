import type { Metadata } from "next";
import Link from "next/link";
import { formatCount, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { PageHeader } from "@/components/page-header";
import { TierBadge } from "@/components/tier-badge";
import { db } from "@/lib/db/client";
import {
  COMPARE_PARAMS,
  defaultCompareBenchmark,
  getComparison,
  listComparableSystems,
  type CompareMetric,
  type Comparison,
} from "@/lib/benchmarks/alpsbench/read/queries/system-compare";
import { requestedScope } from "@/lib/leaderboard/scope";
import { trackLabel } from "@/lib/benchmarks";
import { SelectOptions } from "@/components/select-options";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Compare systems" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const LETTERS = COMPARE_PARAMS.map((p) => p.toUpperCase());

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  // /compare?a=&b=&c=&d= (the old two-system links are the same URL with c and d absent); empty slots are skipped
  const picked = COMPARE_PARAMS.map((p) => first(query[p])?.trim() || "");
  const slugs = picked.filter((s) => s !== "");
  const database = db();
  const options = await listComparableSystems(database);
  const requested = requestedScope({ benchmark: first(query.benchmark), split: first(query.split) });
  let comparison: Comparison | null = null;
  let problem: string | null = null;
  if (slugs.length >= 2) {
    const benchmark = first(query.benchmark) && requested ? requested.benchmark : await defaultCompareBenchmark(database, slugs);
    const split = requested ? requested.split : "full";
    comparison = benchmark ? await getComparison(database, slugs, { benchmark, split }) : null;
    // The same words for a private-only, hidden or nonexistent system: the one named is the first the public list lacks.
    if (!comparison) problem = `No system "${slugs.find((s) => !options.some((o) => o.slug === s)) ?? slugs[0]}" with public scores.`;
  }
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Compare"
        title={comparison ? comparison.systems.map((s) => s.name).join(" vs ") : "Compare systems"}
        description="Up to four systems, every metric of every task side by side, from the leaderboard's own rows: each system's value with its 95% interval and n, the best in the metric's direction, and whose interval overlaps the best one (the difference may be noise)."
      />
      <Picker options={options} picked={picked} benchmark={comparison?.scope.benchmark ?? null} split={comparison?.scope.split ?? null} />
      {problem ? (
        <p role="alert" className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">
          {problem}
        </p>
      ) : null}
      {comparison ? <ComparisonView comparison={comparison} /> : null}
    </div>
  );
}

function Picker({
  options,
  picked,
  benchmark,
  split,
}: {
  options: { slug: string; name: string }[];
  picked: string[];
  benchmark: string | null;
  split: string | null;
}) {
  const select = "w-full min-w-0 rounded-md border border-line bg-surface px-2 py-1.5 text-sm text-fg";
  const [a, b] = picked;
  return (
    <form method="get" action="/compare" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="compare-picker">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {COMPARE_PARAMS.map((slot, i) => (
          <label key={slot} className="flex min-w-0 flex-col gap-1">
            <span className="text-xs font-medium tracking-wide text-fg-muted uppercase">
              System {LETTERS[i]}
              {i >= 2 ? <span className="font-normal normal-case"> (optional)</span> : null}
            </span>
            <select name={slot} defaultValue={picked[i] ?? ""} className={select} required={i < 2}>
              <option value="">{i < 2 ? "Choose a system…" : "None"}</option>
              <SelectOptions items={options} value={(o) => o.slug} label={(o) => o.name} />
            </select>
          </label>
        ))}
      </div>
      {benchmark ? <input type="hidden" name="benchmark" value={benchmark} /> : null}
      {split ? <input type="hidden" name="split" value={split} /> : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded-md border border-line bg-accent px-4 py-1.5 text-sm font-medium text-canvas hover:bg-accent-strong">
          Compare
        </button>
        {a && b && picked.filter(Boolean).length === 2 ? (
          <Link
            href={`/compare?${new URLSearchParams({ a: b, b: a, ...(benchmark ? { benchmark } : {}), ...(split ? { split } : {}) }).toString()}`}
            className="py-1.5 text-sm text-accent underline underline-offset-2"
          >
            Swap A and B
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { systems, tracks, bestCounts, scope } = comparison;
  return (
    <div className="space-y-5" data-testid="comparison">
      <p className="text-sm text-fg-muted">
        Benchmark <span className="font-mono">{scope.benchmark}</span>, split <span className="font-mono">{scope.split}</span>. Best on:{" "}
        {systems.map((s, i) => (
          <span key={s.slug} data-testid="best-count" data-system={LETTERS[i]}>
            {i > 0 ? "; " : ""}
            <Link href={`/systems/${encodeURIComponent(s.slug)}`} className="text-accent underline underline-offset-2">
              {s.name}
            </Link>{" "}
            <strong className="text-fg">{bestCounts[i]}</strong> metrics
          </span>
        ))}{" "}
        (equal values at the precision shown count for each). Where an interval overlaps the best one, the difference may be noise.
      </p>
      {tracks.length === 0 ? <p className="text-sm text-fg-muted">None of these systems has public scores on this benchmark and split.</p> : null}
      {tracks.map((t) => (
        <div key={t.track} className="overflow-x-auto rounded-lg border border-line bg-surface">
          {/* the cells' look is app/globals.css .cmp-table: one class here, not the same utilities on every cell */}
          <table className="cmp-table" style={{ minWidth: `${8 + systems.length * 9}rem` }} data-testid="compare-table" data-track={t.track}>
            <caption>{trackLabel(t.track)}</caption>
            <colgroup>
              <col className="w-32 sm:w-40" />
              {systems.map((s) => (
                <col key={s.slug} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {/* sticky: on a phone the systems scroll sideways under the metric names */}
                <th scope="col">Metric</th>
                {systems.map((s, i) => (
                  <th key={s.slug} scope="col" data-system={LETTERS[i]}>
                    <span className="block break-words">{s.name}</span>
                    {t.sources[i] ? <TierBadge tier={t.sources[i]!.tier} /> : <small>no scores</small>}
                    {/* the board's mark, as the board shows it beside the row */}
                    {t.sources[i]?.below ? <small data-below>{`below ${t.sources[i]!.below!.system}`}</small> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.metrics.map((m) => (
                <MetricRow key={m.column.id} metric={m} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function MetricRow({ metric }: { metric: CompareMetric }) {
  const { column, comparison: c } = metric;
  return (
    <tr data-metric={column.id} data-best={c.best.map((i) => LETTERS[i]).join(",")}>
      <th scope="row">
        <span title={column.description}>{column.label}</span>
        {column.kind === "judge" ? <span className="judge-badge">judge</span> : null}
        <small>{column.direction === "higher" ? "higher is better" : "lower is better"}</small>
        {c.note === "different_judge_profiles" ? <small>different judge profiles: not ranked</small> : null}
      </th>
      {c.cells.map((cell, i) => {
        const best = c.best.includes(i);
        const overlap = c.overlapsBest[i];
        const value = formatMetric(cell?.value ?? null, column.decimals);
        return (
          <td key={i} data-system={LETTERS[i]} data-lead={best ? "" : undefined} data-overlap={overlap === null ? undefined : String(overlap)}>
            <span className="num block">
              {best ? <em>best</em> : null}
              {value ?? "–"}
            </span>
            <small className="num whitespace-nowrap">
              {formatInterval(cell?.ciLow ?? null, cell?.ciHigh ?? null, column.decimals) ?? ""}
              {cell?.n != null ? ` n=${formatCount(cell.n)}` : ""}
            </small>
            {overlap === null ? null : <small>{overlap ? "interval overlaps the best" : "interval apart from the best"}</small>}
            {/* one row per system (lib/leaderboard/one-row-per-system.ts): the reported figure beside the server's, or standing in for it */}
            {cell?.reportedBy ? (
              <small>{`reported by ${cell.reportedBy}`}</small>
            ) : cell?.otherReported ? (
              <small>{`${cell.otherReported.source}: ${formatMetric(cell.otherReported.value, column.decimals) ?? ""}`}</small>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
