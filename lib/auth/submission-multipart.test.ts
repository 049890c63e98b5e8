// Tests of the upload route's streaming multipart reader (app/api/v1/submissions/_lib/multipart.ts). They sit here
// because the unit project only collects lib/, components/ and scripts/.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { MultipartError, multipartBoundary, readMultipart, readTextPart } from "@/app/api/v1/submissions/_lib/multipart";

/** A body as fetch/undici encodes it, and its boundary. */
async function encode(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw new Error("no boundary");
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary };
}

/** Splits bytes into chunks of pseudo-random sizes (1 byte up to `max`), deterministically. */
async function* chunked(bytes: Buffer, max: number, seed = 7): AsyncGenerator<Uint8Array> {
  let state = seed;
  for (let at = 0; at < bytes.length; ) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const size = 1 + (state % max);
    yield new Uint8Array(bytes.subarray(at, at + size));
    at += size;
  }
}

async function collect(source: AsyncIterable<Uint8Array>, boundary: string) {
  const out: { name: string; filename: string | null; contentType: string | null; data: Buffer }[] = [];
  for await (const part of readMultipart(source, boundary)) {
    const chunks: Buffer[] = [];
    for await (const chunk of part.body) chunks.push(chunk);
    out.push({ name: part.name, filename: part.filename, contentType: part.contentType, data: Buffer.concat(chunks) });
  }
  return out;
}

describe("streaming multipart reader", () => {
  test("multipartBoundary reads the boundary parameter, quoted or not, and nothing else", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });

  test.each([1, 3, 17, 4096, 1 << 20])("reads fields and a binary file exactly, whatever the chunking (chunks up to %i bytes)", async (max) => {
    // content that looks like a boundary and has CRLFs, so a sloppy reader would cut it
    const file = Buffer.concat([randomBytes(50_000), Buffer.from("\r\n--not-the-boundary\r\n\r\n"), randomBytes(20_000)]);
    const form = new FormData();
    form.append("task", "task3/d300");
    form.append("model", "Ünïcode model ✓");
    form.append("file", new Blob([file], { type: "application/gzip" }), "preds.jsonl.gz");
    const { bytes, boundary } = await encode(form);
    const parts = await collect(chunked(bytes, max), boundary);
    expect(parts.map((p) => [p.name, p.filename])).toEqual([
      ["task", null],
      ["model", null],
      ["file", "preds.jsonl.gz"],
    ]);
    expect(parts[1]!.data.toString("utf8")).toBe("Ünïcode model ✓");
    expect(parts[2]!.contentType).toBe("application/gzip");
    expect(parts[2]!.data.equals(file)).toBe(true);
  });

  test("a part the consumer abandons half-way is skipped, and the next part still reads", async () => {
    const form = new FormData();
    form.append("file", new Blob([randomBytes(100_000)]), "a.bin");
    form.append("after", "still here");
    const { bytes, boundary } = await encode(form);
    const seen: string[] = [];
    for await (const part of readMultipart(chunked(bytes, 1000), boundary)) {
      if (part.name === "file") {
        for await (const _chunk of part.body) break;
        seen.push("file");
      } else {
        seen.push(`${part.name}=${await readTextPart(part, 100)}`);
      }
    }
    expect(seen).toEqual(["file", "after=still here"]);
  });

  test("a preamble before the first boundary is ignored; filename* (RFC 5987) wins over filename", async () => {
    const body = Buffer.from(
      [
        "this is a preamble",
        "--XyZ",
        `Content-Disposition: form-data; name="file"; filename="fallback.jsonl"; filename*=UTF-8''r%C3%A9sultats.jsonl`,
        "Content-Type: application/x-ndjson",
        "",
        '{"benchmark_id":"a"}',
        "--XyZ--",
        "",
      ].join("\r\n"),
    );
    const parts = await collect(chunked(body, 5), "XyZ");
    expect(parts).toHaveLength(1);
    expect(parts[0]!.filename).toBe("résultats.jsonl");
    expect(parts[0]!.data.toString()).toBe('{"benchmark_id":"a"}');
  });

  test("a truncated body is an error, not a short file", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("x".repeat(10_000))]), "a.jsonl");
    const { bytes, boundary } = await encode(form);
    await expect(collect(chunked(bytes.subarray(0, 5_000), 512), boundary)).rejects.toThrow(MultipartError);
    await expect(collect(chunked(bytes.subarray(0, 5_000), 512), boundary)).rejects.toThrow(/ends inside the part "file"/);
  });

  test("oversized part headers and parts without a name are refused", async () => {
    const huge = Buffer.from(`--B\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(20_000)}\r\n\r\nv\r\n--B--\r\n`);
    await expect(collect(chunked(huge, 1000), "B")).rejects.toThrow(/headers is longer/);
    const nameless = Buffer.from(`--B\r\nContent-Disposition: form-data\r\n\r\nv\r\n--B--\r\n`);
    await expect(collect(chunked(nameless, 1000), "B")).rejects.toThrow(/no field name/);
  });

  test("readTextPart caps a field's size", async () => {
    const form = new FormData();
    form.append("model", "m".repeat(1000));
    const { bytes, boundary } = await encode(form);
    const parts = readMultipart(chunked(bytes, 64), boundary);
    const first = await parts.next();
    await expect(readTextPart(first.value!, 100)).rejects.toThrow(/longer than 100 bytes/);
  });
});
