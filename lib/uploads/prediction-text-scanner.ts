import { isUtf8 } from "node:buffer";
import { formatByteSize } from "./format-byte-size";
import { describeInvalidByte, invalidUtf8At } from "./utf8-offset";
import { ArrayRows } from "./prediction-array-rows";
import type { PredictionStreamItem } from "./prediction-stream-types";

/** The first KB is inspected before anything is parsed (binary garbage, UTF-16, other archive formats). */
const SNIFF_BYTES = 1024;
/** A long run without '}' or ']' (a minified array, a long string) is fed to the array tokenizer in slices of this many bytes. */
const FEED_SLICE_BYTES = 64 * 1024;

/**
 * Synchronous state machine over the decompressed bytes: sniffs the first KB, picks the format from the
 * first non-blank character, splits lines at the byte level (so line numbers are exact and a broken UTF-8
 * line is reported as such) and turns them into rows.
 */
export class PredictionTextScanner {
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
    const bad = invalidUtf8At(head, !atEnd);
    if (bad !== -1) {
      return refuse(`${describeInvalidByte(head, bad)} of the file is not valid UTF-8; a Windows-1252 or Latin-1 file looks like this (save it as UTF-8)`);
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
      const bad = invalidUtf8At(bytes);
      const where = bad === -1 ? "" : ` at ${describeInvalidByte(bytes, bad)} of the line`;
      out.push({ line, code: "invalid_utf8", error: `not valid UTF-8 text${where}; a Windows-1252 or Latin-1 file looks like this (save it as UTF-8)` });
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
