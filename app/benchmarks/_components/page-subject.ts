import { notFound, redirect } from "next/navigation";
import { getBenchmark, getHostedBenchmark } from "@/lib/benchmarks";
import { loadBenchmarkView } from "@/lib/benchmarks/load-benchmark-view";
import { type BenchmarkChart, type BenchmarkIdentity, isPipelineBenchmark, type LoadedView, type LoadViewResult } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/client";

/**
 * What /benchmarks/<id>[/<view>] draws, whichever kind the benchmark is: a module (its views read through the
 * platform's `loadBenchmarkView`), or a pipeline benchmark with no page of its own that declares `loadView`. A
 * pipeline benchmark with its own page (AlpsBench at "/") is redirected there, and any other is a 404.
 */
interface PageSubject extends Pick<BenchmarkIdentity, "id" | "title" | "description" | "credit"> {
  views: readonly { id: string; title: string; tab?: string }[];
  trackIds: readonly string[];
  /** what its data importers read, for the empty board's message; null: it imports no folder through the platform */
  importers: readonly string[] | null;
  load(params: URLSearchParams): Promise<LoadViewResult>;
  charts(view: LoadedView): BenchmarkChart[];
}

export function pageSubject(benchmarkId: string, viewId: string, query: string): PageSubject {
  const benchmark = getBenchmark(benchmarkId);
  if (benchmark) {
    return {
      ...benchmark,
      trackIds: benchmark.tracks.map((t) => t.id),
      importers: benchmark.importers.map((i) => i.describe),
      load: (params) => loadBenchmarkView(db(), benchmark, viewId, params),
      charts: (view) => benchmark.charts(viewId, view),
    };
  }
  const hosted = getHostedBenchmark(benchmarkId);
  if (!hosted || !isPipelineBenchmark(hosted)) notFound();
  // a benchmark with its own pages (AlpsBench at "/"): /benchmarks/<id>[/<view>] is its page by the common form
  const page = hosted.pageOf(viewId);
  if (page) redirect(query ? `${page}?${query}` : page);
  const loadView = hosted.loadView?.bind(hosted);
  // an undeclared view is a 404 before the benchmark reads anything
  if (!loadView || !hosted.views.some((v) => v.id === viewId)) notFound();
  return {
    id: hosted.id,
    title: hosted.title,
    description: hosted.description,
    credit: hosted.credit,
    views: hosted.views,
    trackIds: hosted.tracks.map((t) => t.id),
    importers: null,
    load: (params) => loadView(db(), viewId, params),
    charts: () => [],
  };
}

/**
 * The page's <title>: the view's title with its benchmark's ("<view> · <benchmark>" where the view's does not name
 * it; the layout appends the site's name), so a tab or a bookmark says which benchmark it is; the benchmark's title
 * alone on its default view. Null for an unknown benchmark (its page
 * is a 404).
 */
export function benchmarkPageTitle(benchmarkId: string, viewId: string): string | null {
  const benchmark = getBenchmark(benchmarkId) ?? getHostedBenchmark(benchmarkId);
  if (!benchmark) return null;
  const view = viewId ? benchmark.views.find((v) => v.id === viewId) : undefined;
  if (!view) return benchmark.title;
  // a view's title that already names its benchmark ("PersonalLLM · selection among 8 candidates") stands alone
  return view.title.includes(benchmark.title) ? view.title : `${view.title} · ${benchmark.title}`;
}
