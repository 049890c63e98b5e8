import { ApiError } from "@/lib/http/api-error";

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

/** A route's query parameters read with its zod schema; otherwise a 400 (thrown ApiError) naming each bad or unknown parameter. */
export function parseSearchParams<T>(
  request: { nextUrl: URL },
  schema: {
    safeParse: (
      input: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { code: string; path: readonly PropertyKey[]; message: string; keys?: readonly string[] }[] } };
  },
): T {
  const query = schema.safeParse(Object.fromEntries(request.nextUrl.searchParams.entries()));
  if (query.success) return query.data;
  const message = query.error.issues
    .map((i) =>
      i.code === "unrecognized_keys" ? `unknown parameter(s): ${(i.keys ?? []).join(", ")}` : `parameter "${i.path.map(String).join(".")}": ${i.message}`,
    )
    .join("; ");
  throw new ApiError("bad_request", message);
}
