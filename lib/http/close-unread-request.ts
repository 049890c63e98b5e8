import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of an unread body the server still reads (and discards) after answering, and for how long at most. */
const LINGER = { maxBytes: 8 * 1024 * 1024, maxMs: 5_000 };

/**
 * An answer written before its request's body was read whole (a refused upload: too large, a gzip bomb, a bad
 * line) ends its connection after it ("Connection: close") with the staged close RFC 9112 §9.6 asks for (Apache's
 * lingering close): the server half-closes, then reads and discards what the
 * client is still sending, up to `maxBytes` or `maxMs`, before it closes the socket.
 *
 * Why both halves:
 * - kept alive, the connection hangs: the upload reader stops reading at the refusal and leaves the request paused,
 *   so Node neither reads nor discards the rest of the body; a client that reuses the pooled connection for its
 *   next request (fetch does) waited for the keep-alive timeout (65 s);
 * - closed at once (Node destroys the socket right after the answer), the client still writing its body is reset:
 *   unread bytes in the server's receive buffer make the kernel send RST, and the client got `write EPIPE` or
 *   `ECONNRESET` instead of the answer it was sent.
 * Past `maxBytes` (a 300 MB file sent on after its 413), the socket is closed anyway: the server never reads a body
 * it refused to its end.
 */
export function closeWhenAnsweredUnread(request: IncomingMessage, response: ServerResponse, linger = LINGER): void {
  const writeHead = response.writeHead;
  // Node writes every status line through writeHead, an implicit one (a first write or end) too
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!request.complete) {
      this.shouldKeepAlive = false;
      lingerOnClose(request, linger);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Node ends a connection that is not kept alive with `socket.destroySoon()`: here it half-closes and drains first. */
function lingerOnClose(request: IncomingMessage, linger: typeof LINGER): void {
  const socket = request.socket;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    let drained = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, linger.maxMs);
    timer.unref();
    request.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > linger.maxBytes) close();
    });
    // the client sent its whole body: nothing is left unread, so closing sends no reset
    request.once("end", close);
    socket.once("close", () => clearTimeout(timer));
    // the answer is out: the write half ends (FIN), the read half keeps reading into the discarded request
    this.end();
    request.resume();
    return this;
  };
}
