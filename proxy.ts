import { NextResponse, type NextRequest } from "next/server";
import { answerFromCache, chargeNavigation, isCacheable, isFillRequest } from "@/lib/page-cache/anonymous-page-cache";
import { databaseAnswers } from "@/lib/page-cache/read-cache-keys";
import { UNREACHABLE_RETRY_AFTER_SECONDS } from "@/lib/http/error-response";
import { contentSecurityPolicy } from "@/lib/security/csp";
import { clientAddress, isItemSearch, rateLimitKeyOf, rateLimitKindOf, takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";
import { ApiError, apiErrorAnswer } from "@/lib/http/api-error";

/** 503 with Retry-After: the database is unreachable and this answer has no stored copy (docs/page-cache.md). */
function unavailable(api: boolean): Response {
  const message = "The database is unreachable for the moment; nothing was changed. Try again shortly.";
  const headers = { "retry-after": String(UNREACHABLE_RETRY_AFTER_SECONDS), "cache-control": "no-store" };
  if (api) return apiErrorAnswer(new ApiError("unavailable", message, {}, headers));
  return new NextResponse(`<!doctype html><title>Unavailable</title><h1>Unavailable</h1><p>${message}</p>`, {
    status: 503,
    headers: { ...headers, "content-type": "text/html; charset=utf-8" },
  });
}

/**
 * Runs before every page and API request (see `config.matcher`): request rate limits (429 with Retry-After), the
 * page cache of the public pages (lib/page-cache/anonymous-page-cache.ts: hashed CSP, ETag, Cache-Control), a
 * fresh CSP nonce for every page rendered per request, and 503 with Retry-After while PostgreSQL is unreachable.
 * Static security headers for all responses are in next.config.ts.
 */
export async function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname;
  // the page cache's own render: a visitor's page without a nonce (the stored copy's CSP lists its script hashes)
  if (isFillRequest(request.headers)) return NextResponse.next();
  const kind = rateLimitKindOf(request.method, pathname);
  if (kind) {
    // API calls count per token when they carry a live one; sign-in attempts always per address.
    const key = kind === "api" ? await rateLimitKeyOf(request.headers) : `addr:${clientAddress(request.headers)}`;
    const decision = await takeRateLimitPoint(kind, key);
    if (!decision.ok) return tooManyRequests(kind, decision);
  }
  // an item search reads the track's dialogues: a bucket of its own per address, token or not (scripts/bench/heavy-reads.ts)
  if (isItemSearch(request.method, pathname, request.nextUrl.searchParams)) {
    const decision = await takeRateLimitPoint("search", `addr:${clientAddress(request.headers)}`);
    if (!decision.ok) return tooManyRequests("search", decision);
  }
  const api = pathname.startsWith("/api/");
  const cacheRequest = { method: request.method, pathname, searchParams: request.nextUrl.searchParams, headers: request.headers };
  // a client navigation of a cacheable page is rendered per request: a bucket per address (the cache answers the HTML)
  const navigationLimited = await chargeNavigation(cacheRequest);
  if (navigationLimited) return navigationLimited;
  // ALPSBENCH_PAGE_CACHE=off renders every page (scripts/bench/pages.ts measures the pages with and without it)
  if (!api && process.env.NODE_ENV === "production" && process.env.ALPSBENCH_PAGE_CACHE !== "off" && isCacheable(cacheRequest)) {
    const answer = await answerFromCache(cacheRequest);
    // a page: a hit, a fill, a stale copy, the fill's own 404 or redirect, or the 429 of a query miss over its bucket
    if (answer.kind === "page") return answer.response;
    if (answer.kind === "unavailable") return unavailable(false);
  } else if (!(await databaseAnswers())) {
    return unavailable(api);
  }
  if (api) return NextResponse.next();

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  // Next reads the nonce from the request's CSP header and puts it on its scripts; the layout reads x-nonce.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    // Not static files, and not the upload endpoint itself: Next buffers the body of every request the proxy
    // sees (and cuts it at 10 MB), which would break streamed 200 MB uploads. That route applies the API rate
    // limit itself (app/api/v1/submissions/route.ts).
    "/((?!_next/static|_next/image|icon.svg|favicon.ico|api/v1/submissions$).*)",
  ],
};
