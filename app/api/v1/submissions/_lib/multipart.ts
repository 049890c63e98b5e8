/**
 * A streaming multipart/form-data reader (RFC 7578) for uploads that must not be held in memory.
 *
 * Why not `request.formData()`: undici (the fetch behind Next's Request) reads the whole body before it
 * parses it, and keeps each file as an in-memory Blob: a 200 MB upload would cost 200 MB+ per request.
 * This reader pulls the body chunk by chunk and hands out each part's content as an async iterable, so
 * backpressure reaches the socket: while the consumer (validation, hashing, gzip) is busy, nothing more is read.
 *
 * Contract: parts come in order; a part's `body` must be consumed (or abandoned) before asking for the next
 * part; the reader then skips whatever the consumer left. Errors (truncated body, oversized headers) are
 * MultipartError with a message fit for a 400.
 */

export class MultipartError extends Error {
  override name = "MultipartError";
}

export type MultipartPart = {
  /** the form field name */
  name: string;
  /** present for file parts (may be "" when a browser sends an empty file input) */
  filename: string | null;
  contentType: string | null;
  /** the part's bytes; consume before asking for the next part */
  body: AsyncIterable<Buffer>;
};

export type MultipartLimits = {
  /** bytes of one part's header block */
  maxHeaderBytes: number;
  /** parts in one body */
  maxParts: number;
};

const DEFAULT_LIMITS: MultipartLimits = { maxHeaderBytes: 16 * 1024, maxParts: 64 };
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";");
  if (type?.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    let value = param.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters
    return value.length >= 1 && value.length <= 70 ? value : null;
  }
  return null;
}

/** Pull-based buffer over an async byte source: search for a delimiter without holding more than a chunk. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /**
   * Yields the bytes before the next `delimiter` and consumes the delimiter. Keeps at most
   * delimiter.length - 1 bytes back (a delimiter split across chunks). Throws at the end of the input.
   */
  async *until(delimiter: Buffer, what: string): AsyncGenerator<Buffer, void, undefined> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        const before = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        if (before.length > 0) yield before;
        return;
      }
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const before = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield before;
      }
      if (!(await this.fill())) throw new MultipartError(`the multipart body ends inside ${what}`);
    }
  }

  /** The bytes before the next delimiter, collected, at most `max` of them. */
  async collect(delimiter: Buffer, max: number, what: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.until(delimiter, what)) {
      size += chunk.length;
      if (size > max) throw new MultipartError(`${what} is longer than ${max} bytes`);
      parts.push(chunk);
    }
    return Buffer.concat(parts);
  }

  /** The next `n` bytes, or fewer at the end of the input. */
  async peek(n: number): Promise<Buffer> {
    while (this.buffer.length < n && (await this.fill()));
    return this.buffer.subarray(0, n);
  }

  skip(n: number): void {
    this.buffer = this.buffer.subarray(n);
  }
}

/** `name="x"; filename="a.jsonl"; filename*=UTF-8''a%20b.jsonl` → a map (filename* wins, as RFC 6266 says). */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(re)) {
    const key = match[1]!.toLowerCase();
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "").trim();
    if (key.endsWith("*")) {
      const ext = /^([^']*)'[^']*'(.*)$/.exec(raw);
      if (!ext) continue;
      try {
        params.set(key.slice(0, -1), decodeURIComponent(ext[2]!));
      } catch {
        // a malformed extended value: keep the plain parameter, if any
      }
      continue;
    }
    if (!params.has(key)) params.set(key, raw);
  }
  return params;
}

function parseHeaders(block: Buffer): { name: string; filename: string | null; contentType: string | null } {
  const headers = new Map<string, string>();
  // Browsers send non-ASCII file names as raw UTF-8 in the quoted string.
  for (const line of block.toString("utf8").split("\r\n")) {
    if (!line) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError(`a multipart part has a malformed header line ${JSON.stringify(line.slice(0, 80))}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition");
  if (!disposition || !/^form-data\b/i.test(disposition)) throw new MultipartError("a multipart part has no Content-Disposition: form-data header");
  const params = dispositionParams(disposition);
  const name = params.get("name");
  if (name === undefined) throw new MultipartError("a multipart part has no field name");
  // Browsers escape '"' as %22 and newlines as %0A/%0D in names; undo the quote, which is the common one.
  const filename = params.has("filename") ? params.get("filename")!.replace(/%22/g, '"') : null;
  return { name: name.replace(/%22/g, '"'), filename, contentType: headers.get("content-type") ?? null };
}

/**
 * The parts of a multipart/form-data body, in order. See the module comment for the consumption contract.
 */
export async function* readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: Partial<MultipartLimits> = {},
): AsyncGenerator<MultipartPart, void, undefined> {
  const { maxHeaderBytes, maxParts } = { ...DEFAULT_LIMITS, ...limits };
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary may start the body (no CRLF before it); anything before it is a preamble.
  const first = Buffer.from(`--${boundary}`);
  if (!(await reader.peek(first.length)).equals(first)) {
    for await (const _ of reader.until(delimiter, "the preamble")) void _;
  } else {
    reader.skip(first.length);
  }
  let count = 0;
  for (;;) {
    // After a boundary: "--" ends the body; otherwise optional transport padding, then CRLF and headers.
    const after = await reader.peek(2);
    if (after.toString("latin1") === "--") return;
    for await (const padding of reader.until(CRLF, "a boundary line")) {
      if (!/^[ \t]*$/.test(padding.toString("latin1"))) throw new MultipartError("a multipart boundary line has trailing characters");
    }
    count += 1;
    if (count > maxParts) throw new MultipartError(`the multipart body has more than ${maxParts} parts`);
    const block = await reader.collect(HEADER_END, maxHeaderBytes, "a part's headers");
    // form-data parts always have headers (at least Content-Disposition), so the block ends with CRLF CRLF
    const { name, filename, contentType } = parseHeaders(block);
    const content = reader.until(delimiter, `the part "${name}"`);
    let finished = false;
    const body: AsyncIterable<Buffer> = {
      [Symbol.asyncIterator]: () => {
        const inner = content[Symbol.asyncIterator]();
        return {
          next: async () => {
            const step = await inner.next();
            if (step.done) finished = true;
            return step;
          },
          // An abandoned body: the reader skips the rest when the next part is asked for.
          return: async () => ({ done: true, value: undefined }),
        };
      },
    };
    yield { name, filename, contentType, body };
    if (!finished) for await (const _ of content) void _;
  }
}

/** A text field's value, at most maxBytes (UTF-8). */
export async function readTextPart(part: MultipartPart, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.body) {
    size += chunk.length;
    if (size > maxBytes) throw new MultipartError(`the field "${part.name}" is longer than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
