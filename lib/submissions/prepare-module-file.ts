import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { parseUploadRows } from "@/lib/benchmarks/read-upload-rows";
import type { AnyTrack, Benchmark, RowProblem } from "@/lib/benchmarks/types";
import { canonicalJson } from "@/lib/predictions/content-hash";
import type { Db } from "@/lib/db/create-client";
import type { SubmissionRefusal, UploadCoverage, UploadLimits, UploadValidation } from "./contracts";

/**
 * Validation of an upload to a registered benchmark module's track, before anything is stored: the whole file
 * is read (bounded by the upload limits: a parquet footer sits at the end, so it cannot be streamed row by row),
 * un-gzipped if it is gzip (bounded again), each row parsed with the track's zod `predictionRow` and the rows
 * checked by the track's pure `check` against the imported data (missing, unknown and repeated items). Every
 * problem names its line (parquet: row) and field; any problem refuses the file.
 *
 * The answer has the shape of an AlpsBench upload's validation (UploadValidation), so the route, the form, the
 * CLI and the status page read it the same way.
 */

export type ModuleValidation = UploadValidation & { storedGzip: Buffer | null };

const GZIP_MAGIC = [0x1f, 0x8b];

/** Reads the body up to `max` bytes; null when it is larger (the rest is drained so the client's request ends). */
async function readBounded(body: AsyncIterable<Uint8Array>, max: number): Promise<{ bytes: Buffer | null; received: number }> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received <= max) chunks.push(Buffer.from(chunk));
  }
  return { bytes: received > max ? null : Buffer.concat(chunks), received };
}

/**
 * The content hash of parsed rows: each row's scored part (the track's `scoredRow`, default the whole parsed row)
 * as canonical JSON, the rows sorted, so file format, key order, row order, gzip and columns the scorer does not
 * read change nothing.
 */
export function moduleContentSha256(track: Pick<AnyTrack, "scoredRow">, rows: readonly Record<string, unknown>[]): string {
  const lines = rows.map(({ line: _line, ...row }) => canonicalJson(track.scoredRow ? track.scoredRow(row) : row)).sort();
  const hash = createHash("sha256");
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest("hex");
}

function coverage(valid: number, rejected: number, expected: number): UploadCoverage {
  return { expected, valid, missing: 0, duplicate: 0, unknown: 0, rejected, missingIds: [], unknownIds: [], duplicateIds: [] };
}

function refused(code: UploadValidation["code"], fatal: string, base: Partial<UploadValidation>, problems: RowProblem[] = []): ModuleValidation {
  return {
    ok: false,
    fatal,
    code,
    format: base.format ?? null,
    gzip: base.gzip ?? false,
    sha256: null,
    contentSha256: null,
    bytes: base.bytes ?? 0,
    decompressedBytes: base.decompressedBytes ?? 0,
    rows: base.rows ?? 0,
    storedGzip: null,
    coverage: base.coverage ?? coverage(0, 0, 0),
    problems,
    problemsTotal: problems.length,
  };
}

export async function validateModuleUpload(
  body: AsyncIterable<Uint8Array>,
  options: { benchmark: Benchmark; track: AnyTrack; input: unknown; fileName: string; limits: UploadLimits },
): Promise<ModuleValidation> {
  const { track, limits } = options;
  const read = await readBounded(body, limits.maxBytes);
  if (!read.bytes) return refused("too_large", `The file is ${read.received} bytes; the limit is ${limits.maxBytes} bytes.`, { bytes: read.received });
  if (read.bytes.length === 0) return refused("empty", "The file is empty.", { bytes: 0 });
  const gzip = read.bytes[0] === GZIP_MAGIC[0] && read.bytes[1] === GZIP_MAGIC[1];
  let content: Buffer;
  try {
    content = gzip ? gunzipSync(read.bytes, { maxOutputLength: limits.maxDecompressedBytes }) : read.bytes;
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || /larger than|buffer/i.test(String(error));
    return tooLarge
      ? refused("decompressed_too_large", `The file is larger than ${limits.maxDecompressedBytes} bytes once un-gzipped, the limit.`, { bytes: read.received, gzip })
      : refused("bad_gzip", "The file starts like gzip but is not valid gzip.", { bytes: read.received, gzip });
  }
  if (content.length > limits.maxDecompressedBytes) {
    return refused("decompressed_too_large", `The file is larger than ${limits.maxDecompressedBytes} bytes, the limit.`, { bytes: read.received, gzip });
  }
  // "rewards.csv.gz" is read as the CSV inside it
  const name = options.fileName.toLowerCase().replace(/\.gz$/, "");
  const parsed = await parseUploadRows(name, new Uint8Array(content.buffer, content.byteOffset, content.byteLength), track.predictionRow);
  const rowProblems = parsed.problems.filter((p) => p.line !== null);
  const rejected = new Set(rowProblems.map((p) => p.line)).size;
  const base = { format: parsed.format, gzip, bytes: read.received, decompressedBytes: content.length, rows: parsed.rows.length + rejected };
  // coverage is the track's rule (every user once, …), so it is checked on rows that parsed, and only then
  const problems = parsed.problems.length > 0 ? parsed.problems : track.check(options.input, parsed.rows);
  if (problems.length > 0) {
    const kept = problems.slice(0, limits.maxProblems);
    const first = problems[0]!;
    const where = first.line === null ? "" : `line ${first.line}${first.field ? `, field ${first.field}` : ""}: `;
    const result = refused(
      parsed.rows.length === 0 && rejected === 0 ? "no_rows" : "malformed",
      `${options.fileName}: ${problems.length} problem(s); ${where}${first.message} (nothing was stored).`,
      { ...base, coverage: coverage(parsed.rows.length, rejected, parsed.rows.length) },
      kept,
    );
    return { ...result, problemsTotal: problems.length };
  }
  return {
    ok: true,
    fatal: null,
    code: "ok",
    ...base,
    sha256: createHash("sha256").update(content).digest("hex"),
    contentSha256: moduleContentSha256(track, parsed.rows as Record<string, unknown>[]),
    storedGzip: gzip ? read.bytes : gzipSync(content),
    coverage: coverage(parsed.rows.length, 0, parsed.rows.length),
    problems: [],
    problemsTotal: 0,
  };
}

type Report = Omit<UploadValidation, "storedGzip">;
export type PreparedModuleFile = { ok: true; report: Report; stored: Buffer; sha256: string; contentSha256: string };

/**
 * The module half of createSubmission's "validate before storing": the track's input as imported here (none:
 * 404, the body drained), then validateModuleUpload. A refusal carries the report (problems by line and field).
 */
export async function prepareModuleFile(
  db: Db,
  benchmark: Benchmark,
  track: AnyTrack,
  file: { fileName: string; body: AsyncIterable<Uint8Array> },
  limits: UploadLimits,
): Promise<PreparedModuleFile | SubmissionRefusal> {
  const input = await benchmark.readTrackInput(db, track.id);
  if (input === null) {
    for await (const _chunk of file.body) {
      // drained: the client's request completes and reads the answer
    }
    return {
      ok: false,
      code: "not_found",
      message: `${benchmark.title} has no data for its ${track.id} track on this server yet (an operator imports it with \`alpsbench import --from <folder>\`); nothing was stored.`,
    };
  }
  const validation = await validateModuleUpload(file.body, { benchmark, track, input, fileName: file.fileName, limits });
  const { storedGzip, ...report } = validation;
  if (!validation.ok || !storedGzip || !validation.sha256 || !validation.contentSha256) {
    const code = validation.code === "too_large" || validation.code === "decompressed_too_large" ? "too_large" : "invalid_file";
    return { ok: false, code, message: validation.fatal ?? "The file was refused.", validation: report };
  }
  return { ok: true, report, stored: storedGzip, sha256: validation.sha256, contentSha256: validation.contentSha256 };
}
