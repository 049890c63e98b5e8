import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { getInstanceExplanation } from "@/lib/db/queries/submission-instance-results";
import { findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { apiError, internalError, unauthorized, parseSearchParams } from "../../_lib/http";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  track: z.string({ error: "is required" }).min(1, "is required").max(40),
  benchmark_id: z.string({ error: "is required" }).min(1, "is required").max(200),
});

/**
 * GET /api/v1/submissions/{id}/instance-explanation?track=task1&benchmark_id=…: one listed instance of the
 * submission page, explained (its scores, and its matching or pick). Fetched when a row is opened, so a page holds
 * 50 one-line rows whatever the upload's size. Same access as the page: the submission must be visible to the
 * caller (404 otherwise), only public-split instances it was scored on, and the submitted items only to the
 * submission's owner and admins (a token without the `read` scope reads as a visitor).
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const query = parseSearchParams(request, Query);
  if (!query.ok) return query.response;
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    const viewer = readingViewer(user);
    const submission = await findVisibleSubmission(db(), id, viewer);
    if (!submission) return apiError(404, "not_found", `No submission "${id}" (or it is private).`);
    const mayManage = viewer !== null && (viewer.role === "admin" || (submission.ownerId !== null && viewer.id === submission.ownerId));
    const instance = await getInstanceExplanation(db(), submission, query.data.track, query.data.benchmark_id, { showUploadedPredictions: mayManage });
    if (!instance)
      return apiError(
        404,
        "not_found",
        `Submission "${id}" lists no instance "${query.data.benchmark_id}" on ${query.data.track} (test-split instances are never listed).`,
      );
    return NextResponse.json({ track: query.data.track, benchmark_id: query.data.benchmark_id, instance }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}/instance-explanation", error);
  }
}
