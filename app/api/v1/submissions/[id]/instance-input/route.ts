import type { NextRequest } from "next/server";
import { pipelineOfDataVersion } from "@/lib/benchmarks/submission-benchmark";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";
import { listedInstanceResponse } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-input?track=…&benchmark_id=…: the model input of one instance the
 * submission page lists, as its benchmark shows it (its `submissionReads.instanceInput` hook; 404 for a benchmark
 * without one). Fetched when a row is opened; the page's access rule (listed-instance.ts).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/instance-input", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  return listedInstanceResponse(request, id, async (submission, track, instanceId, viewer) => {
    const input = pipelineOfDataVersion(submission.benchmarkVersion.slug)?.submissionReads?.instanceInput;
    return input ? input(db(), submission, track, instanceId, viewer) : null;
  });
});
