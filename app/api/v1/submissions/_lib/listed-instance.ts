import { NextResponse, type NextRequest } from "next/server";
import { readingViewer, requestUser, type RequestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { apiError, internalError, parseSearchParams, unauthorized } from "./http";
import { ListedInstanceQuery } from "./listed-instance-query";

type VisibleSubmission = NonNullable<Awaited<ReturnType<typeof findVisibleSubmission>>>;

/**
 * One instance a submission page lists (GET …/{id}/instance-input and …/instance-explanation), with the page's
 * access rule written once: the submission must be visible to the caller (404 otherwise; a token without the
 * `read` scope reads as a visitor) and `load` answers null for an instance the page does not list (test-split
 * instances never are). `load` gets the reading viewer to decide what else it may show.
 */
export async function listedInstanceResponse(
  request: NextRequest,
  id: string,
  route: string,
  load: (submission: VisibleSubmission, track: string, benchmarkId: string, viewer: RequestUser | null) => Promise<Record<string, unknown> | null>,
): Promise<Response> {
  const query = parseSearchParams(request, ListedInstanceQuery);
  if (!query.ok) return query.response;
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    const viewer = readingViewer(user);
    const submission = await findVisibleSubmission(db(), id, viewer);
    if (!submission) return apiError(404, "not_found", `No submission "${id}" (or it is private).`);
    const body = await load(submission, query.data.track, query.data.benchmark_id, viewer);
    if (!body)
      return apiError(
        404,
        "not_found",
        `Submission "${id}" lists no instance "${query.data.benchmark_id}" on ${query.data.track} (test-split instances are never listed).`,
      );
    return NextResponse.json({ track: query.data.track, benchmark_id: query.data.benchmark_id, ...body }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    return internalError(route, error);
  }
}
