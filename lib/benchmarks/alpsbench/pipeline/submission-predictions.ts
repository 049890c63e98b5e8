import { parsePredictionStream } from "@/lib/uploads/parse-prediction-stream";
import type { PredictionStreamError } from "@/lib/uploads/prediction-stream-types";
import type { PredictionFileRow } from "@/lib/uploads/read-prediction-file";
import { validatePredictionRow, type PredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { REFUND_NOTE, SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";

/** The first valid row of one benchmark id: what scoreTrack scores for it (later rows are duplicates). */
/** `row` as stored; `value` the row object as read (a JSON-text row unwrapped); `validated` its checked view. */
export type PredictionEntry = { row: PredictionFileRow; value: Record<string, unknown>; validated: PredictionRow };

export type StoredPredictions = {
  /** every row of the file, in order (scoreTrack's input) */
  rows: PredictionFileRow[];
  /** row-level problems (lines that are not JSON...); validation reported them at upload */
  problems: PredictionStreamError[];
  byId: Map<string, PredictionEntry>;
  /** the rows to give scoreTrack for these ids: their first valid rows, which decide their per-instance results */
  rowsFor(ids: Iterable<string>): PredictionFileRow[];
};

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/**
 * Reads a stored submission file (Submission.fileBytes: the gzip of the decompressed upload) with the same
 * streaming reader as upload validation. A file that no longer reads is our failure, not the submitter's: the
 * upload was validated before it was stored.
 */
export async function parseStoredPredictions(fileBytes: Uint8Array): Promise<{ rows: PredictionFileRow[]; problems: PredictionStreamError[] }> {
  const rows: PredictionFileRow[] = [];
  const problems: PredictionStreamError[] = [];
  // validated at upload: a file stored before the blank-line bound still reads (it is not a bomb once accepted)
  for await (const item of parsePredictionStream(once(fileBytes), { maxBlankLines: Number.POSITIVE_INFINITY })) {
    if ("value" in item) rows.push({ line: item.line, value: item.value });
    else problems.push(item);
  }
  const fatal = problems.find((p) => p.line === null || p.code === "truncated");
  if (fatal || rows.length === 0) {
    const why = fatal ?? problems[0];
    const detail = why ? (why.line === null ? why.error : `line ${why.line}: ${why.error}`) : "no rows";
    throw new SubmissionScoringError(
      `The stored copy of your file can no longer be read, so it could not be scored: ${detail.replace(/[.\s]+$/, "")}. ${REFUND_NOTE} Please submit the file again.`,
      true,
    );
  }
  return { rows, problems };
}

export function indexPredictions(track: TrackId, parsed: { rows: PredictionFileRow[]; problems: PredictionStreamError[] }): StoredPredictions {
  const byId = new Map<string, PredictionEntry>();
  for (const row of parsed.rows) {
    const checked = validatePredictionRow(track, row.value);
    if (!checked.ok) continue;
    const id = checked.row.benchmark_id;
    if (!byId.has(id)) byId.set(id, { row, value: checked.value, validated: checked.row });
  }
  return {
    rows: parsed.rows,
    problems: parsed.problems,
    byId,
    rowsFor: (ids) => Array.from(ids, (id) => byId.get(id)?.row).filter((row) => row !== undefined),
  };
}

/**
 * Parsed files of the last few submissions this process worked on: a submission is scored in many chunks, each
 * a separate job, usually on the same worker. Keyed by content hash, so a changed file is never served stale.
 */
const MAX_CACHED = 3;
const MAX_CACHED_FILE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, StoredPredictions>();

export async function storedPredictions(
  key: { submissionId: string; fileSha256: string | null; fileSize: number | null; track: TrackId },
  loadBytes: () => Promise<Uint8Array | null>,
): Promise<StoredPredictions> {
  const cacheKey = `${key.submissionId}:${key.fileSha256 ?? "?"}:${key.track}`;
  const hit = cache.get(cacheKey);
  if (hit) {
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit;
  }
  const bytes = await loadBytes();
  if (!bytes || bytes.length === 0) {
    throw new SubmissionScoringError(
      `The uploaded file is no longer stored on the server, so this submission could not be scored. ${REFUND_NOTE} Please submit the file again.`,
      true,
    );
  }
  const predictions = indexPredictions(key.track, await parseStoredPredictions(bytes));
  if (key.fileSha256 && (key.fileSize ?? bytes.length) <= MAX_CACHED_FILE_BYTES) {
    cache.set(cacheKey, predictions);
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  }
  return predictions;
}
