import { describe, expect, test } from "vitest";
import { z } from "zod";
import { readJsonBody } from "./read-json-body";

const Schema = z.object({ visibility: z.enum(["public", "private"]) });
const json = { "content-type": "application/json" };

/** A chunked body (no Content-Length) of 64 MB in 4 KB chunks, counting how many chunks the reader pulled. */
function largeBody() {
  const pulled = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.chunks += 1;
      controller.enqueue(new Uint8Array(4096).fill(0x20));
      if (pulled.chunks === 16_384) controller.close();
    },
  });
  return { pulled, request: new Request("http://x/", { method: "PATCH", headers: json, body: stream, duplex: "half" } as RequestInit) };
}

describe("readJsonBody", () => {
  test("a small body is parsed through the schema", async () => {
    const request = new Request("http://x/", { method: "PATCH", headers: json, body: JSON.stringify({ visibility: "private" }) });
    await expect(readJsonBody(request, Schema)).resolves.toEqual({ ok: true, value: { visibility: "private" } });
  });

  test("a bad field is named", async () => {
    const request = new Request("http://x/", { method: "PATCH", headers: json, body: JSON.stringify({ visibility: "secret" }) });
    const answer = await readJsonBody(request, Schema);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.message).toMatch(/^field "visibility": /);
  });

  test("a declared length over 16 KB is refused before the body is read", async () => {
    const { pulled, request } = largeBody();
    const declared = new Request(request, { headers: { ...json, "content-length": String(10 * 1024 * 1024) } });
    await expect(readJsonBody(declared, Schema)).resolves.toEqual({ ok: false, message: "The body is larger than 16384 bytes." });
    // a stream pulls ahead to fill its queue: a chunk or two, never the body
    expect(pulled.chunks).toBeLessThanOrEqual(2);
  });

  test("a chunked body is read only until it passes 16 KB, not to its end", async () => {
    const { pulled, request } = largeBody();
    await expect(readJsonBody(request, Schema)).resolves.toEqual({ ok: false, message: "The body is larger than 16384 bytes." });
    // 16 KB is 4 chunks; the fifth passes it (a stream may pull one more ahead)
    expect(pulled.chunks).toBeLessThanOrEqual(7);
  });
});
