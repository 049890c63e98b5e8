import type { NextRequest } from "next/server";
import { pipelineOfDataVersion } from "@/lib/benchmarks/submission-benchmark";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";
import { listedInstanceResponse } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-explanation?track=…&benchmark_id=…: one listed instance of the
 * submission page, explained by its benchmark (its `submissionReads.instanceExplanation` hook; 404 for a benchmark
 * without one). Fetched when a row is opened, so a page holds 50 one-line rows whatever the upload's size. The
 * page's access rule (listed-instance.ts); what else the reader may see is the benchmark's call
 * (AlpsBench: the submitted items only to the owner and admins, or to anyone when its predictions are published).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/instance-explanation", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  return listedInstanceResponse(request, id, async (submission, track, instanceId, viewer) => {
    const explain = pipelineOfDataVersion(submission.benchmarkVersion.slug)?.submissionReads?.instanceExplanation;
    return explain ? explain(db(), submission, track, instanceId, viewer) : null;
  });
});
