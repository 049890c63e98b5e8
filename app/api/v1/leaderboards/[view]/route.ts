import type { NextRequest } from "next/server";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/leaderboards/{benchmark}?format=csv|json&<table query>: a hosted benchmark's default view
 * (`/personalllm`, `/alpsbench`); any other name is a view of the benchmark at "/" by its old URL (`/overview`,
 * `/task1`, `/task3-d300`), which keeps working. Dispatch: lib/benchmarks/hosted-responses.ts.
 */
export const GET = withErrors("GET /api/v1/leaderboards/{view}", async (request: NextRequest, context: { params: Promise<{ view: string }> }) => {
  const { view } = await context.params;
  return leaderboardResponse(db(), view, null, request.nextUrl.searchParams);
});
