import type { NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";
import { instanceItemsResponse } from "@/lib/benchmarks/alpsbench/read/instance-items-response";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instances?track=&split=dev|validation&q=&page=&page_size=: one page of a run's
 * per-instance items (predictions, public-split gold, judge verdicts) for a row whose predictions the caller may
 * read (lib/benchmarks/alpsbench/read/instance-items-response.ts; docs/reproducibility.md).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/instances", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await optionalUser(request);
  // a token without the read scope reads as a visitor
  const answer = () => instanceItemsResponse(db(), id, request.nextUrl.searchParams, readingViewer(user));
  // a search runs a few at a time per process (lib/http/heavy-read-gate.ts)
  return (request.nextUrl.searchParams.get("q") ?? "").trim() ? throughHeavyReadGate("search-request", answer) : answer();
});
