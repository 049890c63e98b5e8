import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LeaderboardTable } from "@/components/leaderboard-table";
import { QualityCostSection } from "@/components/charts/quality-cost-section";
import { PageHeader } from "@/components/page-header";
import { TierLegend } from "@/components/tier-legend";
import { tableProps } from "@/lib/leaderboard/table-props";
import { BenchmarkCharts } from "./benchmark-charts";
import { benchmarkPageTitle, pageSubject } from "./page-subject";
import { readTableQuery } from "@/lib/leaderboard/table-state";
import { cliCommand } from "@/lib/platform/site";
import { declarePageParams } from "@/lib/page-cache/page-params";
import { SelectOptions } from "@/components/select-options";

type Search = Record<string, string | string[] | undefined>;
/** The route's params: /benchmarks/<id> has no view (its default view), /benchmarks/<id>/<view> names one. */
type RouteProps = { params: Promise<{ benchmark: string; view?: string }>; searchParams: Promise<Search> };

/** The benchmark's name in the tab's title (the site's name alone said nothing of which benchmark). */
export async function generateMetadata({ params }: Pick<RouteProps, "params">): Promise<Metadata> {
  const { benchmark, view = "" } = await params;
  const title = benchmarkPageTitle(benchmark, view);
  return title ? { title } : {};
}

/**
 * The page of /benchmarks/<id>, a benchmark module's default view (e.g. /benchmarks/personalllm), and of
 * /benchmarks/<id>/<view>, one of its other views (e.g. /benchmarks/personalllm/selection); both route files re-export it.
 */
export default async function BenchmarkRoute({ params, searchParams }: RouteProps) {
  const { benchmark, view = "" } = await params;
  return <BenchmarkPage benchmarkId={benchmark} viewId={view} search={await searchParams} />;
}

function toParams(search: Search): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, item);
  return params;
}

/**
 * A registered benchmark module's view as a page: its views as tabs, the module's settings as a filter form
 * (plain GET: the URL is the permalink), the shared leaderboard table, and the module's charts. A pipeline
 * benchmark's view is drawn the same way when it has no page of its own and declares `loadView` (page-subject.ts).
 */
export async function BenchmarkPage({ benchmarkId, viewId, search }: { benchmarkId: string; viewId: string; search: Search }) {
  const params = toParams(search);
  const benchmark = pageSubject(benchmarkId, viewId, params.toString());
  // a bad settings filter falls back to no filter on pages (the API names the bad parameter)
  let loaded = await benchmark.load(params);
  if (loaded && !loaded.ok) loaded = await benchmark.load(new URLSearchParams());
  if (!loaded || !loaded.ok) notFound();
  const { view } = loaded;
  // the page cache keys this URL by its settings and the table query, and drops any other parameter
  declarePageParams(`/benchmarks/${benchmarkId}${viewId ? `/${viewId}` : ""}`, view.attributeKeys);
  const query = readTableQuery(search);
  const path = `/benchmarks/${benchmark.id}${viewId ? `/${viewId}` : ""}`;
  const values = (key: string) =>
    [
      ...new Set(
        [...view.attributes.values()]
          .map((a) => a[key])
          .filter((v) => v !== null && v !== undefined)
          .map(String),
      ),
    ].sort();
  // the charts are fetched when scrolled to (benchmark-charts.tsx); here only whether the view has any
  const charts = benchmark.charts(view);
  // the view's settings and its split (a table-query parameter: a module with splits shows one split's board)
  const chartParams = new URLSearchParams([...params].filter(([key]) => key === "split" || view.attributeKeys.includes(key)));
  chartParams.set("format", "charts");
  const chartsUrl = `/api/v1/leaderboards/${benchmark.id}${viewId ? `/${viewId}` : ""}?${chartParams}`;
  // the legend explains the tiers this view has (PersonalLLM has no re-scored AlpsBench outputs); all four when empty
  const tiers = [...new Set(view.board.rows.map((r) => r.tier))];
  // the settings worth a filter (more than one value in the view), and how many the URL sets
  const settingKeys = view.attributeKeys.filter((key) => values(key).length > 1);
  const activeSettings = settingKeys.filter((key) => (params.get(key) ?? "") !== "").length;
  const table = tableProps(view.board, query);
  return (
    <div className="space-y-4">
      {/* as on the task pages, the table comes right after a short header, the view tabs and the settings form; the
          upload link and the tier legend follow it (the legend above the table kept all but 5 rows below the fold) */}
      <PageHeader
        eyebrow={
          view.syntheticData
            ? `${benchmark.title} · synthetic evaluation data on this server (not the ${benchmark.credit.dataLicence} dataset)`
            : `${benchmark.title} · ${benchmark.credit.dataLicence} data`
        }
        title={view.board.title}
        className="pb-3"
        actions={
          <a
            href={`/api/v1/snapshot?benchmark=${benchmark.id}`}
            className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover"
            title={`Every ${benchmark.title} view as one versioned JSON file (CSV zip: see API)`}
          >
            Download snapshot
          </a>
        }
      />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        {/* one scrolling line of tabs on a phone (four tabs took two lines), wrapping from `sm` up */}
        <nav aria-label={`${benchmark.title} views`} className="-mx-1 flex w-full gap-2 overflow-x-auto px-1 text-sm sm:mx-0 sm:w-auto sm:flex-wrap sm:px-0">
          {benchmark.views.map((v) => {
            const href = `/benchmarks/${benchmark.id}${v.id ? `/${v.id}` : ""}`;
            const current = v.id === viewId;
            return (
              <a
                key={v.id || "default"}
                href={href}
                aria-current={current ? "page" : undefined}
                className={`shrink-0 rounded-md border px-3 py-1 whitespace-nowrap ${current ? "border-accent bg-surface font-semibold text-fg" : "border-line text-fg-muted hover:bg-surface-hover"}`}
              >
                {v.tab ?? v.title}
              </a>
            );
          })}
        </nav>
        {/* On a phone the settings fold behind one "Settings" button (a CSS-only toggle: it works without JavaScript),
            as the table's options do, and open as a three-column grid; from `sm` up they are always shown in a line.
            Open they took half a phone's first screen (5 of 19 rows visible). */}
        {settingKeys.length > 0 ? (
          <>
            <input
              type="checkbox"
              id={`${benchmark.id}-settings`}
              // out of the tab order and the accessibility tree from `sm` up, where the settings always show
              className="peer sr-only sm:hidden"
              aria-label="Show the settings filters"
              aria-controls={`${benchmark.id}-settings-form`}
            />
            <label
              htmlFor={`${benchmark.id}-settings`}
              className="cursor-pointer rounded-md border border-line bg-surface px-3 py-1 text-sm font-medium text-fg peer-checked:bg-surface-hover peer-focus-visible:ring-2 peer-focus-visible:ring-accent sm:hidden"
            >
              Settings{activeSettings > 0 ? ` (${activeSettings} set)` : ""} ▾
            </label>
          </>
        ) : null}
        <form
          id={`${benchmark.id}-settings-form`}
          method="get"
          action={path}
          className="hidden w-full grid-cols-3 items-end gap-2 text-sm max-sm:peer-checked:grid sm:flex sm:w-auto sm:flex-wrap sm:gap-3"
          aria-label="Filter by settings"
        >
          {settingKeys.map((key) => (
            <label key={key} className="flex min-w-0 flex-col gap-0.5 text-xs text-fg-muted">
              {key.replace("_", " ")}
              <select
                name={key}
                defaultValue={params.get(key) ?? ""}
                className="w-full min-w-0 rounded-md border border-line bg-surface px-2 py-1 text-sm text-fg sm:w-auto"
              >
                <option value="">any</option>
                <SelectOptions items={values(key)} value={(v) => v} label={(v) => v} />
              </select>
            </label>
          ))}
          <button type="submit" className="rounded-md border border-line bg-surface px-3 py-1 font-medium text-fg hover:bg-surface-hover">
            Apply
          </button>
        </form>
      </div>
      {view.board.rows.length === 0 && [...params.keys()].length === 0 ? (
        <p role="status" data-benchmark-empty className="rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg-muted">
          Nothing of {benchmark.title} is on this server yet.
          {benchmark.importers ? (
            <>
              {" "}
              An operator loads it with <code className="font-mono text-[0.8125rem]">{cliCommand("import --from <folder>")}</code>, where the folder holds{" "}
              {benchmark.importers.join(", or ")}.
            </>
          ) : null}
        </p>
      ) : null}
      <LeaderboardTable {...table} query={query} viewSlug={`${benchmark.id}${viewId ? `/${viewId}` : ""}`} caption={view.board.title} wrapNames />
      {/* drawn only where at least three ranked rows report their run's cost */}
      <QualityCostSection board={table.leaderboard} />
      <p className="max-w-3xl text-[0.9375rem] leading-relaxed text-pretty text-fg-muted">{benchmark.description}</p>
      <p className="text-sm text-fg-muted">
        Add your method:{" "}
        <a className="text-accent underline underline-offset-2" href={`/submit?benchmark=${benchmark.id}`}>
          upload a {benchmark.trackIds.join(" or ")} file
        </a>
        ; the server checks it, scores it and ranks it here as a submitted row (format on{" "}
        <a className="text-accent underline underline-offset-2" href={`/api-docs#api-${benchmark.id}`}>
          the API page
        </a>
        ).
      </p>
      <TierLegend tiers={tiers.length > 0 ? tiers : undefined} />
      {charts.length > 0 ? <BenchmarkCharts url={chartsUrl} /> : null}
      <p className="text-sm text-fg-muted">
        {benchmark.credit.citation}. Data {benchmark.credit.dataLicence}
        {view.syntheticData ? " (the re-scored rows here use a synthetic evaluation set, not this data)" : ""}, code {benchmark.credit.codeLicence} (
        <a className="underline" href={benchmark.credit.url}>
          source
        </a>
        ).
      </p>
    </div>
  );
}
