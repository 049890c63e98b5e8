import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { withUser } from "@/lib/http/with-user";
import type { CreateRunResult, CreateSubmissionResult, SubmissionRefusal, UploadValidation } from "@/lib/submissions/contracts";
import { createRun, createSubmission } from "@/lib/submissions/create-submission";
import { chargedUpload } from "@/lib/security/upload-work";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import { decodeUpload, type DecodedUpload } from "./_lib/decode-upload";
import { parseIdempotencyKey, systemOf, type RunFields } from "./_lib/upload-fields";
import { UPLOAD_RULE } from "./_lib/user-rules";

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
 * Both accept the same fields (see _lib/upload-fields.ts), read once by _lib/decode-upload.ts; query parameters may also accompany a multipart body.
 *
 * `benchmark=<module id>` (a registered benchmark module, e.g. personalllm) with `task=<its track>` uploads one
 * JSONL, CSV or parquet file (gzip accepted; raw bodies also as text/csv or application/vnd.apache.parquet) to
 * that module's track: the same auth, limits, duplicate rule, queue and answers; the rows are validated with the
 * module's row schema and coverage check (lib/submissions/prepare-module-file.ts), read as a stream by the bounded
 * reader (lib/uploads/read-upload-rows.ts; a parquet file's footer is checked before any page is read).
 *
 * One decompressed-bytes budget covers the whole request, an archive and every gzip file inside it
 * (lib/uploads/upload-budget.ts), and a refusal is charged to the uploader by the work it cost
 * (lib/security/upload-work.ts).
 *
 * Auth: `Authorization: Bearer <token with the submit scope>` or a signed-in session (same-origin requests
 * only). `Idempotency-Key`: a retry with the same key returns the first submission (or run).
 *
 * Answers: 202 {id, status, duplicate, validation} for a file; 202 {run_id, submissions: [{id, task, split,
 * status, file, validation}], ignored, skipped} for a run (skipped: files whose predictions an earlier submission
 * holds, not stored; the others are), both with `quota` (what is left of the limits); 400 bad field, body or archive; 401; 403 token without the
 * submit scope; 404 unknown benchmark or no instances; 409 the same predictions as an existing submission on the
 * track (error.existing links it); 413 too large; 415 other content types; 422 refused file (with validation:
 * problems by line and field, and for a run error.file); 429 upload limit (error.nextAllowedAt, Retry-After), or the hour's work on refused uploads used up. Errors are {error: {code, message, …}}.
 */

const WHERE = "POST /api/v1/submissions";

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

/** A refusal of createSubmission / createRun as the API's error (a limit refusal says when, and as Retry-After). */
function refusal(result: SubmissionRefusal): ApiError {
  const validation = publicValidation(result.validation);
  const retryAfter = result.nextAllowedAt ? Math.max(1, Math.ceil((Date.parse(result.nextAllowedAt) - Date.now()) / 1000)) : null;
  return new ApiError(
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
  if (!result.ok) throw refusal(result);
  return NextResponse.json(
    {
      id: result.id,
      status: result.status,
      duplicate: result.duplicate,
      validation: publicValidation(result.validation),
      quota: result.quota,
      links: { self: `/api/v1/submissions/${result.id}` },
    },
    { status: 202, headers: { location: `/api/v1/submissions/${result.id}` } },
  );
}

function runAnswer(result: CreateRunResult) {
  if (!result.ok) throw refusal(result);
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
      skipped: result.skipped,
      quota: result.quota,
      links: { page: `/runs/${result.runId}` },
    },
    { status: 202, headers: { location: `/runs/${result.runId}` } },
  );
}

function common(fields: RunFields) {
  return { system: systemOf(fields), visibility: fields.visibility, publishPredictions: fields.publish_predictions ?? false };
}

/**
 * The work on a decoded upload, then its trailing-part check: a multipart part after the file(s) refuses the
 * upload whatever createSubmission made of the throw it caused (its validation may have read it as a bad file).
 */
async function settled<T>(decoded: DecodedUpload, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    throw decoded.trailing() ?? error;
  }
  const trailing = decoded.trailing();
  if (trailing) throw trailing;
  return result;
}

/** The upload itself, after authentication: decoded once, then the file or run validated and stored, or refused. */
async function upload(request: Request, ownerId: string, idempotencyKey: string | null, budget: UploadBudget): Promise<Response> {
  const config = env();
  const decoded = await decodeUpload(request, { maxBytes: config.UPLOAD_MAX_BYTES, maxDecompressedBytes: config.UPLOAD_MAX_DECOMPRESSED_BYTES, budget });
  const owner = { ownerId, idempotencyKey, budget, benchmark: decoded.fields.benchmark, fileName: decoded.fileName, ...common(decoded.fields) };
  if (decoded.kind === "run") {
    const { fields, files } = decoded;
    // "full" (the default) leaves each file's split to its split folder, if any
    return runAnswer(await settled(decoded, () => createRun(db(), { ...owner, split: fields.split, splitGiven: fields.split !== "full", files })));
  }
  const { fields, body } = decoded;
  return answer(await settled(decoded, () => createSubmission(db(), { ...owner, track: fields.task, split: fields.split, body })));
}

export const POST = withUser<NextRequest, object>(WHERE, UPLOAD_RULE, async (request, { user }) => {
  const idempotency = parseIdempotencyKey(request.headers.get("idempotency-key"));
  if (!idempotency.ok) throw new ApiError("bad_request", idempotency.message);
  // one decompressed-bytes budget for the whole request (an archive and every gzip file inside it draw on it), and
  // a refusal's work charged to the uploader by its status (lib/security/upload-work.ts)
  return chargedUpload(user.id, env().UPLOAD_MAX_DECOMPRESSED_BYTES, (budget) => upload(request, user.id, idempotency.key, budget));
});
