import { NextResponse, type NextRequest } from "next/server";
import { cachedPage, fillNonceOf, isCacheable } from "@/lib/page-cache/anonymous-page-cache";
import { contentSecurityPolicy } from "@/lib/security/csp";
import { clientAddress, isItemSearch, rateLimitKeyOf, rateLimitKindOf, takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";

/**
 * Runs before every page and API request (see `config.matcher`): request rate limits (429 with Retry-After),
 * a fresh CSP nonce per page response, and the anonymous page cache of the public pages
 * (lib/page-cache/anonymous-page-cache.ts). Static security headers for all responses are in next.config.ts.
 */
export async function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname;
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
  if (pathname.startsWith("/api/")) return NextResponse.next();

  // The page cache renders with a placeholder nonce of its own choosing (proved by a process secret).
  const nonce = fillNonceOf(request.headers) ?? Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const cacheRequest = { method: request.method, pathname, search: request.nextUrl.search, headers: request.headers };
  // ALPSBENCH_PAGE_CACHE=off renders every page (scripts/bench/pages.ts measures the pages with and without it)
  if (process.env.NODE_ENV === "production" && process.env.ALPSBENCH_PAGE_CACHE !== "off" && isCacheable(cacheRequest)) {
    const page = await cachedPage(cacheRequest, nonce);
    if (page) {
      page.headers.set("content-security-policy", policy);
      return new NextResponse(page.body, { status: 200, headers: page.headers });
    }
  }
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
