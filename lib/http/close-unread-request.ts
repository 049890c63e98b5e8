import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * An answer written before its request's body was read whole (a refused upload: too large, a gzip bomb, a bad
 * line) closes the connection after it ("Connection: close"), as RFC 9112 §9.6 asks of a server that does not
 * read the rest of a message.
 *
 * Why: the upload reader stops reading at the refusal and leaves the request paused, so Node neither reads nor
 * discards the rest of its body and keeps the connection open for keep-alive. A client that reuses that pooled
 * connection for its next request (fetch does) sent it into a connection the server no longer reads: it hung until
 * the keep-alive timeout (65 s) ended in a reset. Closed, the client opens a new connection for its next request.
 */
export function closeWhenAnsweredUnread(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  // Node writes every status line through writeHead, an implicit one (a first write or end) too
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!request.complete) this.shouldKeepAlive = false;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}
