import type { Metadata } from "next";
import { BenchmarkPage } from "../../_components/benchmark-page";
import { benchmarkPageTitle } from "../../_components/page-subject";

export const dynamic = "force-dynamic";

/** The benchmark's name in the tab's title (the site's name alone said nothing of which benchmark). */
export async function generateMetadata({ params }: { params: Promise<{ benchmark: string; view: string }> }): Promise<Metadata> {
  const { benchmark, view } = await params;
  const title = benchmarkPageTitle(benchmark, view);
  return title ? { title } : {};
}

/** /benchmarks/<id>/<view>: one of a benchmark module's other views (e.g. /benchmarks/personalllm/selection). */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ benchmark: string; view: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { benchmark, view } = await params;
  return <BenchmarkPage benchmarkId={benchmark} viewId={view} search={await searchParams} />;
}
