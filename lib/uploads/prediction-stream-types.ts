import type { UploadBudget } from "@/lib/uploads/upload-budget";

/** The items, options and limits of the streaming prediction reader (parse-prediction-stream.ts). */

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
type PredictionStreamStats = {
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
