import { NextResponse } from "next/server";
import type { CreateSubmissionResult } from "@/lib/submissions/contracts";

/**
 * The JSON error shape of every /api/v1 route: `{error: {code, message, ...details}}`, and the HTTP status
 * of each createSubmission refusal. Shared by the submissions, inputs and queue routes.
 */

export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "unsupported_media_type"
  | "invalid_file"
  | "too_large"
  | "limit_reached"
  | "internal";

export function apiError(status: number, code: ApiErrorCode, message: string, details: Record<string, unknown> = {}, headers?: HeadersInit) {
  return NextResponse.json({ error: { code, message, ...details } }, { status, headers });
}

export const STATUS_OF_REFUSAL: Record<Extract<CreateSubmissionResult, { ok: false }>["code"], number> = {
  invalid_file: 422,
  too_large: 413,
  limit_reached: 429,
  bad_request: 400,
  not_found: 404,
};

/** A 401 that says what to send, and why what was sent did not work. */
export function unauthorized(request: Request, needed = "an API token (Authorization: Bearer abk_…) or a signed-in session") {
  const sent = request.headers.get("authorization");
  const message = sent === null ? `Sign in, or send ${needed}.` : "The Authorization header is not a valid, unrevoked API token (Authorization: Bearer abk_…).";
  return apiError(401, "unauthorized", message, {}, { "www-authenticate": 'Bearer realm="alpsbench"' });
}

/**
 * Whether a cookie-authenticated request comes from this site's own pages. The session cookie is SameSite=Lax,
 * so a cross-site POST does not carry it in current browsers; this is the second lock, for older ones: a
 * browser says where a request comes from (Sec-Fetch-Site, Origin), and only same-origin ones may act on a
 * session. Token-authenticated requests (scripts, the CLI) need no such check: a token is never ambient.
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

/** Logs an unexpected error and answers a generic 500: internals never reach a client. */
export function internalError(where: string, error: unknown) {
  console.error(`[${where}]`, error);
  return apiError(500, "internal", "Something went wrong on our side. Please try again; if it persists, tell the maintainers.");
}

/**
 * Chunks of a web ReadableStream as an async iterable (without relying on the DOM lib's async iterator typing).
 * Stopping early only releases the reader: cancelling a request body destroys the socket in Node, and the
 * client would get a reset instead of our 413/422; Node discards what is left once the response is sent.
 */
export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
