import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";
import { inputsResponse } from "../../_lib/inputs-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/inputs/{track-slug}/example[?split=…&benchmark=…&rows=5]: a small, valid prediction file (JSONL) for
 * the first instances of the track, built from instance ids and public inputs only (_lib/inputs-response.ts).
 */
export const GET = withErrors("GET /api/v1/inputs/{track}/example", async (request: NextRequest, context: { params: Promise<{ track: string }> }) => {
  const { track } = await context.params;
  return inputsResponse(db(), track, request.nextUrl.searchParams, "example");
});
