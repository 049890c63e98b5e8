import { requestUser, type RequestUser } from "@/lib/auth/request-user";
import { isSameOriginRequest } from "@/lib/security/same-origin";
import { apiError, unauthorized } from "./http";

/**
 * The user behind a request that changes a submission, or the refusal to send: 401 without credentials, 403 for a
 * signed-in request from another site (CSRF) or a token without the submit scope. Role checks stay with the
 * caller, which knows what the action needs.
 */
export async function writingUser(request: Request): Promise<{ ok: true; user: RequestUser } | { ok: false; response: Response }> {
  const user = await requestUser(request);
  if (!user) return { ok: false, response: unauthorized(request) };
  if (user.via === "session" && !isSameOriginRequest(request)) {
    return { ok: false, response: apiError(403, "forbidden", "A signed-in request must come from this site's own pages.") };
  }
  if (!user.scopes.includes("submit")) return { ok: false, response: apiError(403, "forbidden", "This API token does not have the submit scope.") };
  return { ok: true, user };
}
