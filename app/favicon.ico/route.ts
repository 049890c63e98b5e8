import { withErrors } from "@/lib/http/error-response";

/**
 * GET /favicon.ico: browsers, feed readers and link previews ask for it whatever the page's <link rel="icon">
 * says. The site's icon is app/icon.svg (served by Next.js at /icon.svg); a permanent redirect sends them there
 * instead of a 404, with no second copy of the icon to keep in step. The Location is relative, so it holds
 * behind any proxy whatever host the server believes it has.
 */
export const GET = withErrors(
  "GET /favicon.ico",
  async () => new Response(null, { status: 308, headers: { location: "/icon.svg", "cache-control": "public, max-age=86400" } }),
);
