import { createHash } from "node:crypto";
import type { UploadCoverage, UploadLimits, UploadProblem, UploadValidation } from "@/lib/submissions/contracts";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { formatByteSize } from "@/lib/uploads/format-byte-size";
import { parsePredictionStream } from "@/lib/uploads/parse-prediction-stream";
import {
  newPredictionStreamStats,
  type PredictionStreamError,
  type PredictionStreamErrorCode,
  type PredictionStreamRow,
} from "@/lib/uploads/prediction-stream-types";
import { contentSha256, rowDigest } from "@/lib/uploads/content-hash";
import { scoredProjection } from "./scored-projection";
import { isEmptyPrediction } from "./empty-prediction";
import { isObject, validatePredictionRow } from "./validate-row";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import { GzipCollector, limitBytes, type RawState } from "@/lib/uploads/stream-bytes";
import { rowShapeHint } from "./row-shape";

type ValidateUploadOptions = {
  track: TrackId;
  /** benchmark ids of the instances the submission is scored on (track, and split when not "full") */
  knownIds: ReadonlySet<string>;
  limits: UploadLimits;
  /** largest accepted row; default: the parser's DEFAULT_MAX_ROW_BYTES (32 MB) */
  maxRowBytes?: number;
  /** the test-split ids among knownIds: the report counts how many of them the file covers (coverage.test) */
  testIds?: ReadonlySet<string>;
  /** other ids a row may name an instance by (Task 3 on server-pools-v4: its released id), to its id in knownIds */
  aliases?: ReadonlyMap<string, string>;
  /** the request's shared decompressed-bytes budget (an archive and the gzip files inside it count together) */
  budget?: UploadBudget;
};

/** How many ids of each kind (missing, unknown, duplicate) the report lists. */
const FIRST_IDS = 10;
/**
 * Most memory items one Task 1 or Task 2 row may hold; a row with more refuses the upload. Real rows are far
 * smaller: in the real data an instance has at most 11 gold memories (Task 1: 10; Task 2's updated list: 11),
 * and the longest output of the 7 evaluated LLMs holds 31 items (Task 2's memory pools: at most 27). Every item
 * is matched against every gold memory, so a row of 800 items costs the worker 80 times a real one for nothing:
 * 200 leaves real systems six times the longest output seen while bounding a heavy upload's scoring time.
 */
export const MAX_MEMORY_ITEMS = 200;
/**
 * Reading stops after this many rows that refuse the upload (not JSON, wrong envelope, unknown or duplicate
 * id): the answer is already no, and a pathological file (a gigabyte of "{" lines) must not keep the
 * server busy. problemsTotal then counts the problems of the part that was read.
 */
const MAX_REFUSING_ROWS = 10_000;
/** gzip level of the stored copy: level 6 is zlib's default balance of size and speed. */
const STORED_GZIP_LEVEL = 6;

/** The parser's file-level errors end the stream and are the upload's refusal code as they are. */
const FILE_LEVEL_CODES = ["bad_gzip", "decompressed_too_large", "not_text", "empty", "too_many_blank_lines"] as const satisfies PredictionStreamErrorCode[];
type FileLevelError = PredictionStreamError & { code: (typeof FILE_LEVEL_CODES)[number] };

function isFileLevel(error: PredictionStreamError): error is FileLevelError {
  return (FILE_LEVEL_CODES as readonly string[]).includes(error.code);
}

/**
 * Validates an uploaded prediction file while it streams in, before anything is stored or queued: size
 * limits (raw and decompressed, so a gzip bomb stops early), format, every row against the track's row
 * shape (validatePredictionRow), and the benchmark ids against the instances the submission is scored on.
 *
 * Refused (ok false, nothing to store): too large, not decompressible, not text, empty, any line that is not
 * JSON or whose row envelope is wrong ("malformed"), unknown or duplicate ids ("wrong_ids"), no valid row.
 * Accepted with problems listed: item-level problems (a bad item is dropped or coerced, as the scorer
 * does) and missing ids (they score as empty predictions).
 *
 * While reading, the decompressed content is hashed (sha256) and re-compressed (storedGzip), so a plain
 * and a gzipped upload of the same file get the same hash and the same stored bytes.
 *
 * Never throws on user data. It rethrows errors of the input iterable itself (an aborted request) and
 * throws on programming errors (bad limits).
 */
export async function validateUpload(input: AsyncIterable<Uint8Array>, options: ValidateUploadOptions): Promise<UploadValidation> {
  const { track, knownIds, limits } = options;
  for (const key of ["maxBytes", "maxDecompressedBytes", "maxProblems"] as const) {
    const value = limits[key];
    if (!(value >= 0)) throw new RangeError(`validateUpload: limits.${key} must be a number >= 0, got ${String(value)}`);
  }

  const raw: RawState = { bytes: 0, tooLarge: false, first: [] };
  const stats = newPredictionStreamStats();
  const hash = createHash("sha256");
  const stored = new GzipCollector(STORED_GZIP_LEVEL);
  const report = new ReportBuilder(track, knownIds, limits.maxProblems, options.testIds, options.aliases);
  let fileError: FileLevelError | null = null;

  try {
    const rows = parsePredictionStream(limitBytes(input, limits.maxBytes, raw), {
      maxDecompressedBytes: limits.maxDecompressedBytes,
      maxRowBytes: options.maxRowBytes,
      budget: options.budget,
      stats,
      onContent: async (chunk) => {
        hash.update(chunk);
        await stored.write(chunk);
      },
    });
    for await (const item of rows) {
      // Past maxBytes the input was cut short: whatever the parser says about the cut is not the file's fault.
      if (raw.tooLarge) break;
      if ("error" in item) {
        if (isFileLevel(item)) {
          fileError = item;
          break;
        }
        report.streamError(item, stats.format === "json-array");
      } else {
        report.row(item);
      }
      if (report.refusingRows >= MAX_REFUSING_ROWS) {
        report.stoppedAtLine = item.line;
        break;
      }
    }
  } catch (error) {
    stored.discard();
    throw error;
  }

  const complete = stats.complete && !raw.tooLarge && fileError === null && report.stoppedAtLine === undefined;
  // Past maxBytes the parser may not have seen a byte: the magic bytes are also checked on the raw input.
  const gzip = stats.gzip || (raw.first[0] === 0x1f && raw.first[1] === 0x8b);
  const outcome = decide(raw.tooLarge, fileError, report, limits.maxBytes, gzip, stats.format);
  const ok = outcome.code === "ok";
  let storedGzip: Buffer | null = null;
  if (ok) storedGzip = await stored.finish();
  else stored.discard();

  if (!ok && outcome.problem) report.fileProblem(outcome.problem);
  const coverage = report.coverage(complete);
  // Missing ids are worth a warning on an accepted file (or one refused for its ids), not on a broken one.
  if (complete && (ok || outcome.code === "wrong_ids")) report.missingWarning(coverage);

  return {
    ok,
    fatal: ok ? null : outcome.fatal,
    code: outcome.code,
    format: stats.format,
    gzip,
    sha256: complete ? hash.digest("hex") : null,
    contentSha256: ok ? contentSha256(report.rowDigests) : null,
    bytes: raw.bytes,
    decompressedBytes: stats.decompressedBytes,
    rows: report.rows,
    storedGzip,
    coverage,
    ...report.problems(),
    ...(ok ? {} : looksLikeOf(fileError, report)),
  };
}

/** The refused file's row keys or CSV header, for the platform's "another benchmark's file" hint. */
function looksLikeOf(fileError: PredictionStreamError | null, report: ReportBuilder): Pick<UploadValidation, "looksLike"> {
  if (fileError?.header) return { looksLike: { format: "csv", keys: fileError.header } };
  if (report.refusedKeys) return { looksLike: { format: "json", keys: report.refusedKeys } };
  return {};
}

type Outcome = { code: UploadValidation["code"]; fatal: string | null; problem?: string };

function decide(
  tooLarge: boolean,
  fileError: FileLevelError | null,
  report: ReportBuilder,
  maxBytes: number,
  gzip: boolean,
  format: UploadValidation["format"],
): Outcome {
  if (tooLarge) {
    const fatal = gzip
      ? `The upload is larger than ${formatByteSize(maxBytes)}, the limit, even compressed; reading stopped there.`
      : `The upload is larger than ${formatByteSize(maxBytes)}, the limit; compress it with gzip (prediction files shrink several times) and upload again.`;
    return { code: "too_large", fatal, problem: fatal };
  }
  // a bomb of blank lines is a malformed file
  if (fileError) return { code: fileError.code === "too_many_blank_lines" ? "malformed" : fileError.code, fatal: fileError.error, problem: fileError.error };
  const malformed = report.malformedSentence(format);
  if (malformed) return { code: "malformed", fatal: malformed };
  const wrongIds = report.wrongIdsSentence();
  if (wrongIds) return { code: "wrong_ids", fatal: wrongIds };
  if (report.valid === 0) {
    const fatal = report.rows === 0 ? "The file has no prediction rows (the JSON array is empty)." : "The file has no valid prediction rows.";
    return { code: "no_rows", fatal, problem: fatal };
  }
  return { code: "ok", fatal: null };
}

type Located = { line: number | null; element?: number };

/** Collects rows, ids and problems, and writes the sentences of the report. */
class ReportBuilder {
  rows = 0;
  valid = 0;
  private rejected = 0;
  private unknown = 0;
  private duplicate = 0;
  /** first line of every known id that has a valid row (bounded by knownIds) */
  private readonly seen = new Map<string, number>();
  /** test-split ids whose accepted row predicts nothing (isEmptyPrediction) */
  private testEmpty = 0;
  /** digest of each accepted row's scored projection as canonical JSON: the file's content hash (content-hash.ts) */
  readonly rowDigests = new Map<string, Buffer>();
  private readonly unknownIds: string[] = [];
  private readonly duplicateIds: string[] = [];
  private firstUnknown: { id: string; line: number } | null = null;
  private firstDuplicate: { id: string; line: number; firstLine: number } | null = null;
  private firstMalformed: string | null = null;
  /** the keys of the first refused row: another benchmark's row shape is recognised from them (looksLike) */
  refusedKeys: string[] | null = null;
  private arrayStopped = false;
  /** set when reading stopped after MAX_REFUSING_ROWS bad rows */
  stoppedAtLine: number | null | undefined = undefined;
  /** problems that refuse the upload, then warnings: each list capped, both counted */
  private readonly errors: UploadProblem[] = [];
  private readonly warnings: UploadProblem[] = [];
  private total = 0;

  constructor(
    private readonly track: TrackId,
    private readonly knownIds: ReadonlySet<string>,
    private readonly maxProblems: number,
    private readonly testIds?: ReadonlySet<string>,
    private readonly aliases?: ReadonlyMap<string, string>,
  ) {}

  /** A line that is not a row (not JSON, not UTF-8, too large). In a JSON array reading stops at the first. */
  streamError(item: PredictionStreamError, inArray: boolean): void {
    this.rows += 1;
    this.rejected += 1;
    if (inArray && item.element !== undefined && item.code !== "truncated") this.arrayStopped = true;
    this.firstMalformed ??= `${subject(item)} is ${item.error}`;
    this.error(item, null, item.error);
  }

  row(item: PredictionStreamRow): void {
    this.rows += 1;
    const result = validatePredictionRow(this.track, item.value);
    if (!result.ok) {
      this.rejected += 1;
      const first = result.problems[0];
      const why = first ? `${first.field === "(root)" ? "" : `${first.field}: `}${first.message}` : "wrong shape";
      if (this.firstMalformed === null) {
        this.firstMalformed = `${subject(item)} is not a valid ${this.track} row (${why}${hint(this.track, item.value)})`;
        this.refusedKeys = keysOf(item.value);
      }
      for (const problem of result.problems) this.error(item, problem.field, `${problem.message} (row rejected)`);
      return;
    }
    for (const problem of result.problems) this.warn(item, problem.field, problem.message);
    const row = result.row;
    if ("memory_items" in row && row.memory_items.length > MAX_MEMORY_ITEMS) {
      this.rejected += 1;
      const message = `${row.memory_items.length.toLocaleString("en-US")} memory items in one row; at most ${MAX_MEMORY_ITEMS} are accepted (real rows hold a few dozen at most)`;
      this.firstMalformed ??= `${subject(item)} is not a valid ${this.track} row (memory_items: ${message})`;
      this.error(item, "memory_items", `${message} (row rejected)`);
      return;
    }
    const id = this.knownIds.has(row.benchmark_id) ? row.benchmark_id : (this.aliases?.get(row.benchmark_id) ?? row.benchmark_id);
    if (!this.knownIds.has(id)) {
      this.unknown += 1;
      if (this.unknownIds.length < FIRST_IDS && !this.unknownIds.includes(id)) this.unknownIds.push(id);
      this.firstUnknown ??= { id, line: item.line };
      this.error(item, "benchmark_id", `${JSON.stringify(showId(id))} is not a ${this.track} instance this submission is scored on`);
      return;
    }
    const firstLine = this.seen.get(id);
    if (firstLine !== undefined) {
      this.duplicate += 1;
      if (this.duplicateIds.length < FIRST_IDS && !this.duplicateIds.includes(id)) this.duplicateIds.push(id);
      this.firstDuplicate ??= { id, line: item.line, firstLine };
      this.error(item, "benchmark_id", `${JSON.stringify(showId(id))} already has a row on line ${firstLine} (each instance takes one row)`);
      return;
    }
    this.seen.set(id, item.line);
    if (this.testIds?.has(id) && isEmptyPrediction(this.track, row)) this.testEmpty += 1;
    // the duplicate rule compares what scoring reads, not every byte of the row (scored-projection.ts)
    this.rowDigests.set(id, rowDigest(scoredProjection(this.track, result.value, row)));
    this.valid += 1;
  }

  get refusingRows(): number {
    return this.rejected + this.unknown + this.duplicate;
  }

  fileProblem(message: string): void {
    this.total += 1;
    this.errors.unshift({ line: null, field: null, message });
    if (this.errors.length > this.maxProblems) this.errors.pop();
  }

  coverage(complete: boolean): UploadCoverage {
    const missingIds = complete ? [...this.knownIds].filter((id) => !this.seen.has(id)) : [];
    const testCovered = this.testIds ? [...this.testIds].filter((id) => this.seen.has(id)).length : 0;
    return {
      ...(this.testIds ? { test: { expected: this.testIds.size, covered: testCovered, missing: this.testIds.size - testCovered, empty: this.testEmpty } } : {}),
      expected: this.knownIds.size,
      valid: this.valid,
      missing: missingIds.length,
      duplicate: this.duplicate,
      unknown: this.unknown,
      rejected: this.rejected,
      missingIds: missingIds.slice(0, FIRST_IDS),
      unknownIds: [...this.unknownIds],
      duplicateIds: [...this.duplicateIds],
    };
  }

  missingWarning(coverage: UploadCoverage): void {
    if (coverage.missing === 0) return;
    const first = coverage.missingIds.slice(0, 3).join(", ");
    this.warn(
      { line: null },
      "benchmark_id",
      `${count(coverage.missing, "instance")} of ${coverage.expected.toLocaleString("en-US")} ${coverage.missing === 1 ? "has" : "have"} no row (first: ${first}); ${coverage.missing === 1 ? "it scores" : "they score"} as empty predictions`,
    );
  }

  malformedSentence(format: UploadValidation["format"]): string | null {
    if (this.firstMalformed === null) return null;
    const others = this.rejected - 1 + this.unknown + this.duplicate;
    const more = others > 0 ? `; ${count(others, format === "json-array" ? "more row" : "more line")} ${others === 1 ? "has" : "have"} problems` : "";
    const rest = this.arrayStopped ? "; reading stopped there" : "";
    return `${this.firstMalformed}${rest}${more}${this.stoppedSuffix()} — fix ${others > 0 ? "them" : "it"} and upload again.`;
  }

  wrongIdsSentence(): string | null {
    const parts: string[] = [];
    if (this.unknown > 0 && this.firstUnknown) {
      parts.push(
        `${count(this.unknown, "row")} ${this.unknown === 1 ? "names a benchmark id" : "name benchmark ids"} that ${this.unknown === 1 ? "is" : "are"} not in ${this.track} (first: ${showId(this.firstUnknown.id)}, line ${this.firstUnknown.line})`,
      );
    }
    if (this.duplicate > 0 && this.firstDuplicate) {
      const d = this.firstDuplicate;
      parts.push(
        `${count(this.duplicate, "row")} ${this.duplicate === 1 ? "repeats a benchmark id" : "repeat benchmark ids"} that already ${this.duplicate === 1 ? "has" : "have"} a row (first: ${showId(d.id)}, lines ${d.firstLine} and ${d.line})`,
      );
    }
    if (parts.length === 0) return null;
    return `${capitalise(parts.join(", and "))}${this.stoppedSuffix()}; ${count(this.knownIds.size, "id")} ${this.knownIds.size === 1 ? "is" : "are"} expected, one row each.`;
  }

  private stoppedSuffix(): string {
    if (this.stoppedAtLine === undefined) return "";
    return ` (reading stopped ${this.stoppedAtLine === null ? "there" : `at line ${this.stoppedAtLine.toLocaleString("en-US")}`})`;
  }

  problems(): { problems: UploadProblem[]; problemsTotal: number } {
    return { problems: [...this.errors, ...this.warnings].slice(0, this.maxProblems), problemsTotal: this.total };
  }

  private error(at: Located, field: string | null, message: string, list = this.errors): void {
    this.total += 1;
    if (list.length < this.maxProblems) list.push({ line: at.line, field, message: withElement(at, message) });
  }

  private warn(at: Located, field: string | null, message: string): void {
    this.error(at, field, message, this.warnings);
  }
}

/** "Line 17", or for a JSON array "Line 12 (element 3 of the JSON array)". */
function subject(at: Located): string {
  if (at.line === null) return "The file";
  return at.element === undefined
    ? `Line ${at.line.toLocaleString("en-US")}`
    : `Line ${at.line.toLocaleString("en-US")} (element ${at.element.toLocaleString("en-US")} of the JSON array)`;
}

function withElement(at: Located, message: string): string {
  return at.element === undefined ? message : `element ${at.element.toLocaleString("en-US")}: ${message}`;
}

/**
 * What the refused row's keys say: a row that is one object holding all the rows (a common mistake), another
 * task's row (rowShapeHint), or keys no row of the track has.
 */
function hint(track: TrackId, value: unknown): string {
  if (!isObject(value)) return "";
  if (!("benchmark_id" in value)) {
    const listKey = Object.entries(value).find(([, v]) => Array.isArray(v))?.[0];
    if (listKey !== undefined) return `; if the rows are inside ${JSON.stringify(listKey)}, upload them as JSON Lines or a top-level JSON array`;
  }
  const shape = rowShapeHint(track, Object.keys(value));
  return shape === "" ? "" : `; ${shape}`;
}

function keysOf(value: unknown): string[] | null {
  return isObject(value) ? Object.keys(value) : null;
}

function showId(id: string): string {
  return id.length > 80 ? `${id.slice(0, 80)}…` : id;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : `${noun}s`}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
