import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { closeWhenAnsweredUnread } from "./close-unread-request";

/**
 * A server that refuses an upload after its first 100 KB and stops reading it, as the upload reader does (the
 * request stays paused), then serves a GET on the same client's connection pool: fetch reuses the pooled
 * connection, which, kept alive, no longer reads anything (the GET hung until the keep-alive timeout).
 */
let server: Server | null = null;
afterEach(async () => {
  // the connection a refusal left open (the wrapper's absence) would hold close() until its keep-alive timeout
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function refuseThenGet(wrap: boolean, getTimeoutMs: number) {
  let connections = 0;
  server = createServer((request, response) => {
    if (wrap) closeWhenAnsweredUnread(request, response);
    if (request.url !== "/upload") return void response.end("ok");
    let read = 0;
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
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const upload = await fetch(`${base}/upload`, { method: "POST", body: new Uint8Array(2_000_000) });
  const refusal = { status: upload.status, connection: upload.headers.get("connection"), body: await upload.text() };
  // two GETs one after the other: the second is the one handed the upload's pooled connection
  const gets: (number | string)[] = [];
  for (let i = 0; i < 2; i++)
    gets.push(
      await fetch(`${base}/x`, { signal: AbortSignal.timeout(getTimeoutMs) }).then(
        (r) => r.status,
        (e: Error) => e.name,
      ),
    );
  return { refusal, gets, connections };
}

test("an answer given before the request's body was read closes the connection, so the client's next request is served", async () => {
  const { refusal, gets, connections } = await refuseThenGet(true, 15_000);
  // the client reads the whole answer, and is told the connection ends
  expect(refusal).toEqual({ status: 422, connection: "close", body: '{"error":"refused"}' });
  expect(gets).toEqual([200, 200]);
  // the upload's connection was not reused
  expect(connections).toBeGreaterThanOrEqual(2);
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

test("without it, the same client's next request hangs on the connection the refusal left open (what the wrapper prevents)", async () => {
  // the hang lasts until the keep-alive timeout (65 s): two seconds show it
  const { refusal, gets } = await refuseThenGet(false, 2_000);
  expect(refusal.connection).toBe("keep-alive");
  expect(gets).toContain("TimeoutError");
}, 40_000);
