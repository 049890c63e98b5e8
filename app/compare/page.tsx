import type { Metadata } from "next";
import Link from "next/link";
import { formatCount, formatInterval, formatMetric } from "@/components/format";
import { PageHeader } from "@/components/page-header";
import { TierBadge } from "@/components/tier-badge";
import { db } from "@/lib/db/client";
import { defaultCompareBenchmark, getComparison, type CompareMetric, type Comparison } from "@/lib/db/queries/system-compare";
import { listComparableSystems } from "@/lib/db/queries/system-page";
import { ScopeQuery } from "@/lib/leaderboard/scope";
import { TRACK_LABELS } from "@/lib/tracks";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Compare two systems" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const a = first(query.a)?.trim() || "";
  const b = first(query.b)?.trim() || "";
  const database = db();
  const options = await listComparableSystems(database);
  const requested = ScopeQuery.safeParse({ benchmark: first(query.benchmark), split: first(query.split) });
  let comparison: Comparison | null = null;
  let problem: string | null = null;
  if (a && b) {
    const benchmark = first(query.benchmark) && requested.success ? requested.data.benchmark : await defaultCompareBenchmark(database, a, b);
    const split = requested.success ? requested.data.split : "full";
    comparison = benchmark ? await getComparison(database, a, b, { benchmark, split }) : null;
    if (!comparison) problem = `No system "${options.some((o) => o.slug === a) ? b : a}" with public scores.`;
  }
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Compare"
        title={comparison ? `${comparison.a.name} vs ${comparison.b.name}` : "Compare two systems"}
        description="Every metric of every task, side by side, from the leaderboard's own rows: the difference, which system is better in the metric's direction, and whether the 95% confidence intervals overlap."
      />
      <Picker options={options} a={a} b={b} benchmark={comparison?.scope.benchmark ?? null} split={comparison?.scope.split ?? null} />
      {problem ? (
        <p role="alert" className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">
          {problem}
        </p>
      ) : null}
      {comparison ? <ComparisonView comparison={comparison} /> : null}
    </div>
  );
}

function Picker({ options, a, b, benchmark, split }: { options: { slug: string; name: string }[]; a: string; b: string; benchmark: string | null; split: string | null }) {
  const select = "w-full min-w-0 rounded-md border border-line bg-surface px-2 py-1.5 text-sm text-fg";
  return (
    <form method="get" action="/compare" className="grid items-end gap-3 rounded-lg border border-line bg-surface p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto]" data-testid="compare-picker">
      {(["a", "b"] as const).map((side) => (
        <label key={side} className="flex min-w-0 flex-col gap-1">
          <span className="text-xs font-medium tracking-wide text-fg-muted uppercase">System {side.toUpperCase()}</span>
          <select name={side} defaultValue={side === "a" ? a : b} className={select} required>
            <option value="">Choose a system…</option>
            {options.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      {benchmark ? <input type="hidden" name="benchmark" value={benchmark} /> : null}
      {split ? <input type="hidden" name="split" value={split} /> : null}
      <button type="submit" className="rounded-md border border-line bg-accent px-4 py-1.5 text-sm font-medium text-canvas hover:bg-accent-strong">
        Compare
      </button>
      {a && b ? (
        <Link
          href={`/compare?${new URLSearchParams({ a: b, b: a, ...(benchmark ? { benchmark } : {}), ...(split ? { split } : {}) }).toString()}`}
          className="py-1.5 text-sm text-accent underline underline-offset-2"
        >
          Swap A and B
        </Link>
      ) : null}
    </form>
  );
}

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { a, b, tracks, wins, scope } = comparison;
  return (
    <div className="space-y-5" data-testid="comparison">
      <p className="text-sm text-fg-muted">
        Benchmark <span className="font-mono">{scope.benchmark}</span>, split <span className="font-mono">{scope.split}</span>. Better on{" "}
        <strong className="text-fg">{wins.a}</strong> metrics: {a.name}; on <strong className="text-fg">{wins.b}</strong>: {b.name}; {wins.tie} equal at the
        precision shown. Where the intervals overlap, the difference may be noise.{" "}
        <Link href={`/systems/${encodeURIComponent(a.slug)}`} className="text-accent underline underline-offset-2">
          {a.name}
        </Link>{" "}
        ·{" "}
        <Link href={`/systems/${encodeURIComponent(b.slug)}`} className="text-accent underline underline-offset-2">
          {b.name}
        </Link>
      </p>
      {tracks.length === 0 ? <p className="text-sm text-fg-muted">Neither system has public scores on this benchmark and split.</p> : null}
      {tracks.map((t) => (
        <div key={t.track} className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full min-w-[44rem] table-fixed text-sm" data-testid="compare-table" data-track={t.track}>
            <caption className="px-4 pt-3 pb-2 text-left font-medium text-fg">{TRACK_LABELS[t.track]}</caption>
            <colgroup>
              <col className="w-40" />
              <col />
              <col />
              <col className="w-32" />
              <col className="w-52" />
            </colgroup>
            <thead className="bg-surface-muted text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium sm:px-4">Metric</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="block">{a.name}</span>
                  {t.a ? <TierBadge tier={t.a.tier} /> : <span className="text-xs font-normal">no scores</span>}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="block">{b.name}</span>
                  {t.b ? <TierBadge tier={t.b.tier} /> : <span className="text-xs font-normal">no scores</span>}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">A − B</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Better</th>
              </tr>
            </thead>
            <tbody>
              {t.metrics.map((m) => (
                <MetricRow key={m.column.id} metric={m} aName={a.name} bName={b.name} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function Value({ cell, decimals, bold }: { cell: CompareMetric["comparison"]["a"]; decimals: number; bold: boolean }) {
  const value = formatMetric(cell?.value ?? null, decimals);
  return (
    <>
      <span className={`num block ${bold ? "font-semibold text-fg" : "text-fg"}`}>{value ?? "–"}</span>
      <span className="num block text-xs whitespace-nowrap text-fg-subtle">
        {formatInterval(cell?.ciLow ?? null, cell?.ciHigh ?? null, decimals) ?? ""}
        {cell?.n != null ? ` n=${formatCount(cell.n)}` : ""}
      </span>
    </>
  );
}

function MetricRow({ metric, aName, bName }: { metric: CompareMetric; aName: string; bName: string }) {
  const { column, comparison: c } = metric;
  const diff = c.difference === null ? null : formatMetric(c.difference, column.decimals);
  const signed = diff === null ? "–" : c.difference! > 0 && !/^0\.?0*$/.test(diff) ? `+${diff}` : diff;
  const better =
    c.winner === "a" ? aName : c.winner === "b" ? bName : c.winner === "tie" ? "equal" : c.note === "different_judge_profiles" ? "not ranked" : "–";
  const overlap =
    c.note === "different_judge_profiles"
      ? "different judge profiles: not comparable"
      : c.ciOverlap === null
        ? null
        : c.ciOverlap
          ? "intervals overlap"
          : "intervals do not overlap";
  return (
    <tr className="border-t border-line align-top" data-metric={column.id} data-winner={c.winner ?? ""}>
      <th scope="row" className="px-3 py-2 text-left font-normal text-fg sm:px-4">
        <span title={column.description}>{column.label}</span>
        {column.kind === "judge" ? (
          <span className="ml-2 rounded-full border border-judge-line bg-judge-bg px-1.5 py-px text-[0.6875rem] font-medium whitespace-nowrap text-judge-fg">judge</span>
        ) : null}
        <span className="block text-xs text-fg-subtle">{column.direction === "higher" ? "higher is better" : "lower is better"}</span>
      </th>
      <td className="px-3 py-2 text-right">
        <Value cell={c.a} decimals={column.decimals} bold={c.winner === "a"} />
      </td>
      <td className="px-3 py-2 text-right">
        <Value cell={c.b} decimals={column.decimals} bold={c.winner === "b"} />
      </td>
      <td className="num px-3 py-2 text-right text-fg" data-testid="difference">
        {signed}
      </td>
      <td className="px-3 py-2 text-left">
        <span className="block text-fg">{better}</span>
        {overlap ? <span className="block text-xs text-fg-subtle">{overlap}</span> : null}
      </td>
    </tr>
  );
}
