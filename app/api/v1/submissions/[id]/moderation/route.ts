import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withUser } from "@/lib/http/with-user";
import { moderateSubmission, ModerationRequest } from "@/lib/moderation/moderate-submission";
import { readJsonBody } from "@/lib/security/read-json-body";
import { MODERATE_RULE } from "../../_lib/user-rules";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/submissions/{id}/moderation {action: verify|unverify|hide|unhide|flag|unflag, reason?}: admins
 * only. hide and flag need a reason, which is public (/audit). Answers 200 {id, action, state, auditLogId};
 * 400 bad body; 401; 403 not an admin (the same for every id, so it reveals nothing), a cross-site session
 * request, or a token without both the submit and the read scope (unhiding would read a hidden submission); 404 no such submission; 409 the action does not apply now
 * (already verified, not hidden, ...).
 */
export const POST = withUser<NextRequest, { params: Promise<{ id: string }> }>(
  "POST /api/v1/submissions/{id}/moderation",
  MODERATE_RULE,
  async (request, { params, user }) => {
    const { id } = await params;
    const body = await readJsonBody(request, ModerationRequest);
    if (!body.ok) throw new ApiError("bad_request", body.message);
    const result = await moderateSubmission(db(), { submissionId: id, actorId: user.id, request: body.value });
    if (!result.ok) throw new ApiError(result.code, result.message);
    return NextResponse.json({ id, action: body.value.action, state: result.state, auditLogId: result.auditLogId }, { headers: { "cache-control": "no-store" } });
  },
);
