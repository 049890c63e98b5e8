import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Answers requests Node's HTTP parser refuses before any handler sees them (a request line or headers over
 * `maxHeaderSize`, 16 KB by default; a malformed request) with a status and a sentence, then closes the
 * connection cleanly.
 *
 * Node's own answer writes "431" and destroys the socket at once, while the client is still sending the rest of
 * its oversized request: the kernel then resets the connection (unread data on close), and most clients report
 * the reset instead of the 431 (issue 30 #11, an 80 KB query string). Here the answer is written, our side of
 * the connection is ended (FIN), and what the client still sends is read and dropped until it closes, or for
 * DRAIN_MS at most, so the client reads the answer.
 */
const DRAIN_MS = 5_000;

const REASONS: Record<number, { title: string; sentence: string }> = {
  400: { title: "Bad Request", sentence: "the request could not be read as HTTP." },
  408: { title: "Request Timeout", sentence: "the request headers did not arrive in time." },
  431: {
    title: "Request Header Fields Too Large",
    sentence: "the request line or headers are too large (a very long query string or cookie); send less than 16 KB of them.",
  },
};

function statusOfClientError(code: string | undefined): 400 | 408 | 431 {
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  if (code === "HPE_HEADERS_TIMEOUT" || code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // the parser reports every later chunk of the same connection again: one answer per connection
    if (answered.has(socket)) return;
    answered.add(socket);
    // the client is gone, or an answer is being written on this connection (Node keeps it as _httpMessage until
    // it is finished; a keep-alive connection's earlier, finished answers do not count): nothing can be added
    const inFlight = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || (inFlight !== null && inFlight !== undefined)) {
      socket.destroy();
      return;
    }
    const status = statusOfClientError(error.code);
    const { title, sentence } = REASONS[status]!;
    const body = `${status} ${title}: ${sentence}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.on("data", () => {});
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}
