import type { NextRequest } from "next/server";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";
import { instanceItemsResponse } from "@/lib/benchmarks/alpsbench/read/instance-items-response";
import { internalError, unauthorized } from "@/app/api/v1/submissions/_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instances?track=&split=dev|validation&q=&page=&page_size=: one page of a run's
 * per-instance items (predictions, public-split gold, judge verdicts) for a row whose predictions the caller may
 * read (lib/benchmarks/alpsbench/read/instance-items-response.ts; docs/reproducibility.md).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    // a token without the read scope reads as a visitor
    const answer = () => instanceItemsResponse(db(), id, request.nextUrl.searchParams, readingViewer(user));
    return await ((request.nextUrl.searchParams.get("q") ?? "").trim() ? throughHeavyReadGate("search-request", answer) : answer());
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}/instances", error);
  }
}
