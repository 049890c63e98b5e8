import type { NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";
import { db } from "@/lib/db/client";
import { ModuleItemsQuery } from "@/lib/submissions/module-items-query";
import { moduleItemsResponse } from "@/lib/submissions/module-items-response";
import { parseSearchParams } from "../../_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/items?format=json|csv: the per-item rows of an upload to a benchmark module
 * (lib/submissions/module-items-response.ts says who may read them).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/items", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const query = parseSearchParams(request, ModuleItemsQuery);
  const user = await optionalUser(request);
  // a token without the read scope reads as a visitor
  return moduleItemsResponse(db(), id, readingViewer(user), query.format);
});
