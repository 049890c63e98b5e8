import { createHash } from "node:crypto";
import { parseUploadRows } from "@/lib/uploads/read-upload-rows";
import { checkItems } from "@/lib/benchmarks/check-items";
import { missingDataMessage } from "@/lib/benchmarks/track-readiness";
import type { AnyTrack, OneCallBenchmark, ModuleSplitId, RowProblem } from "@/lib/benchmarks/types";
import { canonicalJson } from "@/lib/uploads/content-hash";
import { GzipCollector, limitBytes, type RawState } from "@/lib/uploads/stream-bytes";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import type { Db } from "@/lib/db/create-client";
import type { SubmissionRefusal, UploadCoverage, UploadLimits, UploadValidation } from "./contracts";

/**
 * Validation of an upload to a registered benchmark module's track, before anything is stored: the file streams
 * through the bounded reader (lib/uploads/read-upload-rows.ts: un-gzipped as it arrives within the upload's
 * limits and the request's shared budget, rows and row sizes bounded, a parquet footer's claims checked before a
 * page is read), each row parsed with the track's zod `predictionRow`, and the rows checked against the track's
 * `items` as imported (lib/benchmarks/check-items.ts: missing, unknown and repeated items, counted in the report's
 * coverage). Every problem names its line (parquet: row) and field; any problem refuses the file. The content is hashed and re-compressed for storage while it
 * streams, never held as one string.
 *
 * The answer has the shape of an AlpsBench upload's validation (UploadValidation), so the route, the form, the
 * CLI and the status page read it the same way.
 */

type ModuleValidation = UploadValidation & { storedGzip: Buffer | null };

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

/** A refusal before any row was read (too large, bad gzip, empty): nothing counted. */
const NOTHING_READ: UploadCoverage = { expected: 0, valid: 0, missing: 0, duplicate: 0, unknown: 0, rejected: 0, missingIds: [], unknownIds: [], duplicateIds: [] };

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
    coverage: base.coverage ?? NOTHING_READ,
    problems,
    problemsTotal: problems.length,
  };
}

/** gzip level of the stored copy, as AlpsBench's (validate-upload.ts) */
const STORED_GZIP_LEVEL = 6;

export async function validateModuleUpload(
  body: AsyncIterable<Uint8Array>,
  options: { benchmark: OneCallBenchmark; track: AnyTrack; input: unknown; fileName: string; limits: UploadLimits; budget?: UploadBudget },
): Promise<ModuleValidation> {
  const { track, limits } = options;
  const raw: RawState = { bytes: 0, tooLarge: false, first: [] };
  const hash = createHash("sha256");
  const stored = new GzipCollector(STORED_GZIP_LEVEL);
  let parsed: Awaited<ReturnType<typeof parseUploadRows<typeof track.predictionRow>>>;
  try {
    parsed = await parseUploadRows(limitBytes(body, limits.maxBytes, raw), track.predictionRow, {
      fileName: options.fileName,
      maxDecompressedBytes: limits.maxDecompressedBytes,
      budget: options.budget,
      onContent: async (chunk) => {
        hash.update(chunk);
        await stored.write(chunk);
      },
    });
  } catch (error) {
    stored.discard();
    throw error;
  }
  const gzip = parsed.stats.gzip || (raw.first[0] === 0x1f && raw.first[1] === 0x8b);
  if (raw.tooLarge) {
    stored.discard();
    return refused("too_large", `The file is larger than ${limits.maxBytes} bytes, the limit; reading stopped there.`, {
      bytes: raw.bytes,
      gzip,
    });
  }
  const rowProblems = parsed.problems.filter((p) => p.line !== null);
  const rejected = new Set(rowProblems.map((p) => p.line)).size;
  const base = { format: parsed.format, gzip, bytes: raw.bytes, decompressedBytes: parsed.stats.decompressedBytes, rows: parsed.rows.length + rejected };
  if (parsed.stop === "decompressed_too_large" || parsed.stop === "bad_gzip" || parsed.stop === "empty") {
    stored.discard();
    const first = parsed.problems[0]!;
    return refused(parsed.stop, `${options.fileName}: ${first.message}`, base, parsed.problems);
  }
  // the coverage is always counted from the rows that parsed; its problems (every item once) are reported only when
  // every row parsed, since a rejected row's item would show as missing beside the reason its row was rejected
  const checked = checkItems(track, options.input, parsed.rows);
  const problems = parsed.problems.length > 0 ? parsed.problems : checked.problems;
  if (problems.length > 0) {
    stored.discard();
    const kept = problems.slice(0, limits.maxProblems);
    const first = problems[0]!;
    const where = first.line === null ? "" : `line ${first.line}${first.field ? `, field ${first.field}` : ""}: `;
    const result = refused(
      parsed.rows.length === 0 && rejected === 0 && parsed.stop === null ? "no_rows" : "malformed",
      `${options.fileName}: ${Math.max(problems.length, parsed.problemsTotal)} problem(s); ${where}${first.message} (nothing was stored).`,
      { ...base, coverage: { ...checked.coverage, rejected } },
      kept,
    );
    return { ...result, problemsTotal: Math.max(problems.length, parsed.problemsTotal) };
  }
  return {
    ok: true,
    fatal: null,
    code: "ok",
    ...base,
    sha256: hash.digest("hex"),
    contentSha256: moduleContentSha256(track, parsed.rows as Record<string, unknown>[]),
    storedGzip: await stored.finish(),
    coverage: checked.coverage,
    problems: [],
    problemsTotal: 0,
  };
}

type Report = Omit<UploadValidation, "storedGzip">;
type PreparedModuleFile = { ok: true; report: Report; stored: Buffer; sha256: string; contentSha256: string };

/**
 * The module half of createSubmission's "validate before storing": the track's input as imported here (none:
 * 404, the body drained), then validateModuleUpload. A refusal carries the report (problems by line and field).
 */
export async function prepareModuleFile(
  db: Db,
  benchmark: OneCallBenchmark,
  track: AnyTrack,
  file: { fileName: string; split: ModuleSplitId; body: AsyncIterable<Uint8Array>; budget?: UploadBudget },
  limits: UploadLimits,
): Promise<PreparedModuleFile | SubmissionRefusal> {
  const input = await benchmark.readTrackInput(db, track.id, file.split);
  if (input === null) {
    for await (const _chunk of file.body) {
      // drained: the client's request completes and reads the answer
    }
    return {
      ok: false,
      code: "not_found",
      message: `${missingDataMessage(benchmark, track.id)} Nothing was stored.`,
    };
  }
  const validation = await validateModuleUpload(file.body, { benchmark, track, input, fileName: file.fileName, limits, budget: file.budget });
  const { storedGzip, ...report } = validation;
  if (!validation.ok || !storedGzip || !validation.sha256 || !validation.contentSha256) {
    const code = validation.code === "too_large" || validation.code === "decompressed_too_large" ? "too_large" : "invalid_file";
    return { ok: false, code, message: validation.fatal ?? "The file was refused.", validation: report };
  }
  return { ok: true, report, stored: storedGzip, sha256: validation.sha256, contentSha256: validation.contentSha256 };
}
