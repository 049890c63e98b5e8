import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { inputsFileName } from "../_lib/inputs-file-name";
import { inputsResponse } from "../_lib/inputs-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/inputs/{track-slug}[.jsonl.gz|.compact.jsonl.gz][?split=dev|validation|test&benchmark=alpsbench-v1]: the
 * model inputs of a track as JSONL (never gold), from the benchmark the `benchmark` parameter names
 * (_lib/inputs-response.ts); as a gzip file under the `.jsonl.gz` name; in the benchmark's compact form (AlpsBench's
 * Task 3: each candidate memory once) as a gzip file under the `.compact.jsonl.gz` name. Any other ending is a 400
 * naming these. No Content-Encoding negotiation: over real HTTP through Next's server the encoded answer reached
 * clients still compressed (tests/e2e/submissions.test.ts), so compression is the file's own.
 */
export const GET = withErrors("GET /api/v1/inputs/{track}", async (request: NextRequest, context: { params: Promise<{ track: string }> }) => {
  const { track: name } = await context.params;
  const file = inputsFileName(name);
  if (!file.ok) throw new ApiError("bad_request", file.message);
  return inputsResponse(db(), file.track, request.nextUrl.searchParams, "inputs", file.gzip);
});
