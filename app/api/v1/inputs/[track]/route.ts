import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { internalError } from "../../submissions/_lib/http";
import { inputsResponse } from "../_lib/inputs-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/inputs/{track-slug}[?split=dev|validation|test&benchmark=alpsbench-v1]: the model inputs of a track as
 * JSONL (never gold), from the benchmark the `benchmark` parameter names (_lib/inputs-response.ts).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ track: string }> }) {
  const { track } = await context.params;
  try {
    return await inputsResponse(db(), track, request.nextUrl.searchParams, "inputs");
  } catch (error) {
    return internalError("GET /api/v1/inputs/{track}", error);
  }
}
