import { createHash, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { acceptsGzip } from "@/lib/http/accepts-gzip";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { hashedContentSecurityPolicy } from "@/lib/security/csp";
import { cacheControlOf, cachePolicyOf, canonicalSearch, isCacheablePage, type CachePolicy } from "./cacheable-pages";
import { clientAddress, isItemSearch, takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";
import { lendEarlyAnswers } from "./early-hit";
import { inlineScriptHashes } from "./inline-script-hashes";
import { DatabaseUnavailable, readLeaderboardVersion, readSessionViewer, readSubmissionKey, seesMoreThanVisitors } from "./read-cache-keys";

/**
 * A whole-page cache of the public pages (which ones, and keyed by which parameters: ./cacheable-pages.ts), used
 * by proxy.ts, for every benchmark alike.
 *
 * Why: rendering a leaderboard page costs ~80 ms of CPU (scripts/bench/pages.ts), so 16 concurrent visitors
 * queued for over a second. Every visitor gets the same HTML for the same page (the account menu is fetched by the
 * browser), so the proxy renders a page once per canonical URL and leaderboard version and serves the bytes from
 * memory afterwards, to visitors and signed-in users alike. A session cookie is checked with one indexed read
 * (a made-up one is a visitor: a hit, never a render); only a signed-in user whose page shows more than a
 * visitor's (the owner of a submission, an admin: `personal` in ./cacheable-pages.ts) is rendered per request.
 *
 * Freshness: the key includes the database's leaderboard version, which triggers bump in the same transaction as
 * any change a public page shows (see lib/db/queries/leaderboard-version-memo.ts). Each hit costs one
 * primary-key read of that row, so a new score shows on the very next request, as without the cache. A submission
 * page adds its own row's digest to the key, and the queue page a short lifetime (./cacheable-pages.ts).
 *
 * HTTP caches: a stored page is the same bytes for everyone, so it carries an ETag (the version and a digest of
 * the bytes; If-None-Match gets a 304), Cache-Control with s-maxage and stale-while-revalidate, and a CSP of
 * script hashes instead of a per-response nonce (lib/security/csp.ts), so nginx or a CDN can keep it.
 *
 * Outage: when PostgreSQL does not answer, the last copy of the page is served as it is, marked
 * `x-page-cache: stale`; a page with no copy is a 503 (proxy.ts).
 *
 * A fill renders through this server with a secret that never leaves this process, without cookies, so what is
 * stored is a visitor's page, rendered without a nonce.
 */

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token=([^;]*)/;
/** headers of Next's client-side navigations and server actions: those are RSC payloads, not pages */
const NAVIGATION_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"];
/** the bucket of renders a client can cause past the cache: navigations (RSC payloads) and misses of a query */
const RENDER_BUCKET = "page_render";
/** response headers not copied onto a hit: set per response, or describing the fill request's transfer */
const PER_RESPONSE_HEADERS = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "cache-control",
  "etag",
  "x-page-cache",
]);

const FILL_SECRET_HEADER = "x-page-cache-fill";
const fillSecret = randomBytes(24).toString("base64url");

/** `gzip`: the body gzipped once at the fill, for the hits answered before Next (which compresses what it sends itself) */
type CachedPage = { body: Buffer; gzip: Buffer; headers: [string, string][]; etag: string; csp: string };
/** What a fill got: a page to keep, or the status of an HTML answer that is not one (a 404 page, an error page). */
type Filled = { kind: "page"; page: CachedPage } | { kind: "other"; status: number };

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.csp.length + 1;
/** the bare pages (48 MB: a leaderboard page with 1,000 systems is ~1.2 MB), apart from the views a query string picks */
const pages = new LRUCache<string, CachedPage>({ maxSize: 48 * 1024 * 1024, sizeCalculation: sizeOf });
/** pages with a (canonical) query: a flood of table queries evicts only these (16 MB) */
const views = new LRUCache<string, CachedPage>({ maxSize: 16 * 1024 * 1024, sizeCalculation: sizeOf });
/** the key of each page's newest copy, which an outage serves */
const newest = new LRUCache<string, string>({ max: 20_000 });
const filling = new Map<string, Promise<Filled | null>>();

type PageCacheRequest = { method: string; pathname: string; searchParams: URLSearchParams; headers: Headers };

const isPageRead = (request: PageCacheRequest) => (request.method === "GET" || request.method === "HEAD") && isCacheablePage(request.pathname);
const isNavigation = (request: PageCacheRequest) => NAVIGATION_HEADERS.some((name) => request.headers.has(name));

/**
 * GET and HEAD of a cacheable page, not one of Next's client navigations, not this cache's own fill. `?_rsc=`
 * without an RSC header is an ordinary page request (Next answers it with HTML): the key drops it, so it is a hit.
 */
export function isCacheable(request: PageCacheRequest): boolean {
  if (!isPageRead(request) || isNavigation(request)) return false;
  return !isFillRequest(request.headers);
}

/**
 * A client navigation or prefetch of a cacheable page: an RSC payload, rendered per request, so it takes a point
 * from its address's `page_render` bucket (proxy.ts). Over the limit, Next's client loads the page as HTML instead
 * (a non-RSC answer makes it navigate the whole document), which the cache answers.
 */
export async function chargeNavigation(request: PageCacheRequest): Promise<Response | null> {
  if (!isPageRead(request) || !isNavigation(request) || isFillRequest(request.headers)) return null;
  return chargeRender(request.headers);
}

async function chargeRender(headers: Headers): Promise<Response | null> {
  const decision = await takeRateLimitPoint(RENDER_BUCKET, `addr:${clientAddress(headers)}`);
  return decision.ok ? null : tooManyRequests(RENDER_BUCKET, decision);
}

/** Whether this request is this process's own fill (rendered without a nonce: the page's CSP lists hashes). */
export function isFillRequest(headers: Headers): boolean {
  return headers.get(FILL_SECRET_HEADER) === fillSecret;
}

/** Where this server answers itself: loopback when it listens on every interface, else the one address it listens on. */
function selfHost(listenHost: string): string {
  if (listenHost === "0.0.0.0" || listenHost === "::") return "127.0.0.1";
  return listenHost.includes(":") ? `[${listenHost}]` : listenHost;
}

/** Renders the page through this server (HOST, never the request's Host) as a visitor. */
async function fill(pathAndSearch: string, version: string): Promise<Filled | null> {
  const response = await fetch(`http://${selfHost(env().HOST)}:${env().PORT}${pathAndSearch}`, {
    headers: { [FILL_SECRET_HEADER]: fillSecret, "accept-encoding": "identity" },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  // a redirect is rendered again for the client by Next itself (passed on from here, /benchmarks/alpsbench's answered 500)
  const html = (response.headers.get("content-type") ?? "").startsWith("text/html") && !response.headers.has("location");
  // Only complete pages are kept; anything else is rendered per request (its status tells the outage pointer whether
  // the page is gone for visitors).
  if (!html || response.status !== 200) {
    await response.body?.cancel();
    return html ? { kind: "other", status: response.status } : null;
  }
  const text = await response.text();
  const body = Buffer.from(text, "utf8");
  const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
  const csp = hashedContentSecurityPolicy(inlineScriptHashes(text));
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  return { kind: "page", page: { body, gzip: gzipSync(body, { level: 6 }), headers, etag: `"${version}-${digest}"`, csp } };
}

/** What the page cache answers: a page (a hit, a fresh fill, a stale copy or a 304), a render per request, or 503. */
type CacheAnswer = { kind: "page"; response: Response; state: "hit" | "miss" | "stale" } | { kind: "render" } | { kind: "unavailable" };

/** A cookie or path segment as sent, percent-decoded when it decodes (a malformed one is taken as it is). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * `render` with `shared: false`: this viewer sees more than a visitor (an owner, an admin), the visitor's copy
 * stands. `shared: true`: a visitor too is rendered per request now (a private, hidden or running submission), so no
 * older copy of this page may be served during an outage either.
 */
type Keyed = { kind: "key"; key: string; version: string } | { kind: "render"; shared: boolean };

/** The key of this page's current copy for this viewer, or a render when this viewer's page is not the shared one. */
async function keyOf(policy: CachePolicy, request: PageCacheRequest, pathAndSearch: string): Promise<Keyed> {
  const token = SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  // a made-up, expired or signed-out cookie is a visitor
  const viewer = token ? await readSessionViewer(decoded(token)) : null;
  if (viewer && policy.personal !== "none") {
    if (viewer.role === "admin") return { kind: "render", shared: false };
    const slug = decoded(request.pathname.slice(request.pathname.lastIndexOf("/") + 1));
    if (policy.personal !== "submission" && (await seesMoreThanVisitors(viewer, policy.personal, slug))) return { kind: "render", shared: false };
  }
  if (policy.kind === "submission") {
    const key = await readSubmissionKey(policy.id);
    if (!key) return { kind: "render", shared: true };
    if (viewer && key.ownerId === viewer.id) return { kind: "render", shared: false };
    return { kind: "key", key: `${key.version}\u0000${key.digest}\u0000${pathAndSearch}`, version: key.version };
  }
  const version = await readLeaderboardVersion();
  return version ? { kind: "key", key: `${version}\u0000${pathAndSearch}`, version } : { kind: "render", shared: true };
}

/** An If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/**
 * `encoded`: the answer is sent as it is, never through Next (./early-hit.ts), so it is gzipped here when the client
 * accepts gzip, from the copy made at the fill, with the same ETag, as Next's own compression of the other answers does.
 */
function respond(request: PageCacheRequest, policy: CachePolicy, page: CachedPage, state: "hit" | "miss" | "stale", encoded = false): Response {
  const headers = new Headers(page.headers);
  const gzip = encoded && acceptsGzip(request.headers.get("accept-encoding"));
  headers.set("content-security-policy", page.csp);
  headers.set("etag", page.etag);
  if (gzip) headers.set("content-encoding", "gzip");
  // a stale copy is for this moment of outage only; a shared cache keeps its own copy by stale-if-error meanwhile
  headers.set("cache-control", state === "stale" ? "no-store" : cacheControlOf(policy));
  // a page a signed-in owner sees differently: a shared cache keeps the visitor's copy for cookie-less requests only
  if (policy.personal !== "none") headers.set("vary", [headers.get("vary"), "Cookie"].filter(Boolean).join(", "));
  headers.set("x-page-cache", state);
  if (state !== "stale" && matches(request.headers.get("if-none-match"), page.etag)) {
    headers.delete("content-type");
    return new Response(null, { status: 304, headers });
  }
  const body = gzip ? page.gzip : page.body;
  headers.set("content-length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}

/** Where a cacheable request's copies live: its policy, its canonical path and query, and the store by its query. */
function placeOf(request: PageCacheRequest) {
  const policy = cachePolicyOf(request.pathname);
  const search = policy ? canonicalSearch(request.pathname, request.searchParams) : null;
  if (!policy || search === null) return null;
  return { policy, search, pathAndSearch: search ? `${request.pathname}?${search}` : request.pathname, store: search ? views : pages };
}

/**
 * The page cache's answer given before Next (./early-hit.ts, lent to scripts/web.ts): a hit, a fill, a stale copy or a
 * query miss's 429, gzipped here when the client accepts it; null: Next and proxy.ts answer (a render, a 503). Takes
 * what proxy.ts does before the cache into account: nothing for the cache's own fill or a navigation (isCacheable),
 * nor for an item search (its own bucket), nor with the cache off.
 */
async function earlyAnswer(request: PageCacheRequest): Promise<Response | null> {
  if (process.env.NODE_ENV !== "production" || process.env.ALPSBENCH_PAGE_CACHE === "off" || !isCacheable(request)) return null;
  if (isItemSearch(request.method, request.pathname, request.searchParams)) return null;
  const answer = await answerFromCache(request, true);
  return answer.kind === "page" ? answer.response : null;
}
lendEarlyAnswers(earlyAnswer);

/** The cached page for this request (rendered now on a miss), or what to do instead; `encoded`: see respond. */
export async function answerFromCache(request: PageCacheRequest, encoded = false): Promise<CacheAnswer> {
  const place = placeOf(request);
  if (!place) return { kind: "render" };
  const { policy, search, pathAndSearch, store } = place;
  let keyed: Keyed;
  try {
    keyed = await keyOf(policy, request, pathAndSearch);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable)) throw error;
    const key = newest.get(pathAndSearch);
    const page = key === undefined ? undefined : store.get(key);
    return page ? { kind: "page", response: respond(request, policy, page, "stale", encoded), state: "stale" } : { kind: "unavailable" };
  }
  if (keyed.kind === "render") {
    if (keyed.shared) newest.delete(pathAndSearch);
    return { kind: "render" };
  }
  const { key, version } = keyed;
  let page = store.get(key);
  const state = page ? "hit" : "miss";
  if (!page) {
    let pending = filling.get(key);
    if (!pending) {
      // a query string is the client's to choose: each new one is a render, so it is charged (a bare path is not)
      const limited = search ? await chargeRender(request.headers) : null;
      if (limited) return { kind: "page", response: limited, state: "miss" };
      pending = fill(pathAndSearch, version).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    const filled = await pending;
    if (filled?.kind !== "page") {
      // the page is gone for visitors (a 404: held, deleted; a redirect): an outage must not serve its older copy.
      // A 5xx says nothing about the page (the database may be failing under this very fill): its copy stands.
      if (!filled || filled.status < 500) newest.delete(pathAndSearch);
      // Next renders it again for the client, as every page it does not keep: a 404 passed on from the fill differed
      // from one rendered per request (its nonce), which told a private-only system from a nonexistent one
      return { kind: "render" };
    }
    store.set(key, filled.page, policy.kind === "interval" ? { ttl: policy.maxAgeMs } : {});
    newest.set(pathAndSearch, key);
    page = filled.page;
  }
  return { kind: "page", response: respond(request, policy, page, state, encoded), state };
}
