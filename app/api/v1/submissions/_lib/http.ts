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
  | "conflict"
  | "duplicate"
  | "name_taken"
  | "rate_limited"
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
  duplicate: 409,
  name_taken: 409,
};

/** A 401 that says what to send, and why what was sent did not work. */
export function unauthorized(request: Request, needed = "an API token (Authorization: Bearer abk_…) or a signed-in session") {
  const sent = request.headers.get("authorization");
  const message = sent === null ? `Sign in, or send ${needed}.` : "The Authorization header is not a valid, unrevoked API token (Authorization: Bearer abk_…).";
  return apiError(401, "unauthorized", message, {}, { "www-authenticate": 'Bearer realm="alpsbench"' });
}

export { isSameOriginRequest } from "@/lib/security/same-origin";

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

/** A route's query parameters read with its zod schema; a 400 naming each bad or unknown parameter otherwise. */
export function parseSearchParams<T>(
  request: { nextUrl: URL },
  schema: {
    safeParse: (
      input: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { code: string; path: readonly PropertyKey[]; message: string; keys?: readonly string[] }[] } };
  },
): { ok: true; data: T } | { ok: false; response: Response } {
  const query = schema.safeParse(Object.fromEntries(request.nextUrl.searchParams.entries()));
  if (query.success) return { ok: true, data: query.data };
  const message = query.error.issues
    .map((i) =>
      i.code === "unrecognized_keys" ? `unknown parameter(s): ${(i.keys ?? []).join(", ")}` : `parameter "${i.path.map(String).join(".")}": ${i.message}`,
    )
    .join("; ");
  return { ok: false, response: apiError(400, "bad_request", message) };
}
