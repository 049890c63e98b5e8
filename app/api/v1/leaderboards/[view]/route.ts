import type { NextRequest } from "next/server";
import { getHostedBenchmark, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { benchmarkViewResponse } from "@/lib/benchmarks/benchmark-view-response";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/leaderboards/{benchmark}?format=csv|json&<table query>: a hosted benchmark's default view
 * (`/personalllm`, `/alpsbench`). Any other name is a view of the benchmark at "/" by its old URL
 * (`/overview`, `/task1`, `/task3-d300`): those links predate the other benchmarks and keep working.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ view: string }> }) {
  const { view: slug } = await context.params;
  const search = request.nextUrl.searchParams;
  const benchmark = getHostedBenchmark(slug);
  if (!benchmark) return ROOT_BENCHMARK.pipeline.viewResponse(db(), slug, search);
  if (isPipelineBenchmark(benchmark)) return benchmark.pipeline.viewResponse(db(), "", search);
  return benchmarkViewResponse(db(), benchmark, "", search);
}
