import { requestUser, type RequestUser } from "@/lib/auth/request-user";
import type { ApiTokenScope } from "@/lib/auth/api-token";
import { isSameOriginRequest } from "@/lib/security/same-origin";
import { ApiError } from "./api-error";
import { errorResponse } from "./error-response";
import { unauthorizedError } from "./unauthorized";

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
 * A route handler that runs only for an authenticated user allowed by `rule`, handed to it non-null; the refusals
 * (401, 403) are answered before it runs.
 */
export function withUser<R extends Request, C>(
  handler: (request: R, context: C & { user: RequestUser }) => Promise<Response>,
  rule: UserRule,
): (request: R, context: C) => Promise<Response> {
  return async (request, context) => {
    let user: RequestUser;
    try {
      user = await userUnder(request, rule);
    } catch (error) {
      return errorResponse(error, "withUser");
    }
    return handler(request, { ...context, user });
  };
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
