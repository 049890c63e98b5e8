/**
 * Whether a cookie-authenticated request comes from this site's own pages. The session cookie is SameSite=Lax,
 * so a cross-site POST does not carry it in current browsers; this is the second lock, for older ones: a
 * browser says where a request comes from (Sec-Fetch-Site, Origin), and only same-origin ones may act on a
 * session. Token-authenticated requests (scripts, the CLI) need no such check: a token is never ambient.
 * Every route handler that changes state on a session cookie calls this (server actions get Next's own check).
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (origin === null) return true; // not a browser's cross-site request (those always say where they come from)
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
