import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { UploadLimits } from "@/lib/submissions/contracts";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { DEFAULT_TEST_LIMITS, KNOWN_IDS, MALFORMED_UPLOADS, task1Row, task3Row, task4Row } from "@/tests/fixtures/uploads/cases";
import { UploadBudget } from "@/lib/uploads/upload-budget";
import { MAX_MEMORY_ITEMS, validateUpload } from "./validate-upload";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/uploads");

/** The bytes as a request body would stream them: in chunks of `size`. */
async function* chunked(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function knownIdsOf(track: TrackId): ReadonlySet<string> {
  const ids = (KNOWN_IDS as Record<string, readonly string[]>)[track];
  if (!ids) throw new Error(`no test ids for ${track}`);
  return new Set(ids);
}

function validate(content: Uint8Array, track: TrackId = "task1", limits: Partial<UploadLimits> = {}, chunk = 1000, maxRowBytes?: number) {
  return validateUpload(chunked(content, chunk), { track, knownIds: knownIdsOf(track), limits: { ...DEFAULT_TEST_LIMITS, ...limits }, maxRowBytes });
}

/** A task1 upload read from `input` as it streams in, with the test limits unless `options` says otherwise. */
const validateTask1 = (input: AsyncIterable<Uint8Array>, options: Partial<Parameters<typeof validateUpload>[1]> = {}) =>
  validateUpload(input, { track: "task1", knownIds: knownIdsOf("task1"), limits: DEFAULT_TEST_LIMITS, ...options });

const [A, B, C, D] = KNOWN_IDS.task1 as [string, string, string, string];
const jsonl = (...rows: string[]) => Buffer.from(`${rows.join("\n")}\n`);

describe("validateUpload refuses malformed uploads with a sentence naming the line and field", () => {
  it("has at least twenty cases", () => {
    expect(MALFORMED_UPLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(MALFORMED_UPLOADS.map((c) => [c.name, c] as const))("%s", async (_name, upload) => {
    const result = await validate(upload.content, upload.track, upload.limits, 1000, upload.maxRowBytes);
    expect(result.ok).toBe(false);
    expect(result.code).toBe(upload.expect.code);
    expect(result.fatal).toMatch(upload.expect.fatal);
    expect(result.storedGzip).toBeNull();
    if (upload.expect.problem) {
      const first = result.problems[0];
      expect(first).toBeDefined();
      expect({ line: first?.line, field: first?.field }).toEqual({ line: upload.expect.problem.line, field: upload.expect.problem.field });
      if (upload.expect.problem.message) expect(first?.message).toMatch(upload.expect.problem.message);
    }
    if (upload.expect.problemsTotal !== undefined) expect(result.problemsTotal).toBe(upload.expect.problemsTotal);
    expect(result.problems.length).toBeLessThanOrEqual(DEFAULT_TEST_LIMITS.maxProblems);
    expect(result.problemsTotal).toBeGreaterThanOrEqual(result.problems.length);
    // one sentence: no line breaks, ends with a full stop
    expect(result.fatal).not.toMatch(/\n/);
    expect(result.fatal).toMatch(/\.$/);
  });

  it("gives the same answer whatever the chunking (one byte at a time)", async () => {
    for (const upload of MALFORMED_UPLOADS.filter((c) => c.content.length < 20_000)) {
      const bytewise = await validate(upload.content, upload.track, upload.limits, 1, upload.maxRowBytes);
      const whole = await validate(upload.content, upload.track, upload.limits, 1 << 30, upload.maxRowBytes);
      expect({ name: upload.name, code: bytewise.code, fatal: bytewise.fatal }).toEqual({ name: upload.name, code: whole.code, fatal: whole.fatal });
    }
  });

  it("a gzip bomb is stopped after about the limit, not inflated whole", async () => {
    const bomb = MALFORMED_UPLOADS.find((c) => c.name.startsWith("a gzip bomb"));
    if (!bomb) throw new Error("bomb case missing");
    const result = await validate(bomb.content, "task1", { maxDecompressedBytes: 1024 * 1024 });
    expect(result.code).toBe("decompressed_too_large");
    expect(result.bytes).toBeLessThan(64 * 1024);
    expect(result.decompressedBytes).toBeGreaterThan(1024 * 1024);
    expect(result.decompressedBytes).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
    expect(result.sha256).toBeNull();
  });

  it("a 300 MB stream over a 8 MB limit is refused after pulling about 8 MB, and the stream is closed", async () => {
    // valid rows with distinct ids, so nothing but the size can stop the reading
    const ids = Array.from({ length: 200_000 }, (_, i) => `sess_${i}`);
    let pulled = 0;
    let closed = false;
    let next = 0;
    async function* huge(): AsyncGenerator<Uint8Array> {
      try {
        while (pulled < 300 * 1024 * 1024) {
          let text = "";
          while (text.length < 64 * 1024) text += `${task1Row(ids[next++ % ids.length] as string)}\n`;
          const chunk = Buffer.from(text);
          pulled += chunk.length;
          yield chunk;
        }
      } finally {
        closed = true;
      }
    }
    // how long this takes is measured by scripts/bench/upload-bombs.ts: a test asserts what was read, not time
    const result = await validateTask1(huge(), { knownIds: new Set(ids), limits: { ...DEFAULT_TEST_LIMITS, maxBytes: 8 * 1024 * 1024 } });
    expect(result.code).toBe("too_large");
    expect(result.fatal).toMatch(/^The upload is larger than 8 MB, the limit/);
    expect(pulled).toBeLessThanOrEqual(8 * 1024 * 1024 + 70 * 1024);
    expect(result.bytes).toBe(pulled);
    expect(closed).toBe(true);
    expect(result.storedGzip).toBeNull();
    expect(result.sha256).toBeNull();
  });

  it("a gigabyte of bad lines stops after 10,000 of them (the answer is already no)", async () => {
    const chunk = Buffer.from("{\n".repeat(32 * 1024));
    let pulled = 0;
    async function* flood(): AsyncGenerator<Uint8Array> {
      while (pulled < 1024 ** 3) {
        pulled += chunk.length;
        yield chunk;
      }
    }
    const result = await validateTask1(flood(), { limits: { maxBytes: 2 * 1024 ** 3, maxDecompressedBytes: 2 * 1024 ** 3, maxProblems: 5 } });
    expect(result.code).toBe("malformed");
    expect(result.fatal).toMatch(
      /^Line 1 is not valid JSON on its own .*; 9,999 more lines have problems \(reading stopped at line 10,000\) — fix them and upload again\.$/,
    );
    expect(result.coverage.rejected).toBe(10_000);
    expect(result.problems).toHaveLength(5);
    expect(result.problemsTotal).toBe(10_000);
    expect(result.sha256).toBeNull();
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it("a gzip of 200 MB of newlines and valid rows is refused after 10,000 blank lines, not read whole", async () => {
    // the attack of issue 19 #1: 204 KB on the wire, a string of 200 MB once un-gzipped whole
    const newlines = Buffer.alloc(1024 * 1024, 0x0a);
    let inflated = 0;
    const gzip = (await import("node:zlib")).createGzip();
    async function* bomb(): AsyncGenerator<Uint8Array> {
      // the gzip is produced as it is read, so the test holds no 200 MB either
      const source = (async function* () {
        yield Buffer.from(`${task1Row(A)}\n`);
        for (let i = 0; i < 200; i += 1) {
          inflated += newlines.length;
          yield newlines;
        }
        yield Buffer.from(`${task1Row(B)}\n`);
      })();
      const { Readable } = await import("node:stream");
      for await (const chunk of Readable.from(source).pipe(gzip)) yield chunk as Buffer;
    }
    const result = await validateTask1(bomb());
    expect(result).toMatchObject({ ok: false, code: "malformed", storedGzip: null });
    expect(result.fatal).toMatch(/^The file has more than 10,000 blank lines \(line 10,002 is one more\); reading stopped there/);
    // stopped within the first MB of newlines: nowhere near the 200 MB inside
    expect(result.decompressedBytes).toBeLessThan(2 * 1024 * 1024);
    // and the upload stopped being pulled: the generator (with the stream's read-ahead) made a fraction of its 200 MB
    expect(inflated).toBeLessThan(32 * 1024 * 1024);
  });

  it("the request's budget is shared: a second gzip file gets only what the first left", async () => {
    const content = jsonl(task1Row(A), task1Row(B), task1Row(C), task1Row(D));
    const budget = new UploadBudget(content.length + 10);
    const first = await validateTask1(chunked(gzipSync(content)), { budget });
    expect(first.ok).toBe(true);
    const second = await validateTask1(chunked(gzipSync(content)), { budget });
    expect(second).toMatchObject({ ok: false, code: "decompressed_too_large" });
    expect(second.fatal).toMatch(/in total \(an archive and the compressed files inside it count together\)/);
    expect(budget.decompressedBytes).toBeLessThanOrEqual(2 * content.length);
  });

  it("a gzipped upload over maxBytes says so", async () => {
    const result = await validate(gzipSync(Buffer.from("x".repeat(100_000))), "task1", { maxBytes: 20 });
    expect(result.code).toBe("too_large");
    expect(result.gzip).toBe(true);
    expect(result.fatal).toMatch(/even compressed/);
  });

  it("an error of the input stream itself (an aborted request) is rethrown, not reported as a bad file", async () => {
    async function* aborted(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(`${task1Row(A)}\n`);
      throw new Error("aborted by the client");
    }
    await expect(validateTask1(aborted())).rejects.toThrow("aborted by the client");
    async function* abortedGzip(): AsyncGenerator<Uint8Array> {
      yield gzipSync(Buffer.from(`${task1Row(A)}\n`.repeat(1000))).subarray(0, 100);
      throw new Error("aborted mid-gzip");
    }
    await expect(validateTask1(abortedGzip())).rejects.toThrow("aborted mid-gzip");
  });

  it("throws on programming errors (bad limits), not on data", async () => {
    await expect(validateTask1(chunked(jsonl(task1Row(A))), { limits: { ...DEFAULT_TEST_LIMITS, maxBytes: Number.NaN } })).rejects.toThrow(RangeError);
  });
});

describe("validateUpload accepts good uploads", () => {
  it("JSON Lines: ok, counts, sha256 of the content, a stored gzip that gunzips to it", async () => {
    const content = jsonl(task1Row(A), task1Row(B), "", task1Row(C), task1Row(D));
    const result = await validate(content);
    expect(result).toMatchObject({
      ok: true,
      code: "ok",
      fatal: null,
      format: "jsonl",
      gzip: false,
      rows: 4,
      bytes: content.length,
      decompressedBytes: content.length,
      problems: [],
      problemsTotal: 0,
    });
    expect(result.coverage).toEqual({ expected: 4, valid: 4, missing: 0, duplicate: 0, unknown: 0, rejected: 0, missingIds: [], unknownIds: [], duplicateIds: [] });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(gunzipSync(result.storedGzip as Buffer).equals(content)).toBe(true);
  });

  it("a gzipped upload has the sha256 and the stored bytes of the plain one", async () => {
    const content = jsonl(task1Row(A), task1Row(B), task1Row(C), task1Row(D));
    const plain = await validate(content);
    const gzipped = await validate(gzipSync(content, { level: 1 }), "task1", {}, 7);
    expect(gzipped).toMatchObject({ ok: true, gzip: true, decompressedBytes: content.length });
    expect(gzipped.bytes).toBeLessThan(content.length);
    expect(gzipped.sha256).toBe(plain.sha256);
    expect(gunzipSync(gzipped.storedGzip as Buffer).equals(content)).toBe(true);
    expect(gzipped.storedGzip?.equals(plain.storedGzip as Buffer)).toBe(true);
  });

  it("gzip is recognised by its bytes, and multi-member gzip (cat a.gz b.gz) is read whole", async () => {
    const result = await validate(Buffer.concat([gzipSync(jsonl(task1Row(A), task1Row(B))), gzipSync(jsonl(task1Row(C), task1Row(D)))]));
    expect(result).toMatchObject({ ok: true, gzip: true, rows: 4 });
  });

  it("a JSON array, pretty-printed or minified", async () => {
    const pretty = Buffer.from(
      JSON.stringify(
        [A, B, C, D].map((id) => JSON.parse(task1Row(id)) as unknown),
        null,
        2,
      ),
    );
    const minified = Buffer.from(JSON.stringify([A, B, C, D].map((id) => JSON.parse(task1Row(id)) as unknown)));
    for (const content of [pretty, minified]) {
      const result = await validate(content, "task1", {}, 13);
      expect(result).toMatchObject({ ok: true, format: "json-array", rows: 4, coverage: { valid: 4 } });
      expect(gunzipSync(result.storedGzip as Buffer).equals(content)).toBe(true);
    }
  });

  it("CRLF line ends and a UTF-8 BOM (a file saved on Windows)", async () => {
    const content = Buffer.from(`\uFEFF${[task1Row(A), task1Row(B), task1Row(C), task1Row(D)].join("\r\n")}\r\n`);
    const result = await validate(content);
    expect(result).toMatchObject({ ok: true, rows: 4, coverage: { valid: 4 } });
    const pretty = Buffer.from(`\uFEFF${JSON.stringify([JSON.parse(task1Row(A)) as unknown], null, 2).replace(/\n/g, "\r\n")}`);
    expect(await validate(pretty)).toMatchObject({ ok: true, format: "json-array", rows: 1 });
  });

  it("missing ids are accepted, counted, and warned about (they score as empty predictions)", async () => {
    const result = await validate(jsonl(task1Row(B)));
    expect(result.ok).toBe(true);
    expect(result.coverage).toMatchObject({ expected: 4, valid: 1, missing: 3, missingIds: [A, C, D] });
    expect(result.problems).toEqual([
      { line: null, field: "benchmark_id", message: `3 instances of 4 have no row (first: ${A}, ${C}, ${D}); they score as empty predictions` },
    ]);
  });

  it("item-level problems are reported with line and field but do not refuse the upload", async () => {
    const result = await validate(jsonl(task1Row(A, [{ value: "ok", confidence: {} }, "a bare string"]), task1Row(B)));
    expect(result.ok).toBe(true);
    expect(result.problems.slice(0, 2)).toEqual([
      { line: 1, field: "memory_items[0].confidence", message: "expected number, got object (counts as missing: 1.0)" },
      { line: 1, field: "memory_items[1]", message: "expected object, got string (dropped before scoring, as the authors' pipeline drops it)" },
    ]);
  });

  it(`a row with more than ${MAX_MEMORY_ITEMS} memory items refuses the upload, naming line and field`, async () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ memory_id: `p${i}`, type: "direct", label: "Preferences/Food", value: `Likes tea number ${i}`, confidence: 0.5 }));
    const atBound = await validate(jsonl(task1Row(A, items(MAX_MEMORY_ITEMS)), task1Row(B), task1Row(C), task1Row(D)), "task1", {}, 64 * 1024);
    expect(atBound.ok).toBe(true);
    const over = await validate(jsonl(task1Row(A), task1Row(B, items(800)), task1Row(C), task1Row(D)), "task1", {}, 64 * 1024);
    expect(over).toMatchObject({ ok: false, code: "malformed", storedGzip: null });
    expect(over.problems[0]).toMatchObject({ line: 2, field: "memory_items" });
    expect(over.problems[0]?.message).toMatch(/^800 memory items in one row; at most 200 are accepted/);
    expect(over.fatal).toMatch(/^Line 2 is not a valid task1 row \(memory_items: 800 memory items/);
  });

  it("task3 and task4 rows, keys that look like prototypes, and a row given as JSON text", async () => {
    const task3 = await validate(
      jsonl(task3Row("sess_a1"), JSON.stringify({ benchmark_id: "sess_b2", selected_memory_id: 3 }), JSON.stringify(task3Row("sess_c3"))),
      "task3/d100",
    );
    expect(task3).toMatchObject({ ok: true, rows: 3, coverage: { valid: 3 } });
    const task4 = await validate(
      jsonl(task4Row("ability1_0"), `{"benchmark_id": "ability1_1", "responses": [], "__proto__": {"benchmark_id": "x"}, "constructor": 1}`),
      "task4/ability1",
    );
    expect(task4).toMatchObject({ ok: true, rows: 2, coverage: { valid: 2 } });
  });

  it("rows written as JSON text are read as the objects they hold, on line 1 as on any other line", async () => {
    const result = await validate(jsonl(JSON.stringify(task1Row(A)), task1Row(B), JSON.stringify(`\`\`\`json\n${task1Row(C)}\n\`\`\``)), "task1");
    expect(result).toMatchObject({ ok: true, format: "jsonl", rows: 3, coverage: { valid: 3, rejected: 0 } });
    const note = "the row is JSON text (a string), not a JSON object: read as the object it holds";
    expect(result.problems.filter((p) => p.field === "(root)")).toEqual([
      { line: 1, field: "(root)", message: note },
      { line: 3, field: "(root)", message: note },
    ]);
  });

  it("the hand-made fixture files", async () => {
    const cases: [string, TrackId, object][] = [
      ["task1-valid.jsonl", "task1", { format: "jsonl", rows: 4, coverage: { valid: 4, missing: 0 } }],
      ["task1-crlf-bom.jsonl", "task1", { format: "jsonl", rows: 2, coverage: { valid: 2, missing: 2 } }],
      ["task3-d100-valid.json", "task3/d100", { format: "json-array", rows: 3, coverage: { valid: 3 } }],
      ["task4-ability1-valid.jsonl", "task4/ability1", { format: "jsonl", rows: 2, coverage: { valid: 2 } }],
      ["task4-ability1-official.jsonl", "task4/ability1", { format: "jsonl", rows: 2, coverage: { valid: 2 }, problems: [] }],
    ];
    for (const [file, track, expected] of cases) {
      const result = await validate(readFileSync(path.join(FIXTURES, file)), track);
      expect({ file, ...result }).toMatchObject({ file, ok: true, ...expected });
    }
  });
});
