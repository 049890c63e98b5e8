import { createReadStream } from "node:fs";
import { parsePredictionStream } from "./parse-prediction-stream";
import { newPredictionStreamStats } from "./prediction-stream-types";

/** One row of a prediction file: its 1-based line (where a JSON array element starts), and the value. */
export type PredictionFileRow = { line: number; value: unknown };
type PredictionFileProblem = { line: number | null; field: string | null; message: string };

type PredictionFile = {
  format: "jsonl" | "json-array" | null;
  gzip: boolean;
  rows: PredictionFileRow[];
  problems: PredictionFileProblem[];
};

/**
 * Reads a prediction file from disk for the `score` CLI, with the same streaming parser the server uses on
 * uploads and stored files (JSON Lines or one JSON array, gzip by magic bytes, BOM/CRLF, size and depth
 * guards), so the CLI and the server read every file identically. Problems keep their line numbers; the
 * other rows still count.
 */
export async function readPredictionFile(path: string): Promise<PredictionFile> {
  const stats = newPredictionStreamStats();
  const rows: PredictionFileRow[] = [];
  const problems: PredictionFileProblem[] = [];
  for await (const item of parsePredictionStream(createReadStream(path), { stats })) {
    if ("error" in item) problems.push({ line: item.line, field: null, message: item.error });
    else rows.push({ line: item.line, value: item.value });
  }
  return { format: stats.format, gzip: stats.gzip, rows, problems };
}
