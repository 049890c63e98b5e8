import { Readable } from "node:stream";
import { createGzip, gzipSync } from "node:zlib";
import { parquetMetadata } from "hyparquet";
import { ByteWriter, parquetWriteBuffer } from "hyparquet-writer";
import { writeMetadata } from "hyparquet-writer/src/metadata.js";
import { describe, expect, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { validateModuleUpload } from "@/lib/submissions/prepare-module-file";
import { UploadBudget } from "@/lib/uploads/upload-budget";
import { MAX_UPLOAD_ROWS, parseUploadRows } from "./read-upload-rows";

/**
 * The bounded reader of module uploads against the bombs of issue 19 #1, each a small generated file: a gzip of
 * many MB of newlines (JSONL and CSV) and a parquet file whose footer claims millions of rows. Each is refused
 * with a sentence, and the reader is shown to have stopped early by what it read, not by how long it took.
 */
const personalLlm = oneCallOf(getBenchmark("personalllm"))!;
const selection = personalLlm.tracks.find((t) => t.id === "selection")!;
const users = Array.from({ length: 12 }, (_, i) => String(i + 1));
const input = { users: users.map((personId) => ({ personId, weights: [], testPrompt: "p", bestResponseReward: 0, gpt4oReward: 0 })), prompts: [] };
const limits = { maxBytes: 10 * 1024 * 1024, maxDecompressedBytes: 1024 * 1024 * 1024, maxProblems: 50 };

/**
 * A gzip of `head`, `megabytes` MB of newlines, then `tail`, produced while it is read (the test never holds the
 * inflated content either); `made` counts the MB of newlines the reader's pulling made the generator produce.
 */
function newlineBomb(head: string, megabytes: number, tail: string) {
  const state = { made: 0, sent: 0 };
  const newlines = Buffer.alloc(1024 * 1024, 0x0a);
  async function* plain(): AsyncGenerator<Buffer> {
    yield Buffer.from(head);
    for (let i = 0; i < megabytes; i += 1) {
      state.made += 1;
      yield newlines;
    }
    yield Buffer.from(tail);
  }
  async function* body(): AsyncGenerator<Uint8Array> {
    for await (const chunk of Readable.from(plain()).pipe(createGzip())) {
      state.sent += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  return { state, body: body() };
}

const once = async function* (chunk: Uint8Array) {
  yield chunk;
};
const validate = (body: AsyncIterable<Uint8Array>, fileName: string, budget?: UploadBudget) =>
  validateModuleUpload(body, { benchmark: personalLlm, track: selection, input, fileName, limits, budget });
const jsonlRows = (ids: string[]) => ids.map((id) => JSON.stringify({ person_id: id, choice: 3 })).join("\n") + "\n";
const csvRows = (ids: string[]) => `person_id,choice\n${ids.map((id) => `${id},3`).join("\n")}\n`;

describe("module uploads: bombs refused early, with bounded reading", () => {
  test("a gzip of 200 MB of newlines between 12 valid JSONL rows (issue 19 #1: 204 KB, the server's heap) is refused after 10,000 blank lines", async () => {
    const bomb = newlineBomb(jsonlRows(users.slice(0, 6)), 200, jsonlRows(users.slice(6)));
    const budget = new UploadBudget(limits.maxDecompressedBytes);
    const result = await validate(bomb.body, "pick.jsonl.gz", budget);
    expect(result).toMatchObject({ ok: false, code: "malformed", storedGzip: null, gzip: true });
    expect(result.fatal).toMatch(/more than 10,000 blank lines \(line 10,007 is one more\); reading stopped there/);
    // stopped in the first MB of the 200: the reader un-gzipped at most a couple of MB, and the body was abandoned
    expect(result.decompressedBytes).toBeLessThan(2 * 1024 * 1024);
    expect(budget.decompressedBytes).toBe(result.decompressedBytes);
    expect(bomb.state.made).toBeLessThan(32);
  });

  test("the same bomb as CSV is refused the same way", async () => {
    const bomb = newlineBomb(csvRows(users.slice(0, 6)), 200, csvRows(users.slice(6)).replace("person_id,choice\n", ""));
    const result = await validate(bomb.body, "pick.csv.gz");
    expect(result).toMatchObject({ ok: false, code: "malformed", storedGzip: null, format: "csv" });
    expect(result.fatal).toMatch(/more than 10,000 blank lines \(line 10,008 is one more\)/);
    expect(result.decompressedBytes).toBeLessThan(2 * 1024 * 1024);
    expect(bomb.state.made).toBeLessThan(32);
  });

  test("the same rows without the newlines are accepted, as JSONL and as CSV", async () => {
    for (const [text, fileName] of [
      [jsonlRows(users), "pick.jsonl.gz"],
      [csvRows(users), "pick.csv.gz"],
    ] as const) {
      const result = await validate(once(gzipSync(text)), fileName);
      expect(result).toMatchObject({ ok: true, rows: 12 });
    }
  });

  test("a parquet file whose footer claims 20,000,000 rows is refused from its metadata, before any page is decoded", async () => {
    const real = parquetWriteBuffer({
      columnData: [
        { name: "person_id", data: ["1", "2"], type: "STRING" },
        { name: "choice", data: [3, 4], type: "INT32" },
      ],
    });
    // the same pages under a footer that says 20 M rows (as a dictionary-encoded bomb's footer honestly does)
    const metadata = parquetMetadata(real);
    const footerLength = new DataView(real).getUint32(real.byteLength - 8, true);
    const claimed = 20_000_000n;
    const lying = { ...metadata, num_rows: claimed, row_groups: metadata.row_groups.map((g) => ({ ...g, num_rows: claimed })) };
    const writer = new ByteWriter();
    writeMetadata(writer, lying);
    const footer = new Uint8Array(writer.getBuffer());
    const bytes = Buffer.concat([
      Buffer.from(real, 0, real.byteLength - 8 - footerLength),
      footer,
      Buffer.from(new Uint32Array([footer.length]).buffer),
      Buffer.from("PAR1"),
    ]);
    expect(Number(parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer).num_rows)).toBe(20_000_000);

    const budget = new UploadBudget(limits.maxDecompressedBytes);
    const parsed = await parseUploadRows(once(bytes), selection.predictionRow, {
      fileName: "pick.parquet",
      maxDecompressedBytes: limits.maxDecompressedBytes,
      budget,
    });
    expect(parsed.stop).toBe("too_many_rows");
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems[0]?.message).toBe(
      `The parquet file holds 20,000,000 rows (its metadata says so); at most ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} are accepted; nothing was read.`,
    );
    // no page was decompressed: every decompressed page is counted into the budget
    expect(budget.decompressedBytes).toBe(0);

    const result = await validate(once(bytes), "pick.parquet");
    expect(result).toMatchObject({ ok: false, code: "malformed", format: "parquet", storedGzip: null });
    expect(result.fatal).toMatch(/holds 20,000,000 rows \(its metadata says so\)/);
  });

  test("a parquet file within the bounds is read row group by row group", async () => {
    const bytes = Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: "person_id", data: users, type: "STRING" },
          { name: "choice", data: users.map(() => 5), type: "INT32" },
        ],
        rowGroupSize: 5,
      }),
    );
    const result = await validate(once(bytes), "pick.parquet");
    expect(result).toMatchObject({ ok: true, format: "parquet", rows: 12 });
  });

  test("more rows than the bound: refused at the first row past it", async () => {
    const parsed = await parseUploadRows(once(Buffer.from(jsonlRows(users))), selection.predictionRow, {
      fileName: "pick.jsonl",
      maxDecompressedBytes: limits.maxDecompressedBytes,
      maxRows: 10,
    });
    expect(parsed.stop).toBe("too_many_rows");
    expect(parsed.problems[0]).toEqual({ line: 11, field: null, message: "The file has more than 10 rows (line 11 is one more); reading stopped there." });
  });
});

describe("module uploads: values PostgreSQL cannot store are refused at upload with line and field, in every format", () => {
  const read = (text: string, fileName: string) =>
    parseUploadRows(once(Buffer.from(text)), selection.predictionRow, { fileName, maxDecompressedBytes: limits.maxDecompressedBytes });

  test.each([
    [
      "a lone surrogate in JSONL",
      `{"person_id": "1", "choice": 3}\n{"person_id": "2\\ud800x", "choice": 3}\n`,
      "pick.jsonl",
      2,
      "person_id",
      "lone surrogate (U+D800",
    ],
    ["a NUL in CSV", "person_id,choice\n1,3\n2\u0000,3\n", "pick.csv", 3, "person_id", "U+0000 (NUL)"],
    ["1e400 (Infinity) in JSONL", `{"person_id": "1", "choice": 1e400}\n`, "pick.jsonl", 1, "choice", "Infinity"],
  ])("%s", async (_what, text, fileName, line, field, message) => {
    const parsed = await read(text, fileName);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ line, field });
    expect(parsed.problems[0]!.message).toContain(message);
  });
});
