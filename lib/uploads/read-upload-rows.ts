import { createReadStream } from "node:fs";
import { pipeline, Readable } from "node:stream";
import { createGunzip, gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse";
import { parquetMetadata, parquetReadObjects, snappyUncompress, type Compressors, type FileMetaData } from "hyparquet";
import type { z } from "zod";
import { formatByteSize } from "./format-byte-size";
import { parsePredictionStream } from "./parse-prediction-stream";
import { scanStorable } from "./storable-value";
import { budgetExceededMessage, type UploadBudget } from "./upload-budget";
import type { RowProblem } from "@/lib/benchmarks/types";

/**
 * The bounded, streaming reader of an uploaded table of prediction rows for a benchmark module's track (JSONL,
 * CSV or parquet, each optionally gzip), used at upload (lib/submissions/prepare-module-file.ts), by the worker
 * on the stored copy (lib/worker/score-module-submission.ts) and by the `score` CLI. Never a whole file in one
 * string: the bytes are un-gzipped as they arrive, counted against the upload's limit and the request's shared
 * budget (lib/uploads/upload-budget.ts), and turned into rows one at a time:
 *
 *  - JSONL (or one JSON array): the prediction parser AlpsBench uploads use (lib/uploads/parse-prediction-stream.ts),
 *    with its row-size, depth and blank-line bounds;
 *  - CSV: csv-parse's streaming parser, with a record-size bound and the same blank-line bound;
 *  - parquet: its footer sits at its end, so the (bounded) bytes are held as one binary buffer, and the footer's
 *    metadata (row count, uncompressed sizes) is checked BEFORE any page is read; pages are then decoded one row
 *    group at a time, every decompressed page counted against the declared size and the budget.
 *
 * Every row keeps its line (JSONL/CSV: the file line, a CSV header being line 1; parquet: the 1-based row), so
 * problems name line and field. A file-level problem (too large, not gzip, too many rows) ends the reading.
 */

type UploadFormat = "jsonl" | "csv" | "parquet";
const MAX_PROBLEMS = 200;
/**
 * Rows one module upload may hold. PersonalLLM's tracks take one row per simulated user: 1,000. A hundred times
 * that leaves any module room while a parquet footer claiming 20 million rows is refused before a page is read.
 */
export const MAX_UPLOAD_ROWS = 100_000;
/** One row: a PersonalLLM row is a user id, a choice or a response text (a few KB); 1 MiB is far above any. */
const MAX_UPLOAD_ROW_BYTES = 1024 * 1024;
/** blank lines a CSV or JSONL file may hold (a gzip of millions of newlines is a bomb, not a table) */
const MAX_BLANK_LINES = 10_000;

type ReadUploadOptions = {
  /** the file's name: ".csv" / ".parquet" (before any ".gz") choose the format; parquet is also known by its bytes */
  fileName: string;
  /** the most this file may decompress to */
  maxDecompressedBytes: number;
  /** the request's shared decompressed-bytes budget */
  budget?: UploadBudget;
  maxRows?: number;
  maxRowBytes?: number;
  /** every decompressed chunk, in order (to hash and re-compress the content while it streams); awaited */
  onContent?: (chunk: Buffer) => void | Promise<void>;
};

type ReadUploadStats = { gzip: boolean; format: UploadFormat | null; decompressedBytes: number; rows: number };

type UploadRowItem = { line: number; value: unknown } | { problem: RowProblem; fatal: boolean; code?: StopCode };

type StopCode = "decompressed_too_large" | "bad_gzip" | "empty" | "too_many_rows" | "malformed";

/** A file-level refusal: reading ends and the file is refused with this code and sentence. */
class ReadStop extends Error {
  constructor(
    readonly code: StopCode,
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

function formatOfName(name: string): UploadFormat | null {
  const base = name.toLowerCase().replace(/\.gz$/, "");
  if (base.endsWith(".parquet")) return "parquet";
  if (base.endsWith(".csv")) return "csv";
  return null;
}

/** The upload's decompressed bytes as they come (gzip by its magic bytes), counted against the limits. */
async function* decompressed(input: AsyncIterable<Uint8Array>, options: ReadUploadOptions, stats: ReadUploadStats): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < 2) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    headBytes += next.value.byteLength;
  }
  const first = Buffer.concat(head);
  stats.gzip = first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const state: { error: unknown } = { error: null };
  async function* raw(): AsyncGenerator<Buffer> {
    try {
      if (first.length > 0) yield first;
      if (ended) return;
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await iterator.next();
        } catch (error) {
          state.error = error;
          throw error;
        }
        if (next.done) return;
        yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      }
    } finally {
      try {
        await iterator.return?.();
      } catch {
        // the body is being abandoned
      }
    }
  }
  const count = async (chunk: Buffer): Promise<void> => {
    stats.decompressedBytes += chunk.length;
    if (stats.gzip && options.budget && !options.budget.take(chunk.length))
      throw new ReadStop("decompressed_too_large", budgetExceededMessage(options.budget, formatByteSize));
    if (stats.decompressedBytes > options.maxDecompressedBytes)
      throw new ReadStop(
        "decompressed_too_large",
        `The file ${stats.gzip ? "decompresses to" : "is"} more than ${formatByteSize(options.maxDecompressedBytes)}, the limit for uncompressed content; reading stopped there.`,
      );
    if (options.onContent) await options.onContent(chunk);
  };
  if (!stats.gzip) {
    for await (const chunk of raw()) {
      await count(chunk);
      yield chunk;
    }
    return;
  }
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  pipeline(Readable.from(raw(), { objectMode: false }), gunzip, () => {});
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      await count(chunk);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ReadStop) throw error;
    if (state.error !== null) throw state.error;
    throw new ReadStop(
      "bad_gzip",
      `The file starts like gzip but does not decompress (${error instanceof Error ? error.message : String(error)}): compress it again and upload again.`,
    );
  } finally {
    gunzip.destroy();
  }
}

/** The first chunk of an iterator (to sniff parquet's magic bytes), then all of it again. */
async function peeked(source: AsyncGenerator<Buffer>): Promise<{ first: Buffer | null; all: AsyncGenerator<Buffer> }> {
  const next = await source.next();
  const first = next.done ? null : next.value;
  async function* all(): AsyncGenerator<Buffer> {
    try {
      if (first) yield first;
      if (next.done) return;
      for (let step = await source.next(); !step.done; step = await source.next()) yield step.value;
    } finally {
      await source.return(undefined);
    }
  }
  return { first, all: all() };
}

/** Counts empty lines as the text streams by; past the limit the file is refused. */
async function* blankLineGuard(source: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let line = 1;
  let blank = 0;
  // bytes of the current line so far, counted up to 2, and whether they are only a "\r"
  let lineBytes = 0;
  let onlyCr = true;
  for await (const chunk of source) {
    let pos = 0;
    for (let nl = chunk.indexOf(0x0a, pos); nl !== -1; nl = chunk.indexOf(0x0a, pos)) {
      const length = lineBytes + (nl - pos);
      const empty = length === 0 || (length === 1 && (lineBytes === 1 ? onlyCr : chunk[pos] === 0x0d));
      if (empty && ++blank > max)
        throw new ReadStop(
          "malformed",
          `The file has more than ${max.toLocaleString("en-US")} blank lines (line ${line.toLocaleString("en-US")} is one more); reading stopped there. Remove the blank lines and upload again.`,
        );
      line += 1;
      lineBytes = 0;
      onlyCr = true;
      pos = nl + 1;
    }
    const rest = chunk.length - pos;
    if (rest > 0) {
      if (lineBytes === 0 && rest === 1) onlyCr = chunk[pos] === 0x0d;
      else onlyCr = false;
      lineBytes = Math.min(2, lineBytes + rest);
    }
    yield chunk;
  }
}

async function* jsonlRows(source: AsyncIterable<Buffer>, options: ReadUploadOptions): AsyncGenerator<UploadRowItem> {
  for await (const item of parsePredictionStream(source, {
    maxRowBytes: options.maxRowBytes ?? MAX_UPLOAD_ROW_BYTES,
    maxBlankLines: MAX_BLANK_LINES,
    // the bytes were counted as they were un-gzipped; a gzip inside the gzip is counted again by the parser
    budget: options.budget,
  })) {
    if ("value" in item) yield { line: item.line, value: item.value };
    else if (item.line === null) {
      const code: StopCode = item.code === "decompressed_too_large" ? "decompressed_too_large" : item.code === "empty" ? "empty" : "malformed";
      throw new ReadStop(code, item.error);
    } else {
      const where = item.element === undefined ? "" : `element ${item.element}: `;
      yield { problem: { line: item.line, field: null, message: `${where}${item.error}` }, fatal: item.code === "truncated" };
    }
  }
}

async function* csvRows(source: AsyncIterable<Buffer>, options: ReadUploadOptions): AsyncGenerator<UploadRowItem> {
  const parser = parseCsv({
    columns: true,
    skip_empty_lines: true,
    bom: true,
    info: true,
    trim: true,
    max_record_size: options.maxRowBytes ?? MAX_UPLOAD_ROW_BYTES,
  });
  const input = Readable.from(blankLineGuard(source, MAX_BLANK_LINES), { objectMode: false });
  pipeline(input, parser, () => {});
  try {
    for await (const record of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: record.info.lines, value: record.record };
    }
  } catch (error) {
    if (error instanceof ReadStop) throw error;
    const line = (error as { lines?: number }).lines ?? null;
    throw new ReadStop("malformed", `CSV: ${error instanceof Error ? error.message : String(error)}`, line);
  } finally {
    parser.destroy();
    input.destroy();
  }
}

/** The footer's claims, checked before any page is decoded: row count and the columns' uncompressed size. */
function checkParquetMetadata(metadata: FileMetaData, options: ReadUploadOptions, maxRows: number): number {
  const rows = Number(metadata.num_rows);
  if (!Number.isSafeInteger(rows) || rows < 0)
    throw new ReadStop("malformed", `The parquet file's metadata gives an impossible row count (${String(metadata.num_rows)}).`);
  if (rows > maxRows)
    throw new ReadStop(
      "too_many_rows",
      `The parquet file holds ${rows.toLocaleString("en-US")} rows (its metadata says so); at most ${maxRows.toLocaleString("en-US")} are accepted; nothing was read.`,
    );
  let groupRows = 0;
  let declared = 0;
  for (const group of metadata.row_groups) {
    groupRows += Number(group.num_rows);
    for (const column of group.columns) declared += Number(column.meta_data?.total_uncompressed_size ?? 0);
  }
  if (groupRows !== rows) throw new ReadStop("malformed", `The parquet file's row groups hold ${groupRows} rows where its metadata says ${rows}.`);
  const room = Math.min(options.maxDecompressedBytes, options.budget ? options.budget.maxDecompressedBytes - options.budget.decompressedBytes : Infinity);
  if (!(declared <= room))
    throw new ReadStop(
      "decompressed_too_large",
      `The parquet file's columns hold ${formatByteSize(declared)} once decompressed (its metadata says so), more than the ${formatByteSize(options.maxDecompressedBytes)} limit for uncompressed content; nothing was read.`,
    );
  return declared;
}

async function* parquetRows(source: AsyncIterable<Buffer>, options: ReadUploadOptions, maxRows: number): AsyncGenerator<UploadRowItem> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let metadata: FileMetaData;
  try {
    metadata = parquetMetadata(file);
  } catch (error) {
    throw new ReadStop("malformed", `not a readable parquet file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const declared = checkParquetMetadata(metadata, options, maxRows);
  // every decompressed page counted: a page header claiming more than the footer declared stops the reading
  let inflated = 0;
  const take = (length: number) => {
    inflated += length;
    if (inflated > declared || (options.budget && !options.budget.take(length)))
      throw new ReadStop(
        "decompressed_too_large",
        `The parquet file's pages decompress to more than its metadata declares (${formatByteSize(declared)}); reading stopped there.`,
      );
  };
  const compressors: Compressors = {
    SNAPPY: (input, length) => {
      take(length);
      const out = new Uint8Array(length);
      snappyUncompress(input, out);
      return out;
    },
    GZIP: (input, length) => {
      take(length);
      return new Uint8Array(gunzipSync(input, { maxOutputLength: Math.max(1, length) }));
    },
  };
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    let objects: Record<string, unknown>[];
    try {
      objects = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: end, compressors });
    } catch (error) {
      if (error instanceof ReadStop) throw error;
      throw new ReadStop("malformed", `not a readable parquet file: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (let i = 0; i < objects.length; i += 1) yield { line: start + i + 1, value: objects[i] };
    start = end;
  }
}

/**
 * The rows of an upload, one at a time, and its problems: `{ line, value }` for a row, `{ problem, fatal }` for a
 * problem (a fatal one is the last item). Throws only on errors of the input iterable itself (an aborted request).
 */
async function* readUploadRows(input: AsyncIterable<Uint8Array>, options: ReadUploadOptions, stats: ReadUploadStats): AsyncGenerator<UploadRowItem> {
  const maxRows = options.maxRows ?? MAX_UPLOAD_ROWS;
  try {
    const { first, all } = await peeked(decompressed(input, options, stats));
    if (first === null) throw new ReadStop("empty", "The file is empty.");
    const format = formatOfName(options.fileName) ?? (first.subarray(0, 4).toString("latin1") === "PAR1" ? "parquet" : "jsonl");
    stats.format = format;
    const rows = format === "parquet" ? parquetRows(all, options, maxRows) : format === "csv" ? csvRows(all, options) : jsonlRows(all, options);
    for await (const item of rows) {
      if ("value" in item) {
        stats.rows += 1;
        if (stats.rows > maxRows)
          throw new ReadStop(
            "too_many_rows",
            `The file has more than ${maxRows.toLocaleString("en-US")} rows (line ${item.line} is one more); reading stopped there.`,
            item.line,
          );
      }
      yield item;
      if ("fatal" in item && item.fatal) return;
    }
  } catch (error) {
    if (!(error instanceof ReadStop)) throw error;
    yield { problem: { line: error.line, field: null, message: error.message }, fatal: true, code: error.code };
  }
}

type ParsedUpload<T> = {
  format: UploadFormat | null;
  rows: (T & { line: number })[];
  problems: RowProblem[];
  /** the code of the problem that ended the reading, if one did */
  stop: StopCode | null;
  stats: ReadUploadStats;
};

/** readUploadRows with each row validated by the track's zod schema; a bad row is reported and left out. */
export async function parseUploadRows<T extends z.ZodType>(
  input: AsyncIterable<Uint8Array>,
  schema: T,
  options: ReadUploadOptions,
): Promise<ParsedUpload<z.infer<T>> & { problemsTotal: number }> {
  const stats: ReadUploadStats = { gzip: false, format: null, decompressedBytes: 0, rows: 0 };
  const rows: (z.infer<T> & { line: number })[] = [];
  const problems: RowProblem[] = [];
  let total = 0;
  let stop: StopCode | null = null;
  const report = (problem: RowProblem, first = false) => {
    total += 1;
    if (first) problems.unshift(problem);
    else if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  for await (const item of readUploadRows(input, options, stats)) {
    if ("problem" in item) {
      // the problem that ended the reading is the file's: it goes first
      if (item.fatal && item.code) stop = item.code;
      report(item.problem, item.fatal && item.problem.line === null);
      continue;
    }
    // a value PostgreSQL cannot store (NUL, a lone surrogate) or a number that is not finite refuses the row, in
    // every format, before the track's schema reads it (lib/uploads/storable-value.ts)
    const unstorable = scanStorable(item.value).refusal;
    if (unstorable) {
      report({ line: item.line, field: unstorable.field, message: unstorable.message });
      continue;
    }
    const parsed = schema.safeParse(item.value);
    if (parsed.success) rows.push({ ...(parsed.data as object), line: item.line } as z.infer<T> & { line: number });
    else for (const issue of parsed.error.issues) report({ line: item.line, field: issue.path.map(String).join(".") || null, message: issue.message });
  }
  if (stats.rows === 0 && total === 0) {
    stop = "empty";
    report({ line: null, field: null, message: "the file holds no rows" });
  }
  return { format: stats.format, rows, problems: problems.slice(0, MAX_PROBLEMS), problemsTotal: total, stop, stats };
}

/** A module prediction file on disk (the `score` CLI), read like an upload. */
export async function readUploadFile<T extends z.ZodType>(file: string, schema: T, maxDecompressedBytes = 4 * 1024 ** 3) {
  return parseUploadRows(createReadStream(file), schema, { fileName: file, maxDecompressedBytes });
}
