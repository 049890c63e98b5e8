import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { budgetExceededMessage } from "@/lib/uploads/upload-budget";
import { formatByteSize } from "./format-byte-size";
import {
  DEFAULT_MAX_BLANK_LINES,
  DEFAULT_MAX_ROW_BYTES,
  DEFAULT_MAX_ROW_DEPTH,
  newPredictionStreamStats,
  type ParsePredictionStreamOptions,
  type PredictionStreamItem,
} from "./prediction-stream-types";
import { PredictionTextScanner } from "./prediction-text-scanner";
import { RawSource } from "./raw-source";

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
