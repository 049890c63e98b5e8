import type { NextRequest } from "next/server";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

/** GET /api/v1/leaderboards/{benchmark}/{view}: a view of a hosted benchmark (personalllm/selection, alpsbench/task1). */
export const GET = withErrors(
  "GET /api/v1/leaderboards/{benchmark}/{view}",
  async (request: NextRequest, context: { params: Promise<{ view: string; track: string }> }) => {
    const { view: benchmark, track: view } = await context.params;
    return leaderboardResponse(db(), benchmark, view, request.nextUrl.searchParams);
  },
);
