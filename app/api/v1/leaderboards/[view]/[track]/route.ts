import { NextResponse, type NextRequest } from "next/server";
import { getHostedBenchmark } from "@/lib/benchmarks";
import { benchmarkViewResponse } from "@/lib/benchmarks/benchmark-view-response";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** GET /api/v1/leaderboards/{benchmark}/{view}: a view of a hosted benchmark (personalllm/selection, alpsbench/task1). */
export async function GET(request: NextRequest, context: { params: Promise<{ view: string; track: string }> }) {
  const { view: benchmarkId, track: viewId } = await context.params;
  const benchmark = getHostedBenchmark(benchmarkId);
  if (!benchmark) {
    return NextResponse.json({ error: { code: "not_found", message: `Unknown benchmark "${benchmarkId}".` } }, { status: 404 });
  }
  const search = request.nextUrl.searchParams;
  if (isPipelineBenchmark(benchmark)) return benchmark.pipeline.viewResponse(db(), viewId, search);
  return benchmarkViewResponse(db(), benchmark, viewId, search);
}
