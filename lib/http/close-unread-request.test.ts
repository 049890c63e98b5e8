import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, test } from "vitest";
import { closeWhenAnsweredUnread } from "./close-unread-request";

/**
 * A server that refuses an upload after its first 100 KB and stops reading it, as the upload reader does (the
 * request stays paused), over real HTTP with fetch, whose pool reuses a kept-alive connection.
 */
type Wrap = (request: IncomingMessage, response: ServerResponse) => void;
const NONE: Wrap = () => {};
/** The wrapper as it was before the lingering close: Connection: close, and Node destroys the socket at once. */
const CLOSE_AT_ONCE: Wrap = (request, response) => {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!request.complete) this.shouldKeepAlive = false;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
};

let server: Server | null = null;
afterEach(async () => {
  // a connection a refusal left open (no wrapper) would hold close() until its keep-alive timeout
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function refusingServer(wrap: Wrap): Promise<{ base: string; connections: () => number; read: () => number }> {
  let connections = 0;
  let read = 0;
  server = createServer((request, response) => {
    wrap(request, response);
    if (request.url !== "/upload") return void response.end("ok");
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read < 100_000 || response.headersSent) return;
      request.off("data", onData);
      request.pause();
      response.writeHead(422, { "content-type": "application/json" }).end('{"error":"refused"}');
    };
    request.on("data", onData);
  });
  server.on("connection", () => (connections += 1));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, read: () => read };
}

async function upload(base: string, body: BodyInit) {
  const init = { method: "POST", body, signal: AbortSignal.timeout(20_000) };
  return fetch(`${base}/upload`, init).then(
    async (r) => ({ status: r.status, connection: r.headers.get("connection"), body: await r.text() }),
    (e: Error) => ({ error: String((e.cause as Error | undefined)?.message ?? e.message) }),
  );
}

/** Two GETs one after the other: the second is the one handed the upload's pooled connection. */
async function twoGets(base: string, timeoutMs: number) {
  const gets: (number | string)[] = [];
  for (let i = 0; i < 2; i++)
    gets.push(
      await fetch(`${base}/x`, { signal: AbortSignal.timeout(timeoutMs) }).then(
        (r) => r.status,
        (e: Error) => e.name,
      ),
    );
  return gets;
}

const REFUSED = { status: 422, connection: "close", body: '{"error":"refused"}' };

test("an answer given before the body was read closes the connection after it: the client reads it whole, and its next requests are served", async () => {
  const site = await refusingServer(closeWhenAnsweredUnread);
  expect(await upload(site.base, new Uint8Array(2_000_000))).toEqual(REFUSED);
  expect(await twoGets(site.base, 15_000)).toEqual([200, 200]);
  // the upload's connection was not reused
  expect(site.connections()).toBeGreaterThanOrEqual(2);
}, 40_000);

/**
 * A client that writes its whole body (1 MB, in 64 KB chunks) before it reads anything, as a loaded machine's
 * client does: the answer waits in its receive buffer meanwhile. A reset arriving then discards that buffer.
 */
async function slowClient(base: string, total = 1_000_000): Promise<string> {
  const { port } = new URL(base);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.pause();
  let error = "";
  socket.on("error", (e: NodeJS.ErrnoException) => (error ||= e.code ?? e.message));
  socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${total}\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024);
  for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length) {
    socket.write(chunk);
    await sleep(2);
  }
  await sleep(300);
  let text = "";
  socket.on("data", (data: Buffer) => (text += data.toString()));
  socket.resume();
  if (!socket.closed) await Promise.race([new Promise((resolve) => socket.once("close", resolve)), sleep(5_000)]);
  socket.destroy();
  return text.split("\r\n")[0] || `error ${error}`;
}

test("a client still writing its body when the answer comes reads the answer, not a reset (the server drains before it closes)", async () => {
  const site = await refusingServer(closeWhenAnsweredUnread);
  for (let i = 0; i < 3; i++) expect(await slowClient(site.base)).toBe("HTTP/1.1 422 Unprocessable Entity");
}, 60_000);

test("closed at once instead, the same client is reset while it writes and loses the answer (what the lingering close prevents)", async () => {
  const site = await refusingServer(CLOSE_AT_ONCE);
  for (let i = 0; i < 3; i++) expect(await slowClient(site.base)).toMatch(/^error (EPIPE|ECONNRESET)$/);
}, 60_000);

test("a body sent on far past the answer is not read to its end: the server closes once it drained its limit", async () => {
  const limit = 1024 * 1024;
  const site = await refusingServer((request, response) => closeWhenAnsweredUnread(request, response, { maxBytes: limit, maxMs: 10_000 }));
  const socketRead = new Promise<number>((resolve) => server!.once("connection", (socket: Socket) => socket.once("close", () => resolve(socket.bytesRead))));
  // 64 MB written as fast as the socket takes it, nothing read (a client that goes on after its 413)
  const total = 64 * 1024 * 1024;
  const socket = connect(Number(new URL(site.base).port), "127.0.0.1");
  socket.on("error", () => {});
  socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${total}\r\n\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length)
    if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), sleep(1_000)]);
  const read = await socketRead;
  socket.destroy();
  // the 100 KB the upload reader took, the drain limit, and what was in flight: far from the 64 MB sent
  expect(read).toBeLessThan(limit + 4 * 1024 * 1024);
  expect(await twoGets(site.base, 15_000)).toEqual([200, 200]);
}, 60_000);

test("without a wrapper, the same client's next request hangs on the connection the refusal left open", async () => {
  const site = await refusingServer(NONE);
  const refusal = await upload(site.base, new Uint8Array(2_000_000));
  expect(refusal).toMatchObject({ status: 422, connection: "keep-alive" });
  // the hang lasts until the keep-alive timeout (65 s): two seconds show it
  expect(await twoGets(site.base, 2_000)).toContain("TimeoutError");
}, 40_000);

test("a request read whole keeps its connection alive (keep-alive is not given up for every answer)", async () => {
  server = createServer((request, response) => {
    closeWhenAnsweredUnread(request, response);
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let i = 0; i < 3; i++) {
    const answer = await fetch(`${base}/x`, { method: "POST", body: "small" });
    expect(answer.headers.get("connection")).toBe("keep-alive");
    await answer.text();
  }
});
