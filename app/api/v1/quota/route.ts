import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";
import { quotaForBenchmark } from "@/lib/submissions/upload-quota";
import type { QuotaAnswer } from "../_lib/answers";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/quota?benchmark=<name>: what the caller has left of the upload limits for a data version (uploads
 * today; test answers today and in 30 days, and when the next is allowed), the same figures every upload answer
 * carries as `quota`. Any signed-in user or token; 401 without one; 404 for an unknown benchmark.
 */
export const GET = withErrors("GET /api/v1/quota", async (request: NextRequest) => {
  const user = await optionalUser(request);
  if (!user) throw new ApiError("unauthorized", "Sign in, or send an API token (Authorization: Bearer abk_…), to read your upload quota.");
  const named = request.nextUrl.searchParams.getAll("benchmark");
  if (named.length > 1) throw new ApiError("bad_request", "benchmark: give it once.");
  const result = await quotaForBenchmark(db(), user.id, named[0] || undefined);
  if (!result.ok) throw new ApiError("not_found", result.message);
  return NextResponse.json({ benchmark: result.benchmark, ...result.quota } satisfies z.input<typeof QuotaAnswer>, {
    headers: { "cache-control": "private, no-store" },
  });
});
