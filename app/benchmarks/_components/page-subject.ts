import { notFound, redirect } from "next/navigation";
import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { BenchmarkChart, BenchmarkIdentity, LoadedView, LoadViewResult } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/client";

/**
 * What /benchmarks/<id>[/<view>] draws: the view as its benchmark's `pageView` capability reads it (the platform's
 * `loadBenchmarkView` of one-call uploads, or its own `loadView`). A view with a page of its own (AlpsBench's at
 * "/") is redirected there, and a benchmark with no page for its views is a 404.
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
  if (!benchmark) notFound();
  const { pageOf, pageView } = capabilitiesOf(benchmark);
  // a benchmark with its own pages (AlpsBench at "/"): /benchmarks/<id>[/<view>] is its page by the common form
  const page = pageOf(viewId);
  if (page) redirect(query ? `${page}?${query}` : page);
  if (!pageView) notFound();
  return {
    id: benchmark.id,
    title: benchmark.title,
    description: benchmark.description,
    credit: benchmark.credit,
    views: benchmark.views,
    trackIds: benchmark.tracks.map((t) => t.id),
    importers: benchmark.importers?.map((i) => i.describe) ?? null,
    load: (params) => pageView(db(), viewId, params),
    charts: (view) => benchmark.charts?.(viewId, view) ?? [],
  };
}

/**
 * The page's <title>: the view's title with its benchmark's ("<view> · <benchmark>" where the view's does not name
 * it; the layout appends the site's name), so a tab or a bookmark says which benchmark it is; the benchmark's title
 * alone on its default view. Null for an unknown benchmark (its page
 * is a 404).
 */
export function benchmarkPageTitle(benchmarkId: string, viewId: string): string | null {
  const benchmark = getBenchmark(benchmarkId);
  if (!benchmark) return null;
  const view = viewId ? benchmark.views.find((v) => v.id === viewId) : undefined;
  if (!view) return benchmark.title;
  // a view's title that already names its benchmark ("PersonalLLM · selection among 8 candidates") stands alone
  return view.title.includes(benchmark.title) ? view.title : `${view.title} · ${benchmark.title}`;
}
