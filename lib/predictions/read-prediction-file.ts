import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";

/** One row of a prediction file: its 1-based line (JSONL) or element number (JSON array), and the value. */
export type PredictionFileRow = { line: number; value: unknown };
export type PredictionFileProblem = { line: number | null; field: string | null; message: string };

export type PredictionFile = {
  format: "jsonl" | "json-array";
  gzip: boolean;
  rows: PredictionFileRow[];
  problems: PredictionFileProblem[];
};

const GZIP_MAGIC = [0x1f, 0x8b];

async function startsWithGzip(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/**
 * Reads a prediction file: JSON Lines (one row per line, blank lines allowed) or one JSON array of rows,
 * optionally gzip-compressed (recognised by its magic bytes, whatever the file name). JSONL is streamed line
 * by line; a line that is not JSON is a problem with its line number, and the other lines still count.
 */
export async function readPredictionFile(path: string): Promise<PredictionFile> {
  const gzip = await startsWithGzip(path);
  const stream: Readable = gzip ? createReadStream(path).pipe(createGunzip()) : createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  const rows: PredictionFileRow[] = [];
  const problems: PredictionFileProblem[] = [];
  let lineNumber = 0;
  let arrayText: string[] | null = null;
  for await (const raw of lines) {
    lineNumber += 1;
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw;
    if (arrayText) {
      arrayText.push(line);
      continue;
    }
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (rows.length === 0 && problems.length === 0 && trimmed.startsWith("[")) {
      arrayText = [line];
      continue;
    }
    try {
      rows.push({ line: lineNumber, value: JSON.parse(trimmed) });
    } catch (error) {
      problems.push({ line: lineNumber, field: null, message: `not valid JSON (${(error as Error).message})` });
    }
  }
  if (arrayText) {
    try {
      const parsed: unknown = JSON.parse(arrayText.join("\n"));
      if (!Array.isArray(parsed)) throw new Error("expected an array of prediction rows");
      parsed.forEach((value, index) => rows.push({ line: index + 1, value }));
    } catch (error) {
      problems.push({ line: null, field: null, message: `the JSON array does not parse (${(error as Error).message})` });
    }
    return { format: "json-array", gzip, rows, problems };
  }
  if (rows.length === 0 && problems.length === 0) problems.push({ line: null, field: null, message: "the file has no prediction rows" });
  return { format: "jsonl", gzip, rows, problems };
}
