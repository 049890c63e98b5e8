import type { NextRequest } from "next/server";
import { z } from "zod";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { moduleItemsResponse } from "@/lib/submissions/module-items-response";
import { internalError, parseSearchParams, unauthorized } from "../../_lib/http";

export const dynamic = "force-dynamic";

const Query = z.strictObject({ format: z.enum(["json", "csv"], { error: "must be json or csv" }).default("json") });

/**
 * GET /api/v1/submissions/{id}/items?format=json|csv: the per-item rows of an upload to a benchmark module
 * (lib/submissions/module-items-response.ts says who may read them).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const query = parseSearchParams(request, Query);
  if (!query.ok) return query.response;
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    // a token without the read scope reads as a visitor
    return await moduleItemsResponse(db(), id, readingViewer(user), query.data.format);
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}/items", error);
  }
}
