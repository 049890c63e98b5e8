import { createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { MALFORMED_UPLOADS } from "../fixtures/uploads/cases";
import { createTokenViaCli, e2eDb, jsonl, uploadMultipart } from "./submissions-helpers";

/**
 * The "bad input" bar through real HTTP: every malformed upload of the validator's table (truncated
 * JSON, wrong shapes, wrong ids, empty, binary garbage, PNG, UTF-16, broken gzip, …), an upload far over the
 * size limit, and a gzip bomb. Each is refused with a clear message, nothing is stored, and the server still
 * accepts a good upload afterwards.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);
let token: string;
let demoIds: string[];
let devIds: string[] = [];
const fields = { task: "task1", model: "Malformed Upload Tester", benchmark: "demo", split: "full" };
const stored = () => db.submission.count();

beforeAll(async () => {
  token = await createTokenViaCli(databaseUrl, `malformed-${Date.now()}@example.org`);
  demoIds = (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" }, select: { benchmarkId: true } })).map(
    (i) => i.benchmarkId,
  );
  devIds = (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1", split: "dev" }, select: { benchmarkId: true } })).map(
    (i) => i.benchmarkId,
  );
});
afterAll(() => db.$disconnect());

async function rawUpload(body: ReadableStream<Uint8Array> | Uint8Array, contentType: string) {
  const query = new URLSearchParams(fields).toString();
  const response = await fetch(`${baseUrl}/api/v1/submissions?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

describe("malformed uploads over HTTP", () => {
  test(`all ${MALFORMED_UPLOADS.length} malformed files are refused with a clear message and nothing is stored`, async () => {
    expect(MALFORMED_UPLOADS.length).toBeGreaterThanOrEqual(20);
    const before = await stored();
    for (const upload of MALFORMED_UPLOADS) {
      const answer = await uploadMultipart(baseUrl, { token, fields, file: upload.content, fileName: "bad.jsonl" });
      expect([413, 422], `${upload.name}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      expect(answer.body.error?.message.length ?? 0, upload.name).toBeGreaterThan(10);
      if (upload.expect.problem?.line) {
        const problems = answer.body.error?.validation?.problems ?? [];
        expect(
          problems.some((p) => p.line !== null),
          `${upload.name} names a line`,
        ).toBe(true);
      }
    }
    expect(await stored()).toBe(before);
  });

  test("an upload far over the size limit (300 MB, streamed) is refused without reading it all", async () => {
    const before = await stored();
    // one valid row, then blank lines (allowed in JSONL): only the size limit can stop this file
    let sent = 0;
    const first = Buffer.from(`${JSON.stringify({ benchmark_id: demoIds[0], memory_items: [] })}\n`);
    const padding = Buffer.alloc(1024 * 1024, "\n");
    const total = 300 * 1024 * 1024;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = sent === 0 ? first : padding;
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await rawUpload(stream, "application/x-ndjson").catch((error: Error) => ({
      status: 0,
      body: { error: { code: "reset", message: error.message } },
    }));
    // the server answers 413 past its size limit, 422 once the blank lines pass 10,000 (a file of newlines is a
    // bomb: lib/uploads/parse-prediction-stream.ts), or closes the connection
    if (answer.status !== 0) expect([413, 422]).toContain(answer.status);
    expect(sent).toBeLessThan(total);
    expect(await stored()).toBe(before);
  });

  test("a gzip bomb (a small file that expands past the limit) is refused", async () => {
    const before = await stored();
    // one valid row, then 200 MB of blank lines: about 200 KB compressed
    const gzip = createGzip({ level: 9 });
    const parts: Buffer[] = [];
    gzip.on("data", (b: Buffer) => parts.push(b));
    const done = new Promise((resolve) => gzip.on("end", resolve));
    gzip.write(`${JSON.stringify({ benchmark_id: demoIds[0], memory_items: [] })}\n`);
    const block = Buffer.alloc(4 * 1024 * 1024, "\n");
    for (let written = 0; written < 200 * 1024 * 1024; written += block.length) if (!gzip.write(block)) await new Promise((r) => gzip.once("drain", r));
    gzip.end();
    await done;
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await rawUpload(new Uint8Array(bomb), "application/gzip");
    // refused at the 10,001st blank line (422), long before the decompressed limit (413) would be reached
    expect([413, 422]).toContain(answer.status);
    expect(answer.body.error?.message).toMatch(/decompress|expand|limit|blank lines/i);
    expect(await stored()).toBe(before);
  });

  test("after all that, the server is healthy and accepts a good upload on the same client's connections", async () => {
    // The refusals above left request bodies unread; the server closed those connections (Connection: close,
    // lib/http/close-unread-request.ts), so this client's pool opens new ones. One it kept alive would take these
    // requests into a connection the server no longer reads: they hung 65 s, until the keep-alive timeout's reset.
    const wait = { signal: AbortSignal.timeout(30_000) };
    expect((await fetch(`${baseUrl}/api/v1/leaderboards/overview`, wait)).status).toBe(200);
    // a value of its own: the same predictions uploaded elsewhere in the suite would be a duplicate (409); dev ids, so
    // the file is no partial test-split file
    const item = { type: "direct", label: "Personal_Background/Pets", value: `malformed-suite ${Date.now()}`, confidence: 0.5 };
    const answer = await uploadMultipart(baseUrl, { token, fields, file: jsonl(devIds.slice(0, 3).map((id) => ({ benchmark_id: id, memory_items: [item] }))) });
    expect(answer.status).toBe(202);
  });
});
