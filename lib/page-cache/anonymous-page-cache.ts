import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { cachePolicyOf, isCacheablePage, type CachePolicy } from "./cacheable-pages";
import { readLeaderboardVersion, readSubmissionKey } from "./read-cache-keys";

/**
 * A whole-page cache for anonymous visitors of the public pages (which ones: ./cacheable-pages.ts), used by
 * proxy.ts, for every benchmark alike.
 *
 * Why: rendering a leaderboard page costs ~80 ms of CPU (measured by scripts/bench/pages.ts with 1,000 systems),
 * so 16 concurrent visitors queued for over a second. Every anonymous visitor gets the same HTML for the same URL
 * (the account menu is fetched by the browser), so the proxy renders a page once per URL and leaderboard version
 * and serves the bytes from memory afterwards.
 *
 * Freshness: the key includes the database's leaderboard version, which triggers bump in the same transaction as
 * any change a public page shows (see lib/db/queries/leaderboard-version-memo.ts). Each hit costs one
 * primary-key read of that row, so a new score shows on the very next request, as without the cache. A submission
 * page adds its own row's digest to the key, and the queue page a short lifetime (./cacheable-pages.ts).
 *
 * The CSP nonce stays per response: a page is rendered with a random placeholder nonce, and each hit replaces it
 * with a fresh one (the placeholder is 24 random bytes, so it never occurs in the page by chance). A client
 * cannot choose the nonce of a render: the fill request proves itself with a secret that never leaves this
 * process.
 */

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token=/;
/** headers of Next's client-side navigations and server actions: those are RSC payloads, not pages */
const NAVIGATION_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"];
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
  "x-page-cache",
]);

const FILL_SECRET_HEADER = "x-page-cache-fill";
const FILL_NONCE_HEADER = "x-page-cache-nonce";
const fillSecret = randomBytes(24).toString("base64url");

/** The page as UTF-8 pieces between the placeholder nonces: a hit joins them around a fresh nonce, no re-encoding. */
type CachedPage = { pieces: Buffer[]; headers: [string, string][] };

const pages = new LRUCache<string, CachedPage>({
  // 64 MB of HTML: a leaderboard page with 1,000 systems is ~1.2 MB, so at least ~50 views stay warm.
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (page) => page.pieces.reduce((sum, piece) => sum + piece.length, 1),
});
const filling = new Map<string, Promise<CachedPage | null>>();

type PageCacheRequest = { method: string; pathname: string; search: string; headers: Headers };

export function isCacheable(request: PageCacheRequest): boolean {
  if (request.method !== "GET" || !isCacheablePage(request.pathname)) return false;
  if (request.search.includes("_rsc=")) return false;
  if (NAVIGATION_HEADERS.some((name) => request.headers.has(name))) return false;
  if (SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return false;
  return !request.headers.has(FILL_SECRET_HEADER);
}

/** The nonce a fill request asked for, when it carries this process's secret; otherwise null. */
export function fillNonceOf(headers: Headers): string | null {
  if (headers.get(FILL_SECRET_HEADER) !== fillSecret) return null;
  return headers.get(FILL_NONCE_HEADER);
}

/** Where this server answers itself: loopback when it listens on every interface, else the one address it listens on. */
function selfHost(listenHost: string): string {
  if (listenHost === "0.0.0.0" || listenHost === "::") return "127.0.0.1";
  return listenHost.includes(":") ? `[${listenHost}]` : listenHost;
}

/** Renders the page through this server (HOST, never the request's Host) with a placeholder nonce. */
async function fill(pathAndSearch: string): Promise<CachedPage | null> {
  const placeholder = randomBytes(24).toString("base64");
  const response = await fetch(`http://${selfHost(env().HOST)}:${env().PORT}${pathAndSearch}`, {
    headers: { [FILL_SECRET_HEADER]: fillSecret, [FILL_NONCE_HEADER]: placeholder, "accept-encoding": "identity" },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  // Only complete pages are kept: errors, redirects and not-found answers render again next time.
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return null;
  const pieces = (await response.text()).split(placeholder).map((piece) => Buffer.from(piece, "utf8"));
  const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
  return { pieces, headers };
}

/** The key of this page's current copy, or null when it must be rendered per request (see ./cacheable-pages.ts). */
async function keyOf(policy: CachePolicy, pathAndSearch: string): Promise<string | null> {
  if (policy.kind === "submission") {
    const key = await readSubmissionKey(policy.id);
    return key && `${key.version}\u0000${key.digest}\u0000${pathAndSearch}`;
  }
  const version = await readLeaderboardVersion();
  return version && `${version}\u0000${pathAndSearch}`;
}

/**
 * The cached page for this request (rendered now on a miss), with `nonce` in place of the placeholder; null when
 * the page could not be cached (the caller lets Next render it as usual).
 */
export async function cachedPage(request: PageCacheRequest, nonce: string): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Headers; hit: boolean } | null> {
  const policy = cachePolicyOf(request.pathname);
  if (!policy) return null;
  const pathAndSearch = `${request.pathname}${request.search}`;
  const key = await keyOf(policy, pathAndSearch);
  if (key === null) return null;
  let page = pages.get(key);
  const hit = page !== undefined;
  if (!page) {
    let pending = filling.get(key);
    if (!pending) {
      pending = fill(pathAndSearch).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    const filled = await pending;
    if (!filled) return null;
    pages.set(key, filled, policy.kind === "interval" ? { ttl: policy.maxAgeMs } : {});
    page = filled;
  }
  const headers = new Headers(page.headers);
  headers.set("x-page-cache", hit ? "hit" : "miss");
  const nonceBytes = Buffer.from(nonce, "utf8");
  const size = page.pieces.reduce((sum, piece) => sum + piece.length, 0) + nonceBytes.length * (page.pieces.length - 1);
  const body = new Uint8Array(size);
  let offset = 0;
  for (const [index, piece] of page.pieces.entries()) {
    if (index > 0) {
      body.set(nonceBytes, offset);
      offset += nonceBytes.length;
    }
    body.set(piece, offset);
    offset += piece.length;
  }
  return { body, headers, hit };
}
