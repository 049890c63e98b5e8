import type { OneCallBenchmark, RowProblem, ScoreResult } from "./types";
import { checkItems } from "./check-items";
import { readUploadFile } from "@/lib/uploads/read-upload-rows";

/**
 * Scores an upload file against a benchmark track with no server or database: parse and validate every row,
 * check coverage (missing, unknown, repeated items), then the track's pure scorer. Any problem refuses the
 * whole file (a partial score would rank a different population).
 */
export async function scoreBenchmarkFile(
  benchmark: OneCallBenchmark,
  trackId: string,
  input: unknown,
  predictionsFile: string,
): Promise<{ ok: true; format: string; result: ScoreResult } | { ok: false; format: string; problems: RowProblem[] }> {
  const track = benchmark.tracks.find((t) => t.id === trackId);
  if (!track) throw new Error(`${benchmark.id} has no track "${trackId}" (known: ${benchmark.tracks.map((t) => t.id).join(", ")})`);
  const parsed = await readUploadFile(predictionsFile, track.predictionRow);
  const problems = [...parsed.problems, ...(parsed.problems.length ? [] : checkItems(track, input, parsed.rows).problems)];
  const format = parsed.format ?? "unknown";
  if (problems.length) return { ok: false, format, problems };
  return { ok: true, format, result: track.score(input, parsed.rows) };
}
