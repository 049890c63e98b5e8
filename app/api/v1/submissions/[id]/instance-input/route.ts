import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { getInstanceInput } from "@/lib/db/queries/submission-instance-input";
import { findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { apiError, internalError, unauthorized, parseSearchParams } from "../../_lib/http";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  track: z.string({ error: "is required" }).min(1, "is required").max(40),
  benchmark_id: z.string({ error: "is required" }).min(1, "is required").max(200),
});

/**
 * GET /api/v1/submissions/{id}/instance-input?track=task1&benchmark_id=…: the model input of one instance the
 * submission page lists, as titled sections. Fetched when a row is opened. Same access as the page: the
 * submission must be visible to the caller (404 otherwise), and only public-split instances it was scored on.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const query = parseSearchParams(request, Query);
  if (!query.ok) return query.response;
  try {
    const viewer = await requestUser(request);
    if (!viewer && request.headers.get("authorization") !== null) return unauthorized(request);
    // a token without the `read` scope reads as a visitor (it found a private submission's instances before)
    const submission = await findVisibleSubmission(db(), id, readingViewer(viewer));
    if (!submission) return apiError(404, "not_found", `No submission "${id}" (or it is private).`);
    const sections = await getInstanceInput(db(), submission, query.data.track, query.data.benchmark_id);
    if (!sections)
      return apiError(
        404,
        "not_found",
        `Submission "${id}" lists no instance "${query.data.benchmark_id}" on ${query.data.track} (test-split instances are never listed).`,
      );
    return NextResponse.json({ track: query.data.track, benchmark_id: query.data.benchmark_id, sections }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}/instance-input", error);
  }
}
