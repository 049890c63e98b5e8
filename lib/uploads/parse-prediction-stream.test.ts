import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_TEST_LIMITS, KNOWN_IDS, task1Row } from "@/tests/fixtures/uploads/cases";
import { formatByteSize } from "./format-byte-size";
import { parsePredictionStream } from "./parse-prediction-stream";
import { newPredictionStreamStats, type ParsePredictionStreamOptions, type PredictionStreamItem } from "./prediction-stream-types";
import { validateUpload } from "../benchmarks/alpsbench/upload/validate-upload";

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(content: string | Uint8Array, options: ParsePredictionStreamOptions = {}, size = 5): Promise<PredictionStreamItem[]> {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  const out: PredictionStreamItem[] = [];
  for await (const item of parsePredictionStream(chunked(bytes, size), options)) out.push(item);
  return out;
}

/** Awkward JSON: escapes, surrogate pairs, multi-byte UTF-8 (split across 1-byte chunks), numbers of every form. */
const SAMPLE: unknown[] = [
  {
    benchmark_id: "sess_a1__1",
    memory_items: [{ value: "Zürich — 喜欢古典音乐 🎻", confidence: 0.9 }, { value: { nested: [1, -2.5e-3, 1e21, 0, true, false, null] } }],
  },
  { benchmark_id: "sess_b2", selected_memory_id: 'm"3"\n\t\\/\u0001', answer: "", reason: "\ud83d\ude00" },
  { benchmark_id: "x", responses: [], empty: {}, list: [[], [{}], [[[]]]], "": "empty key", "a b": -0 },
  "a bare string",
  12.5,
  null,
  [1, [2, [3]]],
];

describe("parsePredictionStream: JSON Lines", () => {
  it("gives each row its line; blank lines, a BOM and CRLF are fine; a bad line does not stop the others", async () => {
    const items = await collect(`\uFEFF${task1Row("a")}\r\n\r\n   \n{"benchmark_id": oops}\r\n${task1Row("b")}`, {}, 3);
    expect(items.map((i) => ("value" in i ? { line: i.line, id: (i.value as { benchmark_id: string }).benchmark_id } : { line: i.line, code: i.code }))).toEqual([
      { line: 1, id: "a" },
      { line: 4, code: "invalid_json" },
      { line: 5, id: "b" },
    ]);
  });

  it("parses exactly what JSON.parse parses, chunk boundaries anywhere", async () => {
    const content = SAMPLE.map((v) => JSON.stringify(v)).join("\n");
    for (const size of [1, 2, 7, 1 << 20]) {
      const items = await collect(`${JSON.stringify({ first: true })}\n${content}`, {}, size);
      expect(items.slice(1)).toEqual(SAMPLE.map((value, i) => ({ line: i + 2, value: JSON.parse(JSON.stringify(value)) as unknown })));
    }
  });

  it("a file whose first row is JSON text (a JSON-encoded string) is JSON Lines, read like any later line", async () => {
    const row = task1Row("a");
    const items = await collect(`${JSON.stringify(row)}\n${row}\n${JSON.stringify(row)}\n`);
    expect(items).toEqual([
      { line: 1, value: row },
      { line: 2, value: JSON.parse(row) as unknown },
      { line: 3, value: row },
    ]);
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', async () => {
    const [item] = await collect(`{"benchmark_id": "a", "__proto__": {"polluted": true}}\n`);
    expect(item && "value" in item && Object.getPrototypeOf(item.value)).toBe(Object.prototype);
    expect(item && "value" in item && Object.keys(item.value as object)).toEqual(["benchmark_id", "__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("parsePredictionStream: one JSON array (streamed with stream-json)", () => {
  it("gives each element the line where it starts, and its position in the array", async () => {
    const content = `[\n  {\n    "benchmark_id": "a"\n  },\n  {"benchmark_id": "b"}, {"benchmark_id": "c"},\n\n  "d"\n]\n`;
    expect(await collect(content, {}, 4)).toEqual([
      { line: 2, element: 1, value: { benchmark_id: "a" } },
      { line: 5, element: 2, value: { benchmark_id: "b" } },
      { line: 5, element: 3, value: { benchmark_id: "c" } },
      { line: 7, element: 4, value: "d" },
    ]);
  });

  it("builds exactly what JSON.parse builds, pretty-printed or minified, chunk boundaries anywhere", async () => {
    for (const text of [JSON.stringify(SAMPLE), JSON.stringify(SAMPLE, null, 2)]) {
      for (const size of [1, 3, 1 << 20]) {
        const items = await collect(text, {}, size);
        expect(items.map((i) => ("value" in i ? i.value : i))).toEqual(JSON.parse(text));
        expect(items.map((i) => ("element" in i ? i.element : null))).toEqual(SAMPLE.map((_, k) => k + 1));
      }
    }
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', async () => {
    const [item] = await collect(`[{"benchmark_id": "a", "__proto__": {"polluted": true}}]`);
    expect(item && "value" in item && Object.getPrototypeOf(item.value)).toBe(Object.prototype);
    expect(item && "value" in item && (item.value as Record<string, unknown>)["__proto__"]).toEqual({ polluted: true });
  });

  it("stops at the first syntax error (it cannot resynchronise) and names the element", async () => {
    expect(await collect(`[{"a": 1},\n{"a": 2} {"a": 3},\n{"a": 4}]`)).toEqual([
      { line: 1, element: 1, value: { a: 1 } },
      { line: 2, element: 2, value: { a: 2 } },
      { line: 2, element: 3, code: "invalid_json", error: "not valid JSON (expected ',')" },
    ]);
    // minified: one line, the element number is what locates the error
    const rows = Array.from({ length: 500 }, (_, i) => JSON.stringify({ benchmark_id: `s${i}`, memory_items: [{ value: "v" }] }));
    const broken = `[${rows.slice(0, 300).join(",")}${rows.slice(300).join(",")}]`;
    const items = await collect(broken, {}, 4096);
    expect(items).toHaveLength(301);
    expect(items.at(-1)).toEqual({ line: 1, element: 301, code: "invalid_json", error: "not valid JSON (expected ',')" });
  });

  it("an element over maxRowBytes, or nested too deep, ends the array with its element number", async () => {
    const big = await collect(`[{"a": 1},\n{"a": "${"x".repeat(5000)}"}]`, { maxRowBytes: 1024 }, 700);
    expect(big.at(-1)).toMatchObject({ line: 2, element: 2, code: "row_too_large" });
    const deep = await collect(`[{"a": 1}, ${"[".repeat(70)}${"]".repeat(70)}]`);
    expect(deep.at(-1)).toMatchObject({ line: 1, element: 2, code: "too_deep" });
  });
});

describe("parsePredictionStream: the stream around the rows", () => {
  it("reports gzip, format and sizes, and hands every decompressed byte to onContent in order", async () => {
    const content = Buffer.from(`[${task1Row("a")},\n${task1Row("b")}]`);
    const stats = newPredictionStreamStats();
    const seen: Buffer[] = [];
    const items = await collect(gzipSync(content), { stats, onContent: (chunk) => void seen.push(Buffer.from(chunk)) }, 10);
    expect(items).toHaveLength(2);
    expect(stats).toEqual({ gzip: true, format: "json-array", decompressedBytes: content.length, complete: true });
    expect(Buffer.concat(seen).equals(content)).toBe(true);
  });

  it("reads back the gzip that validateUpload stored, row for row (the worker's path)", async () => {
    const ids = KNOWN_IDS.task1;
    const content = Buffer.from(`${ids.map((id) => task1Row(id)).join("\n")}\n`);
    const validation = await validateUpload(chunked(content, 100), { track: "task1", knownIds: new Set(ids), limits: DEFAULT_TEST_LIMITS });
    if (!validation.storedGzip) throw new Error("expected a stored file");
    const items = await collect(validation.storedGzip, {}, 64 * 1024);
    expect(items).toEqual(ids.map((id, i) => ({ line: i + 1, value: JSON.parse(task1Row(id)) as unknown })));
  });

  it("closes the input when the reader stops early", async () => {
    let closed = false;
    let pulled = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          pulled += 1;
          yield Buffer.from(`${task1Row("a")}\n`);
        }
      } finally {
        closed = true;
      }
    }
    for await (const item of parsePredictionStream(endless())) if ("value" in item && item.line === 3) break;
    expect(closed).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it("stops past maxDecompressedBytes, plain or gzipped", async () => {
    const content = Buffer.from(`${task1Row("a")}\n`.repeat(2000));
    for (const bytes of [content, gzipSync(content)]) {
      const stats = newPredictionStreamStats();
      const items = await collect(bytes, { maxDecompressedBytes: 10_000, stats }, 4096);
      expect(items.at(-1)).toMatchObject({ line: null, code: "decompressed_too_large" });
      expect(stats.complete).toBe(false);
    }
  });

  it("rethrows errors of the input itself, and throws on a programming error (strings instead of bytes)", async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from("[1,");
      throw new Error("disk on fire");
    }
    await expect(collect2(failing())).rejects.toThrow("disk on fire");
    async function* strings(): AsyncGenerator<string> {
      yield "[1]";
    }
    await expect(collect2(strings() as unknown as AsyncIterable<Uint8Array>)).rejects.toThrow(TypeError);
  });

  it("formats limits for people", () => {
    expect([formatByteSize(200 * 1024 * 1024), formatByteSize(1024 ** 3), formatByteSize(1536), formatByteSize(10)]).toEqual([
      "200 MB",
      "1 GB",
      "1.5 KB",
      "10 bytes",
    ]);
  });
});

async function collect2(input: AsyncIterable<Uint8Array>): Promise<PredictionStreamItem[]> {
  const out: PredictionStreamItem[] = [];
  for await (const item of parsePredictionStream(input)) out.push(item);
  return out;
}
