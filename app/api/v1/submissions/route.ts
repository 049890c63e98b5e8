import { BENCHMARKS, benchmarkOfDataVersion } from "@/lib/benchmarks";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";
import { NextResponse, type NextRequest } from "next/server";
import { requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { CreateRunResult, CreateSubmissionResult, RunFileInput, SubmissionRefusal, UploadValidation } from "@/lib/submissions/contracts";
import { ArchiveError, archiveKindOf, readArchive, type ArchiveLimits } from "@/lib/archives/read-archive";
import { rateLimitKeyOf, takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";
import { createRun, createSubmission, MAX_RUN_FILES } from "@/lib/submissions/create-submission";
import { apiError, chunksOf, internalError, isSameOriginRequest, STATUS_OF_REFUSAL, unauthorized } from "./_lib/http";
import { isMultipart, MultipartError, readMultipart, type MultipartPart } from "./_lib/multipart";
import { describeFieldProblems, parseIdempotencyKey, parseUploadFields, systemOf, type RunFields, type UploadFields } from "./_lib/upload-fields";
import { nameProblem } from "@/lib/security/safe-text";
import { chargedUpload } from "@/lib/security/upload-work";
import type { UploadBudget } from "@/lib/uploads/upload-budget";

export const dynamic = "force-dynamic";
// Scoring a 200 MB upload's validation takes a while; never let a platform default cut the request short.
export const maxDuration = 300;

/**
 * POST /api/v1/submissions: upload a prediction file, or a whole run, for scoring.
 *
 * With a `task` field: ONE prediction file for that track. Without it: a RUN, one submission per track, the track
 * of each file read from its path in the official layout (`<track>/predictions.jsonl` at any depth, split folders
 * allowed): a .zip / .tar.gz / .tar archive, several files in one multipart request (a browser's folder upload
 * keeps the paths), or both. Every file of a run is validated before anything is stored, and its submissions and
 * jobs commit in one transaction; one bad file refuses the run (the answer names the file; problems carry line
 * and field).
 *
 * Two encodings, both streamed (nothing is held in memory beyond a chunk, and a zip spooled to a temporary file;
 * validation hashes and compresses while the bytes arrive):
 *  - multipart/form-data (web forms, curl -F, the CLI): metadata fields FIRST, then the file part(s) (named
 *    `file` or `files`). Fields arriving after a file could no longer change anything; such a request is refused
 *    (400) before anything is stored, rather than silently dropping, say, `visibility=private`.
 *  - a raw body (Content-Type application/x-ndjson, application/jsonl, application/json, application/gzip,
 *    application/zip, application/x-tar, application/octet-stream or text/plain) with the metadata in the
 *    query string (`filename=run.tar.gz` tells a tar.gz run from a gzipped file).
 * Both accept the same fields (see _lib/upload-fields.ts); query parameters may also accompany a multipart body.
 *
 * `benchmark=<module id>` (a registered benchmark module, e.g. personalllm) with `task=<its track>` uploads one
 * JSONL, CSV or parquet file (gzip accepted; raw bodies also as text/csv or application/vnd.apache.parquet) to
 * that module's track: the same auth, limits, duplicate rule, queue and answers; the rows are validated with the
 * module's row schema and coverage check (lib/submissions/prepare-module-file.ts), read as a stream by the bounded
 * reader (lib/benchmarks/read-upload-rows.ts; a parquet file's footer is checked before any page is read).
 *
 * One decompressed-bytes budget covers the whole request, an archive and every gzip file inside it
 * (lib/uploads/upload-budget.ts), and a refusal is charged to the uploader by the work it cost
 * (lib/security/upload-work.ts).
 *
 * Auth: `Authorization: Bearer <token with the submit scope>` or a signed-in session (same-origin requests
 * only). `Idempotency-Key`: a retry with the same key returns the first submission (or run).
 *
 * Answers: 202 {id, status, duplicate, validation} for a file; 202 {run_id, submissions: [{id, task, split,
 * status, file, validation}], ignored} for a run; 400 bad field, body or archive; 401; 403 token without the
 * submit scope; 404 unknown benchmark or no instances; 409 the same predictions as an existing submission on the
 * track (error.existing links it); 413 too large; 415 other content types; 422 refused file (with validation:
 * problems by line and field, and for a run error.file); 429 upload limit (error.nextAllowedAt, Retry-After), or the hour's work on refused uploads used up. Errors are {error: {code, message, …}}.
 */

const RAW_TYPES = new Set([
  "application/x-ndjson",
  "application/jsonl",
  "application/json",
  "application/gzip",
  "application/x-gzip",
  "application/zip",
  "application/x-zip-compressed",
  "application/x-tar",
  "application/x-gtar",
  "application/octet-stream",
  "text/plain",
  // files of a registered benchmark module's track (CSV, parquet)
  "text/csv",
  "application/vnd.apache.parquet",
]);
/** raw-body types only a benchmark module's track takes */
const TABLE_TYPES = new Set(["text/csv", "application/vnd.apache.parquet"]);
const MAX_FIELD_BYTES = 16 * 1024;
/** multipart framing and fields on top of the file */
const MULTIPART_SLACK_BYTES = 1024 * 1024;
/** entries of one uploaded archive (folders included) */
const MAX_ARCHIVE_ENTRIES = 1_000;

class BadRequest extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
class TooLarge extends Error {}

function publicValidation(validation: Omit<UploadValidation, "storedGzip"> | undefined) {
  if (!validation) return undefined;
  return {
    format: validation.format,
    gzip: validation.gzip,
    rows: validation.rows,
    bytes: validation.bytes,
    coverage: validation.coverage,
    problems: validation.problems,
    problemsTotal: validation.problemsTotal,
  };
}

function refusal(result: SubmissionRefusal) {
  const validation = publicValidation(result.validation);
  // a limit refusal says when the next upload is allowed, in the body and as Retry-After (seconds)
  const retryAfter = result.nextAllowedAt ? Math.max(1, Math.ceil((Date.parse(result.nextAllowedAt) - Date.now()) / 1000)) : null;
  return apiError(
    STATUS_OF_REFUSAL[result.code],
    result.code,
    result.message,
    {
      ...(result.file !== undefined ? { file: result.file } : {}),
      ...(result.existing ? { existing: result.existing } : {}),
      ...(validation ? { validation } : {}),
      ...(result.nextAllowedAt !== undefined ? { nextAllowedAt: result.nextAllowedAt, retryAfterSeconds: retryAfter } : {}),
    },
    retryAfter === null ? undefined : { "retry-after": String(retryAfter) },
  );
}

function answer(result: CreateSubmissionResult) {
  if (!result.ok) return refusal(result);
  return NextResponse.json(
    {
      id: result.id,
      status: result.status,
      duplicate: result.duplicate,
      validation: publicValidation(result.validation),
      links: { self: `/api/v1/submissions/${result.id}` },
    },
    { status: 202, headers: { location: `/api/v1/submissions/${result.id}` } },
  );
}

function runAnswer(result: CreateRunResult) {
  if (!result.ok) return refusal(result);
  return NextResponse.json(
    {
      run_id: result.runId,
      duplicate: result.duplicate,
      submissions: result.submissions.map((s) => ({
        id: s.id,
        task: s.task,
        split: s.split,
        status: s.status,
        file: s.file,
        validation: publicValidation(s.validation),
        links: { self: `/api/v1/submissions/${s.id}`, page: `/submissions/${s.id}` },
      })),
      ignored: result.ignored,
      links: { page: `/runs/${result.runId}` },
    },
    { status: 202, headers: { location: `/runs/${result.runId}` } },
  );
}

function fieldsOrThrow(raw: ReadonlyMap<string, string>, context: string): UploadFields {
  const parsed = parseUploadFields(raw);
  if (!parsed.ok) throw new BadRequest(`${describeFieldProblems(parsed.problems)}${context}`, { fields: parsed.problems });
  return parsed.fields;
}

function runFieldsOrThrow(raw: ReadonlyMap<string, string>): RunFields {
  const parsed = parseUploadFields(raw, true);
  if (!parsed.ok) throw new BadRequest(describeFieldProblems(parsed.problems), { fields: parsed.problems });
  return parsed.fields;
}

function fileNameOrThrow(name: string): string {
  const problem = nameProblem(name);
  if (problem) throw new BadRequest(`field "filename": the file name ${problem}`, { fields: [{ field: "filename", message: `the file name ${problem}` }] });
  return name;
}

function archiveLimits(budget: UploadBudget): ArchiveLimits {
  const config = env();
  return { maxEntries: MAX_ARCHIVE_ENTRIES, maxTotalBytes: config.UPLOAD_MAX_DECOMPRESSED_BYTES, maxArchiveBytes: config.UPLOAD_MAX_BYTES, budget };
}

/** The first bytes of an upload (to tell an archive from a prediction file), and the whole upload again. */
async function peek(source: AsyncIterable<Uint8Array>, n = 8): Promise<{ head: Uint8Array; body: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const step = await iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    first.push(step.value);
    size += step.value.byteLength;
  }
  async function* body(): AsyncGenerator<Uint8Array, void, undefined> {
    yield* first;
    if (done) return;
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value;
  }
  return { head: Buffer.concat(first).subarray(0, n), body: body() };
}

/** One uploaded file of a run: an archive's prediction files, or the file itself. */
async function* filesOf(name: string, source: AsyncIterable<Uint8Array>, budget: UploadBudget): AsyncGenerator<RunFileInput, void, undefined> {
  const { head, body } = await peek(source);
  const kind = archiveKindOf(name, head);
  if (kind === null) {
    yield { path: name, body };
    return;
  }
  yield* readArchive(kind, body, archiveLimits(budget));
}

/** The request body, counted: past the limit (plus multipart framing) the upload is refused with 413. */
async function* limitedBody(stream: ReadableStream<Uint8Array>, maxBytes: number, budget: UploadBudget): AsyncGenerator<Uint8Array, void, undefined> {
  let bytes = 0;
  for await (const chunk of chunksOf(stream)) {
    bytes += chunk.byteLength;
    budget.receivedBytes += chunk.byteLength;
    if (bytes > maxBytes) throw new TooLarge(`The upload is larger than ${maxBytes} bytes, the limit (gzip the files: they usually shrink tenfold).`);
    yield chunk;
  }
}

export async function POST(request: NextRequest) {
  // proxy.ts does not see this route (it would buffer the upload), so the API rate limit is applied here.
  const rate = await takeRateLimitPoint("api", await rateLimitKeyOf(request.headers));
  if (!rate.ok) return tooManyRequests("api", rate);
  const user = await requestUser(request);
  if (!user) return unauthorized(request);
  if (!user.scopes.includes("submit")) return apiError(403, "forbidden", "This API token does not have the submit scope.");
  if (user.via === "session" && !isSameOriginRequest(request)) {
    return apiError(403, "forbidden", "A signed-in upload must come from this site's own pages; scripts use an API token.");
  }
  const idempotency = parseIdempotencyKey(request.headers.get("idempotency-key"));
  if (!idempotency.ok) return apiError(400, "bad_request", idempotency.message);
  // one decompressed-bytes budget for the whole request (an archive and every gzip file inside it draw on it), and
  // a refusal's work charged to the uploader, whose next upload is refused unread once it adds up (lib/security/upload-work.ts)
  return chargedUpload(user.id, env().UPLOAD_MAX_DECOMPRESSED_BYTES, (budget) => upload(request, user.id, idempotency.key, budget));
}

/** The upload itself, after authentication: the file or run, validated and stored, or refused. */
async function upload(request: NextRequest, userId: string, idempotencyKey: string | null, budget: UploadBudget): Promise<Response> {
  const maxBytes = env().UPLOAD_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_SLACK_BYTES) {
    return apiError(413, "too_large", `The upload is ${declared} bytes; the limit is ${maxBytes} bytes (gzip the file: it usually shrinks tenfold).`);
  }
  if (!request.body) return apiError(400, "bad_request", "The request has no body: send the prediction file.");
  // A Map, not an object: a field named __proto__ or toString is just an unknown field.
  // from the URL as sent: Next's parsed query drops a "__proto__" key, which then slipped past the unknown-field check
  const query = new Map(new URL(request.url).searchParams.entries());
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const owner = { ownerId: userId, idempotencyKey, budget };

  try {
    const body = limitedBody(request.body, maxBytes + MULTIPART_SLACK_BYTES, budget);
    if (isMultipart(contentType)) return await fromMultipart(body, contentType!, query, owner);
    if (RAW_TYPES.has(mediaType)) {
      if (!query.has("task")) {
        const fields = runFieldsOrThrow(query);
        const name = fileNameOrThrow(fields.filename ?? (mediaType.includes("zip") ? "run.zip" : mediaType.includes("tar") ? "run.tar" : "run"));
        return runAnswer(await createRun(db(), { ...owner, ...runInput(fields), fileName: name, files: filesOf(name, body, budget) }));
      }
      const fields = fieldsOrThrow(query, "");
      // CSV and parquet are formats of the benchmark modules' tracks; a pipeline benchmark's (AlpsBench) file is JSONL or JSON
      const hosted = benchmarkOfDataVersion(fields.benchmark);
      if (TABLE_TYPES.has(mediaType) && isPipelineBenchmark(hosted)) {
        return apiError(
          415,
          "unsupported_media_type",
          `Content-Type ${mediaType} is for the tracks of ${BENCHMARKS.map((b) => b.id).join(", ")}; a ${hosted.title} file is sent as ${[...RAW_TYPES].filter((t) => !TABLE_TYPES.has(t)).join(", ")}.`,
        );
      }
      const extension = mediaType.includes("gzip")
        ? "jsonl.gz"
        : mediaType === "application/json"
          ? "json"
          : mediaType === "text/csv"
            ? "csv"
            : mediaType === "application/vnd.apache.parquet"
              ? "parquet"
              : "jsonl";
      const result = await createSubmission(db(), {
        ...owner,
        track: fields.task,
        split: fields.split,
        benchmark: fields.benchmark,
        system: systemOf(fields),
        fileName: fileNameOrThrow(fields.filename ?? `predictions.${extension}`),
        body,
        visibility: fields.visibility,
        publishPredictions: fields.publish_predictions ?? false,
      });
      return answer(result);
    }
    return apiError(
      415,
      "unsupported_media_type",
      `Content-Type ${mediaType || "(none)"} is not accepted: send multipart/form-data with a "file" part, or the file itself as ${[...RAW_TYPES].join(", ")} with the fields in the query string.`,
    );
  } catch (error) {
    if (error instanceof BadRequest) return apiError(400, "bad_request", error.message, error.details);
    if (error instanceof TooLarge) return apiError(413, "too_large", error.message);
    if (error instanceof MultipartError) return apiError(400, "bad_request", `Malformed multipart body: ${error.message}.`);
    if (error instanceof ArchiveError) {
      return apiError(
        error.tooLarge ? 413 : 400,
        error.tooLarge ? "too_large" : "bad_request",
        `The archive was refused: ${error.message}.`,
        error.entry ? { file: error.entry } : {},
      );
    }
    return internalError("POST /api/v1/submissions", error);
  }
}

function runInput(fields: RunFields) {
  return {
    split: fields.split,
    // "full" (the default) leaves each file's split to its split folder, if any
    splitGiven: fields.split !== "full",
    benchmark: fields.benchmark,
    system: systemOf(fields),
    visibility: fields.visibility,
    publishPredictions: fields.publish_predictions ?? false,
  };
}

const FILE_PART_NAMES = new Set(["file", "files"]);

async function fromMultipart(
  stream: AsyncIterable<Uint8Array>,
  contentType: string,
  query: ReadonlyMap<string, string>,
  owner: { ownerId: string; idempotencyKey: string | null; budget: UploadBudget },
) {
  const parts = readMultipart(stream, contentType, { maxFieldBytes: MAX_FIELD_BYTES, maxParts: 64 + MAX_RUN_FILES, maxFiles: MAX_RUN_FILES });
  const raw = new Map(query);
  // Set when a part arrives after the file(s); checked whatever createSubmission made of the throw.
  const state: { trailing: BadRequest | null } = { trailing: null };

  function fieldAfterFile(part: MultipartPart): BadRequest {
    const name = part.kind === "field" ? part.name : `${part.name} (a second file)`;
    state.trailing = new BadRequest(`the multipart part(s) "${name}" come after the file; send every field before the file part(s) (nothing was stored)`);
    return state.trailing;
  }

  /**
   * The file's bytes, and at their end a look at the rest of the body: anything but the end (a field after the
   * file) throws inside createSubmission's read, before it stores anything.
   */
  async function* fileThenClose(part: Extract<MultipartPart, { kind: "file" }>): AsyncGenerator<Uint8Array, void, undefined> {
    yield* part.body;
    const next = await parts.next();
    if (!next.done) throw fieldAfterFile(next.value);
  }

  /** Every file of a run: this part's, then those of the file parts after it (an archive gives its entries). */
  async function* runFiles(first: Extract<MultipartPart, { kind: "file" }>): AsyncGenerator<RunFileInput, void, undefined> {
    for (let part: MultipartPart | undefined = first; part;) {
      if (part.kind !== "file") throw fieldAfterFile(part);
      if (!FILE_PART_NAMES.has(part.name)) throw new BadRequest(`unexpected file part "${part.name}": files go in parts named "file" or "files"`);
      if (part.filename === "") throw new BadRequest("a file part has no file name; a run's files are told apart by their names");
      yield* filesOf(fileNameOrThrow(part.filename), part.body, owner.budget);
      const next = await parts.next();
      part = next.done ? undefined : next.value;
    }
  }

  for (let step = await parts.next(); !step.done; step = await parts.next()) {
    const part = step.value;
    if (part.kind === "field") {
      if (FILE_PART_NAMES.has(part.name)) throw new BadRequest(`the "${part.name}" part must be a file (Content-Disposition with a filename)`);
      const previous = raw.get(part.name);
      if (previous !== undefined && previous !== part.value) throw new BadRequest(`field "${part.name}" is given twice with different values`);
      raw.set(part.name, part.value);
      continue;
    }
    if (!FILE_PART_NAMES.has(part.name)) throw new BadRequest(`unexpected file part "${part.name}": the prediction file goes in the part named "file"`);
    if (!raw.has("task")) {
      const fields = runFieldsOrThrow(raw);
      const name = fileNameOrThrow(part.filename || "run");
      try {
        return runAnswer(await createRun(db(), { ...owner, ...runInput(fields), fileName: name, files: runFiles(part) }));
      } catch (error) {
        throw state.trailing ?? error;
      }
    }
    const fields = fieldsOrThrow(raw, ' (multipart fields must come before the "file" part)');
    const fileName = fileNameOrThrow(fields.filename ?? (part.filename || "predictions.jsonl"));
    let result: CreateSubmissionResult;
    try {
      result = await createSubmission(db(), {
        ...owner,
        track: fields.task,
        split: fields.split,
        benchmark: fields.benchmark,
        system: systemOf(fields),
        fileName,
        body: fileThenClose(part),
        visibility: fields.visibility,
        publishPredictions: fields.publish_predictions ?? false,
      });
    } catch (error) {
      throw state.trailing ?? error;
    }
    if (state.trailing) throw state.trailing;
    return answer(result);
  }
  throw new BadRequest('the multipart body has no "file" part');
}
