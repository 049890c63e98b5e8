import { requestUser, type RequestUser } from "@/lib/auth/request-user";
import type { ApiTokenScope } from "@/lib/auth/api-token";
import { rateLimitKeyOf, takeRateLimitPoint, tooManyRequests, type RateLimitKind } from "@/lib/security/rate-limit";
import { isSameOriginRequest } from "@/lib/security/same-origin";
import { SITE } from "@/lib/platform/site";
import { ApiError } from "./api-error";
import { withErrors } from "./error-response";

/** The 401 that says what to send, and why what was sent did not work. */
function unauthorizedError(request: Request): ApiError {
  const sent = request.headers.get("authorization");
  const message =
    sent === null
      ? "Sign in, or send an API token (Authorization: Bearer abk_…) or a signed-in session."
      : "The Authorization header is not a valid, unrevoked API token (Authorization: Bearer abk_…).";
  return new ApiError("unauthorized", message, {}, { "www-authenticate": `Bearer realm="${SITE.cliName}"` });
}

/** What a write needs of its user; each 403 is worded by the route (the API's answers are part of its contract). */
export type UserRule = {
  /** the scopes a token needs (a session has them all) */
  scopes: readonly ApiTokenScope[];
  /** the 403 for a token lacking some of `scopes` */
  lacksScope: (lacking: readonly ApiTokenScope[]) => string;
  /** the 403 for a signed-in request from another site (CSRF): a session write must come from the site's own pages */
  crossSite: string;
  /** an admin-only route, and its 403 (the same for every target, so it reveals nothing) */
  admin?: { message: string };
  /** the bucket a request takes a point from before anything else: for a route proxy.ts does not see */
  rateLimit?: RateLimitKind;
};

/** The request's user under `rule`, or the ApiError to answer: 401 without valid credentials, 403 as the rule says. */
async function userUnder(request: Request, rule: UserRule): Promise<RequestUser> {
  const user = await requestUser(request);
  if (!user) throw unauthorizedError(request);
  // a token is never same-origin checked and a session holds every scope, so these two never both apply
  if (user.via === "session" && !isSameOriginRequest(request)) throw new ApiError("forbidden", rule.crossSite);
  const lacking = rule.scopes.filter((scope) => !user.scopes.includes(scope));
  if (lacking.length > 0) throw new ApiError("forbidden", rule.lacksScope(lacking));
  if (rule.admin && user.role !== "admin") throw new ApiError("forbidden", rule.admin.message);
  return user;
}

/**
 * The one wrapper of an authenticated /api/v1 write: the rule's rate limit (for a route proxy.ts does not see), then
 * the user under `rule` (401, 403), then the handler, handed the user non-null; whatever throws on the way is
 * answered once, here at the edge, by errorResponse.
 */
export function withUser<R extends Request, C>(
  where: string,
  rule: UserRule,
  handler: (request: R, context: C & { user: RequestUser }) => Promise<Response>,
): (request: R, context: C) => Promise<Response> {
  return withErrors(where, async (request: R, context: C) => {
    if (rule.rateLimit) {
      const rate = await takeRateLimitPoint(rule.rateLimit, await rateLimitKeyOf(request.headers));
      if (!rate.ok) return tooManyRequests(rule.rateLimit, rate);
    }
    return handler(request, { ...context, user: await userUnder(request, rule) });
  });
}

/**
 * The user a READ acts for, possibly none (a visitor); a request that sends an Authorization header is judged by it
 * alone, so a bad token is a 401 rather than a visitor's view.
 */
export async function optionalUser(request: Request): Promise<RequestUser | null> {
  const user = await requestUser(request);
  if (!user && request.headers.get("authorization") !== null) throw unauthorizedError(request);
  return user;
}
