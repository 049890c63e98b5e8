import { ArchiveError, archiveKindOf, readArchive, type ArchiveLimits } from "@/lib/archives/read-archive";
import { ApiError } from "@/lib/http/api-error";
import type { RunFileInput } from "@/lib/submissions/contracts";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import { chunksOf } from "./http";
import { MultipartError } from "./multipart";

/**
 * The byte streams of an upload as the route hands them on. They are read lazily, deep inside createSubmission's
 * validation, so the errors of the readers they wrap (a malformed multipart body, a refused archive, too many bytes)
 * become the API's one error type where they arise, and reach the edge unchanged.
 */

/** entries of one uploaded archive (folders included) */
const MAX_ARCHIVE_ENTRIES = 1_000;

/** The answer for an error of the multipart or archive reader; any other error as it is. */
function asApiError(error: unknown): unknown {
  if (error instanceof MultipartError) return new ApiError("bad_request", `Malformed multipart body: ${error.message}.`);
  if (error instanceof ArchiveError) {
    return new ApiError(error.tooLarge ? "too_large" : "bad_request", `The archive was refused: ${error.message}.`, error.entry ? { file: error.entry } : {});
  }
  return error;
}

/** `source`, its reader's errors as ApiError. */
export async function* translated<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  try {
    yield* source;
  } catch (error) {
    throw asApiError(error);
  }
}

/** The request body, counted: past `maxBytes` the upload is refused with 413. */
export async function* limitedBody(stream: ReadableStream<Uint8Array>, maxBytes: number, budget: UploadBudget): AsyncGenerator<Uint8Array, void, undefined> {
  let bytes = 0;
  for await (const chunk of chunksOf(stream)) {
    bytes += chunk.byteLength;
    budget.receivedBytes += chunk.byteLength;
    if (bytes > maxBytes) throw new ApiError("too_large", `The upload is larger than ${maxBytes} bytes, the limit (gzip the files: they usually shrink tenfold).`);
    yield chunk;
  }
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
export async function* filesOf(
  name: string,
  source: AsyncIterable<Uint8Array>,
  limits: Omit<ArchiveLimits, "maxEntries">,
): AsyncGenerator<RunFileInput, void, undefined> {
  const { head, body } = await peek(source);
  const kind = archiveKindOf(name, head);
  if (kind === null) {
    yield { path: name, body };
    return;
  }
  for await (const entry of translated(readArchive(kind, body, { ...limits, maxEntries: MAX_ARCHIVE_ENTRIES }))) {
    yield { ...entry, body: translated(entry.body) };
  }
}
