import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The page cache's answers (hits, fills, stale copies) given by our web server (scripts/web.ts) before the request
 * reaches Next. Through Next's proxy a hit also cost Next's routing, its middleware adapter and a Request/Response
 * pair: 0.20-0.33 of a static file's throughput (scripts/bench/README.md, `pages.ts --visitors`). The cache lives in
 * the proxy's bundle (lib/page-cache/anonymous-page-cache.ts), a module copy of its own, so it lends its answer
 * through `globalThis` once Next has loaded it; until then (the first request), and for whatever the cache does not
 * answer (renders, 503s), Next and proxy.ts answer. This file imports nothing: web.ts must not load a second copy.
 */
type HitRequest = { method: string; pathname: string; searchParams: URLSearchParams; headers: Headers };
type EarlyAnswer = (request: HitRequest) => Promise<Response | null>;

const HOOK = Symbol.for("alpsbench.page-cache.answer-hit");
const hooks = globalThis as { [HOOK]?: EarlyAnswer };

/** Called by the cache's own module (in the proxy's bundle). */
export function lendEarlyAnswers(answer: EarlyAnswer): void {
  hooks[HOOK] = answer;
}

/** Answers `request` from the page cache and returns true; false: hand it to Next. */
export async function answeredEarly(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const answer = hooks[HOOK];
  if (!answer || (request.method !== "GET" && request.method !== "HEAD")) return false;
  // static files and the API are never the cache's: no Headers to build for them (proxy.ts matches neither for pages)
  if (request.url?.startsWith("/_next/") || request.url?.startsWith("/api/")) return false;
  const url = new URL(request.url ?? "/", "http://early-hit.invalid");
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const hit = await answer({ method: request.method, pathname: url.pathname, searchParams: url.searchParams, headers });
  if (!hit) return false;
  const body = hit.body ? Buffer.from(await hit.arrayBuffer()) : null;
  response.writeHead(hit.status, Object.fromEntries(hit.headers));
  response.end(body);
  return true;
}
