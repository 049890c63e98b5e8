import { NextResponse, type NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { setSubmissionVisibility, VisibilityRequest } from "@/lib/moderation/set-visibility";
import { readJsonBody } from "@/lib/security/read-json-body";
import { deleteSubmission } from "@/lib/submissions/delete-submission";
import { explainResults } from "@/lib/submissions/explain-results";
import { serverSetup } from "@/lib/submissions/server-setup";
import { uploadReviewState } from "@/lib/submissions/review-state";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser, withUser } from "@/lib/http/with-user";
import { CHANGE_RULE } from "../_lib/user-rules";
import { shownSubmissionStatus } from "@/lib/submissions/held-visibility";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/**
 * GET /api/v1/submissions/{id}: status, progress, failure reason and the metrics of the current score
 * version ({metric: {value, n, ciLow, ciHigh, judgeProfile, scoreVersion}}; "<track>:<metric>" keys when the
 * submission covers several tracks). Private or hidden submissions answer 404 to anyone but their owner
 * and admins; the owner also gets the file summary and the validation report. A token without the `read` scope
 * reads as a visitor (lib/auth/request-user.ts readingViewer). `explanation` (one-track submissions): every metric
 * of the track, the reason for each missing figure, what keeps it unranked and the board its row shows on
 * (lib/submissions/explain-results.ts); `submit --wait` prints it. `review`: the ranking rules' state of a public,
 * finished upload ({state: pending|rejected|approved|unranked, reason, note, board}; null: ranked as usual).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}", async (request: NextRequest, context: Params) => {
  const { id } = await context.params;
  const viewer = await optionalUser(request);
  const status = await shownSubmissionStatus(db(), id, readingViewer(viewer));
  // the hint depends on the token's own scopes only, never on the submission: it reveals nothing about the id
  const hint = viewer && !readingViewer(viewer) ? " This token has no read scope, so it sees public submissions only." : "";
  if (!status) throw new ApiError("not_found", `No submission "${id}" (or it is private).${hint}`);
  const explanation = status.track
    ? explainResults(
        {
          id: status.id,
          track: status.track,
          split: status.split,
          benchmark: status.benchmark,
          status: status.status,
          failureReason: status.failureReason,
          note: status.note,
          visibility: status.visibility,
          hidden: status.hidden,
          flag: status.facts.flag,
          unranked: status.facts.unranked,
          awaitingJudge: status.facts.awaitingJudge,
          systemName: status.system.name,
          scores: Object.entries(status.metrics).map(([metric, m]) => ({ metric, value: m.value })),
          coverage: status.coverage,
        },
        serverSetup(),
      )
    : null;
  // the ranking rules' state: held for review, rejected, approved (with the moderator's note), or unranked below a
  // contentless reference row, with the reason (lib/submissions/review-state.ts)
  const review = await uploadReviewState(db(), status);
  // the benchmark's own fields of the upload (what its checks found, its noised figures) beside the platform's;
  // judgeWaiting (scored except the judge: a worker with a judge judges it) on every upload, as before its column moved
  const { facts, ...shown } = status;
  return NextResponse.json({ ...shown, judgeWaiting: facts.awaitingJudge, ...facts.fields, explanation, review }, { headers: { "cache-control": "no-store" } });
});

/**
 * PATCH /api/v1/submissions/{id} {visibility: "public" | "private"}: the owner changes who sees the submission.
 * Owner only (admins hide instead). Answers 200 {id, visibility, changed, hidden_copies}; 400; 401; 403 not the
 * owner, a cross-site session request or a token without both the submit and the read scope; 404 unknown, or
 * private to someone else; 409 another user made the same predictions public earlier (the earlier upload keeps the
 * place; later public copies are hidden and listed in hidden_copies: lib/moderation/public-copies.ts); 429 with
 * Retry-After past the owner's daily visibility changes and deletions (lib/submissions/owner-change-limit.ts).
 */
export const PATCH = withUser<NextRequest, Params>("PATCH /api/v1/submissions/{id}", CHANGE_RULE, async (request, { params, user }) => {
  const { id } = await params;
  const body = await readJsonBody(request, VisibilityRequest);
  if (!body.ok) throw new ApiError("bad_request", body.message);
  const result = await setSubmissionVisibility(db(), { submissionId: id, viewer: { id: user.id, role: user.role }, visibility: body.value.visibility });
  if (!result.ok) throw refusal(result);
  return NextResponse.json(
    { id, visibility: result.visibility, changed: result.changed, hidden_copies: result.hiddenCopies },
    { headers: { "cache-control": "no-store" } },
  );
});

/**
 * DELETE /api/v1/submissions/{id}: the owner or an admin deletes an upload, with its scores and results (it leaves
 * every board), audited (lib/submissions/delete-submission.ts). Answers 200 {id, deleted: true}; 401; 403 neither
 * owner nor admin, a cross-site session request or a token without both the submit and the read scope; 404 unknown,
 * or private to someone else; 409 a seeded or reported row (the server's own data); 429 with Retry-After past the
 * owner's daily visibility changes and deletions.
 */
export const DELETE = withUser<NextRequest, Params>("DELETE /api/v1/submissions/{id}", CHANGE_RULE, async (_request, { params, user }) => {
  const { id } = await params;
  const result = await deleteSubmission(db(), { submissionId: id, viewer: { id: user.id, role: user.role } });
  if (!result.ok) throw refusal(result);
  return NextResponse.json({ id, deleted: true }, { headers: { "cache-control": "no-store" } });
});

/** A refused change as its answer; a daily limit says when to come back (Retry-After). */
function refusal(result: { code: "not_found" | "forbidden" | "conflict" | "rate_limited"; message: string; retryAfterSeconds?: number }): ApiError {
  if (result.retryAfterSeconds === undefined) return new ApiError(result.code, result.message);
  return new ApiError(
    result.code,
    result.message,
    { retryAfterSeconds: result.retryAfterSeconds },
    { "retry-after": String(result.retryAfterSeconds), "cache-control": "no-store" },
  );
}
