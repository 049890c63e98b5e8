import { errorResponse, jsonError } from "@/lib/http/error-response";
import { unauthorizedError } from "@/lib/http/unauthorized";

/**
 * The JSON error answer of the /api/v1 routes, for handlers that answer rather than throw (lib/http/api-error.ts is
 * the one error type; these build the same bodies).
 */
export const apiError = jsonError;

/** A 401 that says what to send, and why what was sent did not work. */
export function unauthorized(request: Request, needed?: string) {
  return errorResponse(unauthorizedError(request, needed), "unauthorized");
}

/** Logs an unexpected error and answers a generic 500: internals never reach a client. */
export function internalError(where: string, error: unknown) {
  return errorResponse(error, where);
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
