import type { NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { readAnswerResponse } from "@/lib/benchmarks/read-answer";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";
import { parseSearchParams } from "../../_lib/http";
import { findShownSubmission } from "@/lib/submissions/held-visibility";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/breakdown?…: an upload's per-instance and per-dimension figures, as its benchmark
 * keeps them (its `submissionReads.breakdown` hook: the query it takes and the answer's data; AlpsBench's is
 * lib/benchmarks/alpsbench/http/submission-breakdown.ts). The platform's part: the reader may see the upload (404
 * otherwise; a token without the `read` scope reads as a visitor), its benchmark keeps a breakdown (404), the
 * query is the benchmark's (400 naming the parameter).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/breakdown", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const viewer = readingViewer(await optionalUser(request));
  const submission = await findShownSubmission(db(), id, viewer);
  if (!submission) throw new ApiError("not_found", `No submission "${id}" (or it is private).`);
  const benchmark = benchmarkOfDataVersion(submission.benchmarkVersion.slug);
  const breakdown = benchmark.submissionReads?.breakdown;
  if (!breakdown) throw new ApiError("not_found", `Submission "${id}" has no breakdown: its benchmark keeps no per-instance figures here.`);
  return readAnswerResponse(db(), benchmark, await breakdown.answer(db(), submission, viewer, parseSearchParams(request, breakdown.query)));
});
