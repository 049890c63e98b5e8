import { isUtf8 } from "node:buffer";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { getManyValues, type Many } from "stream-chain/defs.js";
import fun from "stream-chain/fun.js";
import jsonParser from "stream-json/parser.js";
import { budgetExceededMessage, type UploadBudget } from "@/lib/uploads/upload-budget";

/**
 * Streaming reader of prediction files, shared by upload validation (validate-upload.ts) and the worker,
 * which reads the stored file back. Memory stays bounded by one row (plus zlib's and the tokenizer's
 * buffers), whatever the size of the file.
 *
 * Accepted files: JSON Lines (one row per line; blank lines, a UTF-8 BOM and CRLF line ends allowed) or one
 * top-level JSON array of rows (pretty-printed or not), optionally gzip-compressed: gzip is recognised by its
 * magic bytes (1f 8b), never by a file name.
 *
 * Every row comes with the 1-based line of the file where it starts. In a JSON array that is the line of the
 * element's first character, and `element` gives its 1-based position in the array (a minified array is a
 * single line, so the element number is what a person needs there).
 *
 * A JSON Lines row is parsed with JSON.parse (a line is a whole row, and the native parser is several times
 * faster than any tokenizer written in JavaScript); a JSON array is tokenized with stream-json's parser and
 * assembled one element at a time, so only the current element is ever in memory.
 *
 * User data never makes this throw: a broken file gives `{ error, code }` items. File-level errors (`line`
 * null) end the stream; in a JSON array a syntax error also ends it (the tokenizer cannot resynchronise),
 * while in JSON Lines every bad line is reported and reading goes on. Errors of the input iterable itself
 * (a client that disconnects, a disk that fails) are not user data: they are rethrown as they are.
 */

export type PredictionStreamRow = {
  line: number;
  value: unknown;
  /** 1-based position in the top-level array (JSON array files only) */
  element?: number;
};

export type PredictionStreamErrorCode =
  /** file level (`line` null), the stream ends */
  | "bad_gzip"
  | "decompressed_too_large"
  | "not_text"
  | "empty"
  /** one row (JSON Lines: reading goes on; JSON array: the stream ends) */
  | "invalid_json"
  | "invalid_utf8"
  | "row_too_large"
  | "too_deep"
  /** file level: more blank lines than maxBlankLines (a gzip of newlines), the stream ends */
  | "too_many_blank_lines"
  /** a JSON array that the file ends inside of */
  | "truncated";

export type PredictionStreamError = {
  line: number | null;
  /**
   * Row errors read after "Line 17 is …" ("not valid JSON (Unexpected token …)"); file-level errors are
   * whole sentences ("The file is empty.").
   */
  error: string;
  code: PredictionStreamErrorCode;
  element?: number;
  /** a file refused as not JSON whose first line is a CSV header: its column names (another benchmark's format?) */
  header?: string[];
};

export type PredictionStreamItem = PredictionStreamRow | PredictionStreamError;

/** Filled in while the stream is read (pass one in `options.stats` to see it). */
export type PredictionStreamStats = {
  gzip: boolean;
  format: "jsonl" | "json-array" | null;
  /** bytes after gunzip (= bytes read for a plain file) */
  decompressedBytes: number;
  /** true once the whole input has been read and decompressed (false when reading stopped early) */
  complete: boolean;
};

export type ParsePredictionStreamOptions = {
  /** stop (error `decompressed_too_large`) past this many decompressed bytes; default: no limit */
  maxDecompressedBytes?: number;
  /** largest accepted row (one JSONL line, one array element); default DEFAULT_MAX_ROW_BYTES */
  maxRowBytes?: number;
  /** deepest accepted nesting of a row (the row object is depth 1); default DEFAULT_MAX_ROW_DEPTH */
  maxRowDepth?: number;
  /**
   * the request's shared decompressed-bytes budget (lib/uploads/upload-budget.ts): this file's gunzip output is
   * counted into it, so a gzip inside an archive cannot multiply the limit; past it: `decompressed_too_large`
   */
  budget?: UploadBudget;
  /** most blank (or whitespace-only) lines a file may hold; default DEFAULT_MAX_BLANK_LINES */
  maxBlankLines?: number;
  stats?: PredictionStreamStats;
  /**
   * Called with every decompressed chunk, in order, before it is parsed (to hash or re-compress the content
   * while it streams). Awaited, so it can apply backpressure.
   */
  onContent?: (chunk: Buffer) => void | Promise<void>;
};

/** A real row is a few KB (a 10,000-item memory list is about 2 MB). */
export const DEFAULT_MAX_ROW_BYTES = 32 * 1024 * 1024;
/** Real rows nest 4 levels (row → memory_items → item → value); deep nesting only breaks recursive code downstream. */
export const DEFAULT_MAX_ROW_DEPTH = 64;
/**
 * A real file has a blank line or two (a trailing newline, a separator); a file of millions of them is a bomb
 * (200 MB of newlines gzip to 200 KB) that would keep the server reading for nothing: refused early.
 */
export const DEFAULT_MAX_BLANK_LINES = 10_000;

export function newPredictionStreamStats(): PredictionStreamStats {
  return { gzip: false, format: null, decompressedBytes: 0, complete: false };
}

/** The first KB is inspected before anything is parsed (binary garbage, UTF-16, other archive formats). */
const SNIFF_BYTES = 1024;
/** A long run without '}' or ']' (a minified array, a long string) is fed to the array tokenizer in slices of this many bytes. */
const FEED_SLICE_BYTES = 64 * 1024;

export async function* parsePredictionStream(input: AsyncIterable<Uint8Array>, options: ParsePredictionStreamOptions = {}): AsyncGenerator<PredictionStreamItem> {
  const maxDecompressed = options.maxDecompressedBytes ?? Number.POSITIVE_INFINITY;
  const stats = options.stats ?? newPredictionStreamStats();
  const scanner = new PredictionTextScanner({
    maxRowBytes: options.maxRowBytes ?? DEFAULT_MAX_ROW_BYTES,
    maxRowDepth: options.maxRowDepth ?? DEFAULT_MAX_ROW_DEPTH,
    maxBlankLines: options.maxBlankLines ?? DEFAULT_MAX_BLANK_LINES,
  });
  const budget = options.budget;
  const source = new RawSource(input);
  try {
    const head = await source.peek(2);
    stats.gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
    let decompressed: AsyncIterable<Buffer>;
    let gunzip: ReturnType<typeof createGunzip> | null = null;
    if (stats.gzip) {
      gunzip = createGunzip({ chunkSize: 64 * 1024 });
      // The pipeline destroys the source when gunzip is destroyed (we stopped reading) and vice versa.
      pipeline(Readable.from(source.chunks(), { objectMode: false, highWaterMark: 64 * 1024 }), gunzip, () => {});
      decompressed = gunzip;
    } else {
      decompressed = source.chunks();
    }

    const chunks = decompressed[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (error) {
          if (source.error !== null) throw source.error;
          if (gunzip === null) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          yield {
            line: null,
            code: "bad_gzip",
            error: `The file starts like gzip but does not decompress (${reason}): it is probably cut off or corrupt; compress it again and upload again.`,
          };
          return;
        }
        if (next.done) break;
        const chunk = next.value;
        stats.decompressedBytes += chunk.length;
        if (stats.gzip && budget && !budget.take(chunk.length)) {
          yield { line: null, code: "decompressed_too_large", error: budgetExceededMessage(budget, formatByteSize) };
          return;
        }
        if (stats.decompressedBytes > maxDecompressed) {
          yield {
            line: null,
            code: "decompressed_too_large",
            error: stats.gzip
              ? `The file decompresses to more than ${formatByteSize(maxDecompressed)}, the limit for uncompressed content; reading stopped there.`
              : `The file is larger than ${formatByteSize(maxDecompressed)}, the limit for uncompressed content; reading stopped there.`,
          };
          return;
        }
        if (options.onContent) await options.onContent(chunk);
        const items = scanner.push(chunk);
        stats.format = scanner.format;
        for (const item of items) yield item;
        if (scanner.stopped) return;
      }
    } finally {
      // Stops gunzip (and through the pipeline the source) when we leave early; a no-op after the end.
      await chunks.return?.();
    }
    stats.complete = true;
    const items = scanner.end();
    stats.format = scanner.format;
    for (const item of items) yield item;
  } finally {
    await source.close();
  }
}

/** The caller's iterable, with a peek at its first bytes and a guaranteed close when we stop early. */
class RawSource {
  error: unknown = null;
  private readonly iterator: AsyncIterator<Uint8Array>;
  private readonly buffered: Buffer[] = [];
  private done = false;

  constructor(input: AsyncIterable<Uint8Array>) {
    this.iterator = input[Symbol.asyncIterator]();
  }

  async peek(bytes: number): Promise<Buffer> {
    let have = this.buffered.reduce((sum, b) => sum + b.length, 0);
    while (have < bytes) {
      const chunk = await this.next();
      if (chunk === null) break;
      this.buffered.push(chunk);
      have += chunk.length;
    }
    return Buffer.concat(this.buffered);
  }

  async *chunks(): AsyncGenerator<Buffer> {
    while (this.buffered.length > 0) {
      const chunk = this.buffered.shift();
      if (chunk) yield chunk;
    }
    for (;;) {
      const chunk = await this.next();
      if (chunk === null) return;
      yield chunk;
    }
  }

  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      await this.iterator.return?.();
    } catch {
      // the source is being abandoned; its own errors no longer matter
    }
  }

  /** The next non-empty chunk as a Buffer (no copy), or null at the end. */
  private async next(): Promise<Buffer | null> {
    for (;;) {
      if (this.done) return null;
      let result: IteratorResult<Uint8Array>;
      try {
        result = await this.iterator.next();
      } catch (error) {
        this.error = error;
        this.done = true;
        throw error;
      }
      if (result.done) {
        this.done = true;
        return null;
      }
      const value: unknown = result.value;
      if (!(value instanceof Uint8Array)) {
        // A programming error (e.g. a stream with an encoding set), not user data.
        this.error = new TypeError(`parsePredictionStream: the input yielded ${typeof value}, not bytes`);
        this.done = true;
        throw this.error;
      }
      if (value.length > 0) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
}

/**
 * Synchronous state machine over the decompressed bytes: sniffs the first KB, picks the format from the
 * first non-blank character, splits lines at the byte level (so line numbers are exact and a broken UTF-8
 * line is reported as such) and turns them into rows.
 */
class PredictionTextScanner {
  format: "jsonl" | "json-array" | null = null;
  /** true once nothing more will be produced (file-level error, or a JSON array that cannot go on) */
  stopped = false;

  private head: Buffer[] | null = [];
  private headBytes = 0;
  private totalBytes = 0;
  /** line of the next byte to scan */
  private line = 1;
  /** JSON Lines: the current line's bytes */
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  private lineTooLong = false;
  private array: ArrayRows | null = null;
  private blankLines = 0;

  constructor(private readonly limits: { maxRowBytes: number; maxRowDepth: number; maxBlankLines: number }) {}

  /** Counts one blank line (`line`); false (and the stream's end) once there are more than the limit. */
  private blank(line: number, out: PredictionStreamItem[]): boolean {
    this.blankLines += 1;
    if (this.blankLines <= this.limits.maxBlankLines) return true;
    this.stopped = true;
    out.push({
      line: null,
      code: "too_many_blank_lines",
      error: `The file has more than ${this.limits.maxBlankLines.toLocaleString("en-US")} blank lines (line ${line.toLocaleString("en-US")} is one more); reading stopped there. Remove the blank lines and upload again.`,
    });
    return false;
  }

  push(chunk: Buffer): PredictionStreamItem[] {
    const out: PredictionStreamItem[] = [];
    if (this.stopped) return out;
    this.totalBytes += chunk.length;
    if (this.head) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return out;
      const head = Buffer.concat(this.head);
      this.head = null;
      if (!this.sniff(head.subarray(0, SNIFF_BYTES), false, out)) return out;
      this.scan(head, out);
      return out;
    }
    this.scan(chunk, out);
    return out;
  }

  end(): PredictionStreamItem[] {
    const out: PredictionStreamItem[] = [];
    if (this.stopped) return out;
    if (this.head) {
      const head = Buffer.concat(this.head);
      this.head = null;
      if (!this.sniff(head, true, out)) return out;
      this.scan(head, out);
      if (this.stopped) return out;
    }
    if (this.format === null) {
      this.stopped = true;
      out.push({
        line: null,
        code: "empty",
        error: this.totalBytes === 0 ? "The file is empty." : "The file contains only whitespace: there are no prediction rows in it.",
      });
      return out;
    }
    if (this.format === "jsonl") {
      if (this.pieceBytes > 0 || this.lineTooLong) this.finishJsonlLine(out, true);
    } else if (this.array) {
      out.push(...this.array.end(this.line));
    }
    this.stopped = true;
    return out;
  }

  /** The first KB: refuses what is clearly not UTF-8 text (binary, UTF-16, an image or another archive format). */
  private sniff(head: Buffer, atEnd: boolean, out: PredictionStreamItem[]): boolean {
    const refuse = (why: string) => {
      this.stopped = true;
      out.push({
        line: null,
        code: "not_text",
        error: `The file is not a JSON text file (${why}): upload JSON Lines or a JSON array of rows, as UTF-8, optionally gzip-compressed.`,
      });
      return false;
    };
    if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
      return refuse("it is UTF-16 text (save it as UTF-8)");
    }
    const kind = knownBinaryKind(head);
    if (kind) return refuse(`it looks like ${kind}`);
    const nul = head.indexOf(0);
    if (nul >= 0) {
      const utf16 = head.length >= 2 && ((head[0] !== 0 && head[1] === 0) || (head[0] === 0 && head[1] !== 0));
      return refuse(utf16 ? "it looks like UTF-16 text (save it as UTF-8)" : `it contains NUL bytes (at byte ${nul + 1}), so it is binary data`);
    }
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: !atEnd });
    } catch {
      return refuse("its first bytes are not valid UTF-8 text (save it as UTF-8)");
    }
    return true;
  }

  private scan(buf: Buffer, out: PredictionStreamItem[]): void {
    let start = 0;
    if (this.format === null) {
      if (this.totalBytes === buf.length && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      let i = start;
      while (i < buf.length && isJsonWhitespace(buf[i] as number)) {
        if (buf[i] === 0x0a) {
          if (!this.blank(this.line, out)) return;
          this.line += 1;
        }
        i += 1;
      }
      if (i === buf.length) return;
      const first = buf[i];
      // '"': a JSON Lines file whose first row is JSON text (a JSON-encoded string). Rows are read the same
      // way on every line (validate-row.ts reads such a row leniently), so line 1 must not refuse the file.
      if (first === 0x7b || first === 0x22) this.format = "jsonl";
      else if (first === 0x5b) {
        this.format = "json-array";
        this.array = new ArrayRows(this.limits);
      } else {
        this.stopped = true;
        const rest = buf.subarray(i, i + 40);
        const eol = rest.indexOf(0x0a);
        const shown = (eol === -1 ? rest : rest.subarray(0, eol)).toString("utf8").replace(/\r$/, "");
        const header = csvHeaderOf(buf.subarray(i, i + 4096));
        out.push({
          line: null,
          code: "not_text",
          error: `The file is not JSON (line ${this.line} starts with ${JSON.stringify(shown)}${header ? "; it looks like a CSV table" : ""}): upload JSON Lines, one row {…} per line, or one JSON array […] of rows.`,
          ...(header ? { header } : {}),
        });
        return;
      }
      start = i;
    }
    if (this.format === "jsonl") this.scanJsonl(buf, start, out);
    else this.scanArray(buf, start, out);
  }

  private scanJsonl(buf: Buffer, start: number, out: PredictionStreamItem[]): void {
    let pos = start;
    while (pos < buf.length && !this.stopped) {
      const nl = buf.indexOf(0x0a, pos);
      if (nl === -1) {
        this.addPiece(buf.subarray(pos));
        return;
      }
      if (nl > pos) this.addPiece(buf.subarray(pos, nl));
      this.finishJsonlLine(out, false);
      pos = nl + 1;
    }
  }

  private addPiece(piece: Buffer): void {
    if (this.lineTooLong || piece.length === 0) return;
    if (this.pieceBytes + piece.length > this.limits.maxRowBytes) {
      this.lineTooLong = true;
      this.pieces = [];
      this.pieceBytes = 0;
      return;
    }
    this.pieces.push(piece);
    this.pieceBytes += piece.length;
  }

  private finishJsonlLine(out: PredictionStreamItem[], last: boolean): void {
    const line = this.line;
    this.line += 1;
    if (this.lineTooLong) {
      this.lineTooLong = false;
      out.push({ line, code: "row_too_large", error: `longer than ${formatByteSize(this.limits.maxRowBytes)}, the limit for one row` });
      return;
    }
    if (this.pieceBytes === 0) {
      this.blank(line, out);
      return;
    }
    const bytes = this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces, this.pieceBytes);
    this.pieces = [];
    this.pieceBytes = 0;
    if (!isUtf8(bytes)) {
      out.push({ line, code: "invalid_utf8", error: "not valid UTF-8 text" });
      return;
    }
    const text = bytes.toString("utf8").trim();
    if (text === "") {
      this.blank(line, out);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      out.push({ line, code: "invalid_json", error: describeJsonLineError(error, text, last) });
      return;
    }
    if (depthExceeds(value, this.limits.maxRowDepth)) {
      out.push({ line, code: "too_deep", error: `nested more than ${this.limits.maxRowDepth} levels deep` });
      return;
    }
    out.push({ line, value });
  }

  /**
   * Feeds the tokenizer line by line, so every token is known to come from its line, and cuts each line
   * after every '}' and ']': the tokenizer returns a piece's tokens only if the whole piece parses, so a
   * syntax error loses the tokens of its own piece, and a piece must never hold the end of one element and
   * an error in the next (or "element 3" would be reported as element 2).
   */
  private scanArray(buf: Buffer, start: number, out: PredictionStreamItem[]): void {
    const array = this.array as ArrayRows;
    let pos = start;
    let nextBrace = -1;
    let nextBracket = -1;
    while (pos < buf.length && !array.stopped) {
      const nl = buf.indexOf(0x0a, pos);
      const lineEnd = nl === -1 ? buf.length : nl + 1;
      // an empty line ("\n" or "\r\n") feeds the tokenizer nothing: counted, not fed
      const empty = nl !== -1 && (nl === pos || (nl === pos + 1 && buf[pos] === 0x0d));
      if (empty) {
        if (!this.blank(this.line, out)) return;
        pos = lineEnd;
      }
      while (pos < lineEnd && !array.stopped) {
        if (nextBrace !== Infinity && nextBrace < pos) nextBrace = orInfinity(buf.indexOf(0x7d, pos));
        if (nextBracket !== Infinity && nextBracket < pos) nextBracket = orInfinity(buf.indexOf(0x5d, pos));
        const end = Math.min(lineEnd, Math.min(nextBrace, nextBracket) + 1, pos + FEED_SLICE_BYTES);
        array.feed(buf.subarray(pos, end), this.line, out);
        pos = end;
      }
      if (nl === -1) break;
      this.line += 1;
    }
    if (array.stopped) this.stopped = true;
  }
}

function orInfinity(index: number): number {
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

type Token = { name: string; value?: unknown };

/**
 * The rows of one top-level JSON array, tokenized by stream-json's parser (fed line by line so every token
 * is known to come from that line) and assembled one element at a time. Elements are built here rather
 * than with stream-json's Assembler so that they are exactly what JSON.parse gives for a JSON Lines row
 * (a "__proto__" key is an own property, not a prototype) and their depth is checked while they are built.
 */
class ArrayRows {
  stopped = false;
  /**
   * stream-json's parser is a stream-chain `gen` pipeline of synchronous steps; `fun` runs such a pipeline
   * synchronously (documented: "for purely synchronous pipelines it returns a synchronous result"), giving
   * the tokens of each piece of text at once. Packed values only: no per-character chunk tokens.
   */
  private readonly tokenize = fun(jsonParser({ packValues: true, streamValues: false })) as unknown as (text: string) => Many<Token>;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  /** containers being built, innermost last; stack[0] is the top-level array's placeholder */
  private readonly stack: { container: unknown[] | Record<string, unknown>; key: string | null }[] = [];
  private opened = false;
  private closedOnLine: number | null = null;
  private element = 0;
  private elementLine = 0;
  private elementBytes = 0;
  private inElement = false;

  constructor(private readonly limits: { maxRowBytes: number; maxRowDepth: number }) {}

  feed(bytes: Buffer, line: number, out: PredictionStreamItem[]): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      this.fail(out, line, "invalid_utf8", "not valid UTF-8 text");
      return;
    }
    this.tokens(text, line, out);
    if (this.inElement && !this.stopped) {
      this.elementBytes += bytes.length;
      if (this.elementBytes > this.limits.maxRowBytes) {
        this.fail(out, this.elementLine, "row_too_large", `larger than ${formatByteSize(this.limits.maxRowBytes)}, the limit for one row`);
      }
    }
  }

  end(lastLine: number): PredictionStreamItem[] {
    const out: PredictionStreamItem[] = [];
    if (this.stopped) return out;
    let text: string;
    try {
      text = this.decoder.decode();
    } catch {
      this.fail(out, lastLine, "invalid_utf8", "not valid UTF-8 text (the file ends inside a character)");
      return out;
    }
    if (text) this.tokens(text, lastLine, out);
    if (this.stopped) return out;
    if (this.closedOnLine === null) {
      this.stopped = true;
      out.push({
        line: this.inElement ? this.elementLine : lastLine,
        element: this.inElement ? this.element : undefined,
        code: "truncated",
        error: this.inElement
          ? "cut off: the file ends inside it, before the JSON array is closed"
          : "cut off: the file ends before the JSON array is closed with ']'",
      });
      return out;
    }
    this.stopped = true;
    return out;
  }

  private tokens(text: string, line: number, out: PredictionStreamItem[]): void {
    let tokens: Token[];
    try {
      tokens = getManyValues(this.tokenize(text));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^Parser (cannot parse input: )?/, "");
      if (this.closedOnLine !== null) {
        this.fail(
          out,
          line,
          "invalid_json",
          `not valid JSON: text follows the end of the JSON array (closed on line ${this.closedOnLine}); a file holds one array of rows, or one row per line (JSON Lines)`,
          false,
        );
      } else {
        this.fail(out, line, "invalid_json", `not valid JSON (${reason})`);
      }
      return;
    }
    for (const token of tokens) {
      this.token(token, line, out);
      if (this.stopped) return;
    }
  }

  private token(token: Token, line: number, out: PredictionStreamItem[]): void {
    if (!this.opened) {
      // The scanner picked this format because the first character is '['.
      this.opened = true;
      this.stack.push({ container: [], key: null });
      return;
    }
    if (this.stack.length === 1 && !this.inElement) {
      if (token.name === "endArray") {
        this.stack.pop();
        this.closedOnLine = line;
        return;
      }
      this.inElement = true;
      this.element += 1;
      this.elementLine = line;
      this.elementBytes = 0;
    }
    switch (token.name) {
      case "startObject":
      case "startArray": {
        if (this.stack.length > this.limits.maxRowDepth) {
          this.fail(out, this.elementLine, "too_deep", `nested more than ${this.limits.maxRowDepth} levels deep`);
          return;
        }
        this.stack.push({ container: token.name === "startObject" ? {} : [], key: null });
        return;
      }
      case "endObject":
      case "endArray": {
        const done = this.stack.pop();
        if (done) this.save(done.container, out);
        return;
      }
      case "keyValue": {
        const top = this.stack[this.stack.length - 1];
        if (top) top.key = String(token.value);
        return;
      }
      case "stringValue":
        this.save(String(token.value), out);
        return;
      case "numberValue":
        this.save(Number(token.value), out);
        return;
      case "trueValue":
        this.save(true, out);
        return;
      case "falseValue":
        this.save(false, out);
        return;
      case "nullValue":
        this.save(null, out);
        return;
      default:
        return;
    }
  }

  private save(value: unknown, out: PredictionStreamItem[]): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) return;
    if (this.stack.length === 1) {
      // a whole element is built
      out.push({ line: this.elementLine, value, element: this.element });
      this.inElement = false;
      return;
    }
    if (Array.isArray(top.container)) top.container.push(value);
    else {
      const key = top.key ?? "";
      // Plain assignment would set the prototype for "__proto__"; JSON.parse makes it an own property.
      if (key === "__proto__") Object.defineProperty(top.container, key, { value, writable: true, enumerable: true, configurable: true });
      else top.container[key] = value;
      top.key = null;
    }
  }

  /** Ends the array. The error belongs to the element being built, or between elements to the next one. */
  private fail(out: PredictionStreamItem[], line: number, code: PredictionStreamErrorCode, error: string, withElement = true): void {
    this.stopped = true;
    if (!withElement) out.push({ line, code, error });
    else out.push({ line, code, error, element: this.inElement ? this.element : this.element + 1 });
  }
}

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Formats people upload by mistake, named so the message says what the file is. */
/**
 * The column names of a first line that is a CSV header (at least two comma- or tab-separated names of letters,
 * digits, `_`, `-`, `.` or spaces, optionally quoted), or null.
 */
function csvHeaderOf(start: Buffer): string[] | null {
  const eol = start.indexOf(0x0a);
  if (eol === -1 && start.length >= 4096) return null;
  const line = (eol === -1 ? start : start.subarray(0, eol)).toString("utf8").replace(/\r$/, "");
  const separator = line.includes("\t") ? "\t" : ",";
  const names = line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, "$1"));
  if (names.length < 2 || !names.every((name) => /^[\p{L}\p{N}_.\- ]{1,100}$/u.test(name))) return null;
  return names;
}

function knownBinaryKind(head: Buffer): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "a PNG image";
  if (starts(0xff, 0xd8, 0xff)) return "a JPEG image";
  if (starts(0x25, 0x50, 0x44, 0x46)) return "a PDF document";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "a ZIP archive (or an .xlsx/.docx file); only gzip compression is accepted";
  if (starts(0x42, 0x5a, 0x68)) return "a bzip2 archive; only gzip compression is accepted";
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return "an xz archive; only gzip compression is accepted";
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return "a zstd archive; only gzip compression is accepted";
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return "a 7-Zip archive; only gzip compression is accepted";
  if (starts(0x50, 0x41, 0x52, 0x31)) return "a Parquet file";
  if (starts(0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59)) return "a NumPy file";
  if (starts(0x80) && (head[1] ?? 0) <= 5) return "a Python pickle";
  return null;
}

function describeJsonLineError(error: unknown, text: string, last: boolean): string {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
  if (text === "{" || text === "[") {
    return `not valid JSON on its own (${reason}): a row must fit on one line, so a pretty-printed JSON object is not JSON Lines; write one row per line, or one JSON array of rows`;
  }
  const cutOff = last && /end of JSON input|Unterminated string/i.test(reason);
  if (cutOff) return `not valid JSON (${reason}); the file seems to be cut off here`;
  if (/^\{\s*'/.test(text)) return `not valid JSON (${reason}); it looks like a Python dict printed with str(): write rows with json.dumps`;
  if (/[:,[]\s*-?(NaN|Infinity)\b/.test(text)) return `not valid JSON (${reason}); NaN and Infinity are not JSON numbers`;
  return `not valid JSON (${reason})`;
}

/** Iterative (a deep value must not overflow the stack here either). */
function depthExceeds(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== "object") return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (depth > maxDepth) return true;
    if (Array.isArray(current)) {
      for (const child of current) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    } else {
      for (const key in current as Record<string, unknown>) {
        const child = (current as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}

/** "200 MB", "1 GB", "512 KB": binary units, as the limits are configured. */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return "unlimited";
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}
