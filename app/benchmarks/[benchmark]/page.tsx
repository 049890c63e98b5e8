import type { Metadata } from "next";
import { BenchmarkPage } from "../_components/benchmark-page";
import { benchmarkPageTitle } from "../_components/page-subject";

export const dynamic = "force-dynamic";

/** The benchmark's name in the tab's title (the site's name alone said nothing of which benchmark). */
export async function generateMetadata({ params }: { params: Promise<{ benchmark: string }> }): Promise<Metadata> {
  const { benchmark } = await params;
  const title = benchmarkPageTitle(benchmark, "");
  return title ? { title } : {};
}

/** /benchmarks/<id>: a benchmark module's default view (e.g. /benchmarks/personalllm). */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ benchmark: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { benchmark } = await params;
  return <BenchmarkPage benchmarkId={benchmark} viewId="" search={await searchParams} />;
}
