/*
 * What no route can mean: a path or query that is not valid percent-encoded UTF-8, or that decodes to a control
 * character (C0, DEL, C1). Before this check, `/systems/%00` reached Prisma (PostgreSQL refuses NUL in text:
 * a 500), `/tasks/%ff` reached a page that could not decode its own segment (a 500), and `?q=%ff` became
 * U+FFFD silently. The web server (scripts/web.ts) answers 400 for them, on the URL as sent, before Next parses
 * it or any route or proxy.ts runs (once per request, the upload route included). Pure.
 */

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function decodePart(part: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? part.replace(/\+/g, " ") : part);
  } catch {
    return null; // malformed escape or invalid UTF-8
  }
}

/** null when the path and query are fine; otherwise one sentence for the 400 answer. */
export function requestTargetProblem(pathname: string, search: string): string | null {
  for (const segment of pathname.split("/")) {
    const decoded = decodePart(segment, false);
    if (decoded === null) return "The path is not valid percent-encoded UTF-8.";
    if (CONTROL.test(decoded)) return "The path contains a control character.";
  }
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (query === "") return null;
  for (const pair of query.split("&")) {
    const decoded = decodePart(pair, true);
    if (decoded === null) return "The query string is not valid percent-encoded UTF-8.";
    if (CONTROL.test(decoded)) return "The query string contains a control character.";
    // Next's parsed query silently drops these keys, so no route could refuse them as unknown fields
    const key = decoded.split("=")[0]!;
    if (PROTOTYPE_KEYS.has(key)) return `The query parameter "${key}" is not accepted.`;
  }
  return null;
}

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** A request target as Node gives it (`/path?query`) split into its path and query (with the "?"). */
export function splitTarget(target: string): [path: string, search: string] {
  const at = target.indexOf("?");
  return at < 0 ? [target, ""] : [target.slice(0, at), target.slice(at)];
}
