import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";
import { inputsResponse } from "../_lib/inputs-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/inputs/{track-slug}[.jsonl.gz][?split=dev|validation|test&benchmark=alpsbench-v1]: the model inputs of a
 * track as JSONL (never gold), from the benchmark the `benchmark` parameter names (_lib/inputs-response.ts), or as a
 * gzip file under the `.jsonl.gz` name. No Content-Encoding negotiation: over real HTTP through Next's server the
 * encoded answer reached clients still compressed (tests/e2e/submissions.test.ts), so compression is the file's own.
 */
export const GET = withErrors("GET /api/v1/inputs/{track}", async (request: NextRequest, context: { params: Promise<{ track: string }> }) => {
  const { track: name } = await context.params;
  const file = name.endsWith(".jsonl.gz");
  const track = file ? name.slice(0, -".jsonl.gz".length) : name;
  return inputsResponse(db(), track, request.nextUrl.searchParams, "inputs", file ? "file" : "no");
});
