import { NextResponse, type NextRequest } from "next/server";
import { requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { apiError, internalError, unauthorized } from "../_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}: status, progress, failure reason and the metrics of the current score
 * version ({metric: {value, n, ciLow, ciHigh, judgeProfile, scoreVersion}}; "<track>:<metric>" keys when the
 * submission covers several tracks). Private or hidden submissions answer 404 to anyone but their owner
 * and admins; the owner also gets the file summary and the validation report.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  try {
    const viewer = await requestUser(request);
    if (!viewer && request.headers.get("authorization") !== null) return unauthorized(request);
    const status = await getSubmissionStatus(db(), id, viewer);
    if (!status) return apiError(404, "not_found", `No submission "${id}" (or it is private).`);
    return NextResponse.json(status, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}", error);
  }
}
