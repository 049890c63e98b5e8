import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { getInstanceInput } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-input";
import { listedInstanceResponse } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-input?track=task1&benchmark_id=…: the model input of one instance the
 * submission page lists, as titled sections. Fetched when a row is opened; the page's access rule
 * (listed-instance.ts).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return listedInstanceResponse(request, id, "GET /api/v1/submissions/{id}/instance-input", async (submission, track, benchmarkId) => {
    const sections = await getInstanceInput(db(), submission, track, benchmarkId);
    return sections ? { sections } : null;
  });
}
