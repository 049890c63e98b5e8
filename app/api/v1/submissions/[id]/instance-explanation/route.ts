import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { getInstanceExplanation } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { mayReadPredictions } from "@/lib/submissions/prediction-access";
import { listedInstanceResponse } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-explanation?track=task1&benchmark_id=…: one listed instance of the
 * submission page, explained (its scores, and its matching or pick). Fetched when a row is opened, so a page holds
 * 50 one-line rows whatever the upload's size. The page's access rule (listed-instance.ts); the submitted items only
 * to the submission's owner and admins, or to anyone when its predictions are published (prediction-access.ts).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return listedInstanceResponse(request, id, "GET /api/v1/submissions/{id}/instance-explanation", async (submission, track, benchmarkId, viewer) => {
    const instance = await getInstanceExplanation(db(), submission, track, benchmarkId, { showUploadedPredictions: mayReadPredictions(submission, viewer) });
    return instance ? { instance } : null;
  });
}
