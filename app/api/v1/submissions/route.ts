import { NextResponse, type NextRequest } from "next/server";
import { requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { CreateSubmissionResult, UploadValidation } from "@/lib/submissions/contracts";
import { clientAddress, takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";
import { createSubmission } from "@/lib/submissions/create-submission";
import { apiError, chunksOf, internalError, isSameOriginRequest, STATUS_OF_REFUSAL, unauthorized } from "./_lib/http";
import { MultipartError, multipartBoundary, readMultipart, readTextPart, type MultipartPart } from "./_lib/multipart";
import { describeFieldProblems, parseIdempotencyKey, parseUploadFields, systemOf, type UploadFields } from "./_lib/upload-fields";

export const dynamic = "force-dynamic";
// Scoring a 200 MB upload's validation takes a while; never let a platform default cut the request short.
export const maxDuration = 300;

/**
 * POST /api/v1/submissions: upload a prediction file for scoring.
 *
 * Two encodings, both streamed (nothing is held in memory beyond a chunk; createSubmission validates,
 * hashes and compresses while the bytes arrive):
 *  - multipart/form-data (web forms, curl -F, the CLI): metadata fields FIRST, then one part named `file`.
 *    The file must be the last part: its bytes go straight into validation, so fields arriving after it could
 *    no longer change anything; such a request is refused (400) before anything is stored, rather than
 *    silently dropping, say, `visibility=private`.
 *  - a raw body (Content-Type application/x-ndjson, application/jsonl, application/json, application/gzip,
 *    application/octet-stream or text/plain) with the metadata in the query string.
 * Both accept the same fields (see _lib/upload-fields.ts); query parameters may also accompany a multipart body.
 *
 * Auth: `Authorization: Bearer <token with the submit scope>` or a signed-in session (same-origin requests
 * only). `Idempotency-Key`: a retry with the same key returns the first submission.
 *
 * Answers: 202 {id, status, duplicate, validation}; 400 bad field or body; 401; 403 token without the submit
 * scope; 404 unknown benchmark or no instances; 413 too large; 415 other content types; 422 refused file
 * (with validation: problems by line and field); 429 daily limit. Errors are {error: {code, message, …}}.
 */

const RAW_TYPES = new Set(["application/x-ndjson", "application/jsonl", "application/json", "application/gzip", "application/x-gzip", "application/octet-stream", "text/plain"]);
const MAX_FIELD_BYTES = 16 * 1024;
/** multipart framing and fields on top of the file */
const MULTIPART_SLACK_BYTES = 1024 * 1024;

class BadRequest extends Error {}

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

function answer(result: CreateSubmissionResult) {
  if (result.ok) {
    return NextResponse.json(
      { id: result.id, status: result.status, duplicate: result.duplicate, validation: publicValidation(result.validation), links: { self: `/api/v1/submissions/${result.id}` } },
      { status: 202, headers: { location: `/api/v1/submissions/${result.id}` } },
    );
  }
  const validation = publicValidation(result.validation);
  return apiError(STATUS_OF_REFUSAL[result.code], result.code, result.message, validation ? { validation } : {});
}

function fieldsOrThrow(raw: Record<string, string>, context: string): UploadFields {
  const parsed = parseUploadFields(raw);
  if (!parsed.ok) throw Object.assign(new BadRequest(`${describeFieldProblems(parsed.problems)}${context}`), { fields: parsed.problems });
  return parsed.fields;
}

export async function POST(request: NextRequest) {
  // proxy.ts does not see this route (it would buffer the upload), so the API rate limit is applied here.
  const rate = await takeRateLimitPoint("api", clientAddress(request.headers));
  if (!rate.ok) return tooManyRequests("api", rate);
  const user = await requestUser(request);
  if (!user) return unauthorized(request);
  if (!user.scopes.includes("submit")) return apiError(403, "forbidden", "This API token does not have the submit scope.");
  if (user.via === "session" && !isSameOriginRequest(request)) {
    return apiError(403, "forbidden", "A signed-in upload must come from this site's own pages; scripts use an API token.");
  }
  const idempotency = parseIdempotencyKey(request.headers.get("idempotency-key"));
  if (!idempotency.ok) return apiError(400, "bad_request", idempotency.message);

  const maxBytes = env().UPLOAD_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_SLACK_BYTES) {
    return apiError(413, "too_large", `The upload is ${declared} bytes; the limit is ${maxBytes} bytes (gzip the file: it usually shrinks tenfold).`);
  }
  if (!request.body) return apiError(400, "bad_request", "The request has no body: send the prediction file.");
  const query = Object.fromEntries(request.nextUrl.searchParams.entries());
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";

  try {
    const boundary = multipartBoundary(contentType);
    if (boundary) return await fromMultipart(request.body, boundary, query, user.id, idempotency.key);
    if (RAW_TYPES.has(mediaType)) {
      const fields = fieldsOrThrow(query, "");
      const extension = mediaType.includes("gzip") ? "jsonl.gz" : mediaType === "application/json" ? "json" : "jsonl";
      const result = await createSubmission(db(), {
        ownerId: user.id,
        track: fields.task,
        split: fields.split,
        benchmark: fields.benchmark,
        system: systemOf(fields),
        fileName: fields.filename ?? `predictions.${extension}`,
        body: chunksOf(request.body),
        idempotencyKey: idempotency.key,
        visibility: fields.visibility,
      });
      return answer(result);
    }
    return apiError(
      415,
      "unsupported_media_type",
      `Content-Type ${mediaType || "(none)"} is not accepted: send multipart/form-data with a "file" part, or the file itself as ${[...RAW_TYPES].join(", ")} with the fields in the query string.`,
    );
  } catch (error) {
    if (error instanceof BadRequest) return apiError(400, "bad_request", error.message, "fields" in error ? { fields: error.fields } : {});
    if (error instanceof MultipartError) return apiError(400, "bad_request", `Malformed multipart body: ${error.message}.`);
    return internalError("POST /api/v1/submissions", error);
  }
}

async function fromMultipart(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  query: Record<string, string>,
  ownerId: string,
  idempotencyKey: string | null,
) {
  const parts = readMultipart(chunksOf(stream), boundary);
  const raw: Record<string, string> = { ...query };
  // Set when the file wrapper finds parts after the file; checked whatever createSubmission made of the throw.
  const state: { trailing: BadRequest | null } = { trailing: null };

  /**
   * The file's bytes, and at their end a look at the rest of the body: anything but the closing boundary
   * (a field after the file) throws inside createSubmission's read, before it stores anything.
   */
  async function* fileThenClose(part: MultipartPart): AsyncGenerator<Uint8Array, void, undefined> {
    for await (const chunk of part.body) yield chunk;
    const after: string[] = [];
    for (let step = await parts.next(); !step.done; step = await parts.next()) after.push(step.value.filename === null ? step.value.name : `${step.value.name} (a second file)`);
    if (after.length > 0) {
      state.trailing = new BadRequest(`the multipart part(s) ${after.map((n) => `"${n}"`).join(", ")} come after the file; send every field before the "file" part (nothing was stored)`);
      throw state.trailing;
    }
  }

  for (let step = await parts.next(); !step.done; step = await parts.next()) {
    const part = step.value;
    if (part.filename === null) {
      if (part.name === "file") throw new BadRequest('the "file" part must be a file (Content-Disposition with a filename)');
      const value = await readTextPart(part, MAX_FIELD_BYTES);
      if (raw[part.name] !== undefined && raw[part.name] !== value) throw new BadRequest(`field "${part.name}" is given twice with different values`);
      raw[part.name] = value;
      continue;
    }
    if (part.name !== "file") throw new BadRequest(`unexpected file part "${part.name}": the prediction file goes in the part named "file"`);
    const fields = fieldsOrThrow(raw, ' (multipart fields must come before the "file" part)');
    let result: CreateSubmissionResult;
    try {
      result = await createSubmission(db(), {
        ownerId,
        track: fields.task,
        split: fields.split,
        benchmark: fields.benchmark,
        system: systemOf(fields),
        fileName: fields.filename ?? (part.filename || "predictions.jsonl"),
        body: fileThenClose(part),
        idempotencyKey,
        visibility: fields.visibility,
      });
    } catch (error) {
      throw state.trailing ?? error;
    }
    if (state.trailing) throw state.trailing;
    return answer(result);
  }
  throw new BadRequest('the multipart body has no "file" part');
}
