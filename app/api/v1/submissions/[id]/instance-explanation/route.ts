import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { getInstanceExplanation } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { listedInstanceResponse } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-explanation?track=task1&benchmark_id=…: one listed instance of the
 * submission page, explained (its scores, and its matching or pick). Fetched when a row is opened, so a page holds
 * 50 one-line rows whatever the upload's size. The page's access rule (listed-instance.ts); the submitted items only
 * to the submission's owner and admins.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return listedInstanceResponse(request, id, "GET /api/v1/submissions/{id}/instance-explanation", async (submission, track, benchmarkId, viewer) => {
    const mayManage = viewer !== null && (viewer.role === "admin" || (submission.ownerId !== null && viewer.id === submission.ownerId));
    const instance = await getInstanceExplanation(db(), submission, track, benchmarkId, { showUploadedPredictions: mayManage });
    return instance ? { instance } : null;
  });
}
