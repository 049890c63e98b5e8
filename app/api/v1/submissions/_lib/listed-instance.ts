import { NextResponse, type NextRequest } from "next/server";
import { readingViewer, type RequestUser } from "@/lib/auth/request-user";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { db } from "@/lib/db/client";
import { findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { ApiError } from "@/lib/http/api-error";
import { optionalUser } from "@/lib/http/with-user";
import { resolveTrackParam } from "@/lib/submissions/track-param";
import { parseSearchParams } from "./http";
import { ListedInstanceQuery } from "./listed-instance-query";
import { findShownSubmission } from "@/lib/submissions/held-visibility";

type VisibleSubmission = NonNullable<Awaited<ReturnType<typeof findVisibleSubmission>>>;

/**
 * One instance a submission page lists (GET …/{id}/instance-input and …/instance-explanation), with the page's
 * access rule written once: the submission must be visible to the caller (404 otherwise; a token without the
 * `read` scope reads as a visitor) and `load` answers null for an instance the page does not list (test-split
 * instances never are). `load` gets the reading viewer to decide what else it may show. Refusals are thrown
 * (ApiError) for the route's withErrors to answer.
 */
async function listedInstanceResponse(
  request: NextRequest,
  id: string,
  load: (submission: VisibleSubmission, track: string, benchmarkId: string, viewer: RequestUser | null) => Promise<Record<string, unknown> | null>,
): Promise<Response> {
  const query = parseSearchParams(request, ListedInstanceQuery);
  const viewer = readingViewer(await optionalUser(request));
  const submission = await findShownSubmission(db(), id, viewer);
  if (!submission) throw new ApiError("not_found", `No submission "${id}" (or it is private).`);
  // any name of the track, and only one the submission covers: an unknown name is a 400 listing the names
  const naming = capabilitiesOf(benchmarkOfDataVersion(submission.benchmarkVersion.slug)).trackNaming;
  const resolved = naming ? resolveTrackParam({ pipeline: naming }, query.track, submission.tracks) : { ok: true as const, track: query.track };
  if (!resolved.ok) throw new ApiError("bad_request", resolved.message);
  const body = await load(submission, resolved.track, query.benchmark_id, viewer);
  if (!body)
    throw new ApiError("not_found", `Submission "${id}" lists no instance "${query.benchmark_id}" on ${resolved.track} (test-split instances are never listed).`);
  return NextResponse.json({ track: resolved.track, benchmark_id: query.benchmark_id, ...body }, { headers: { "cache-control": "private, no-store" } });
}

/** The GET handler of such a read, for the route's withErrors: the benchmark's `submissionReads[read]` hook (404 for a benchmark without one). */
export function listedInstanceRead(read: "instanceInput" | "instanceExplanation") {
  return async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
    const { id } = await context.params;
    return listedInstanceResponse(request, id, async (submission, track, instanceId, viewer) => {
      const hook = benchmarkOfDataVersion(submission.benchmarkVersion.slug).submissionReads?.[read];
      return hook ? hook(db(), submission, track, instanceId, viewer) : null;
    });
  };
}
