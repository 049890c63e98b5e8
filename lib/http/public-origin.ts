import { env, type Env } from "@/lib/env";

/** Interfaces that mean "every interface": no client reaches the server at these addresses. */
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The origin this site's links are written with where they leave the site (the Every Eval Ever and Hugging Face
 * exports). Never the request's Host header: an export is stored and served to everyone (lib/eee), so a header a
 * client made up must not end up in it. In order: `PUBLIC_BASE_URL`, else `AUTH_URL` (both the site's public URL,
 * without a trailing slash, a path kept: a site behind a prefix), else the address the web server listens on
 * (`http://HOST:PORT`) when that is one address, else "" (links stay relative to the site they came from).
 */
export function publicOrigin(e: Pick<Env, "PUBLIC_BASE_URL" | "AUTH_URL" | "HOST" | "PORT"> = env()): string {
  const configured = e.PUBLIC_BASE_URL ?? e.AUTH_URL;
  if (configured) {
    const url = new URL(configured);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  }
  if (WILDCARDS.has(e.HOST)) return "";
  const host = e.HOST.includes(":") && !e.HOST.startsWith("[") ? `[${e.HOST}]` : e.HOST;
  return `http://${host}:${e.PORT}`;
}
