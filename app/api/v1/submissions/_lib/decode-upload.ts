import { z } from "zod";
import { benchmarkOfDataVersion, hostedBenchmarks } from "@/lib/benchmarks";
import { ApiError } from "@/lib/http/api-error";
import { nameProblem } from "@/lib/security/safe-text";
import type { RunFileInput } from "@/lib/submissions/contracts";
import { MAX_RUN_FILES } from "@/lib/submissions/create-submission";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import { isMultipart, readMultipart, type MultipartPart } from "./multipart";
import { describeFieldProblems, parseUploadFields, type RunFields, type UploadFields } from "./upload-fields";
import { filesOf, limitedBody, translated } from "./upload-streams";

/**
 * The one reading of `POST /api/v1/submissions`: the request's encoding (multipart form, or a raw body with the
 * fields in the query string) decides nothing but where the fields and bytes are; the fields decide what it is:
 * with `task`, ONE prediction file (`kind: "file"`); without, a RUN (`kind: "run"`: an archive, many files, or
 * both). Bad fields, names, encodings and sizes throw ApiError with the API's 4xx answers. The bytes are not read
 * here: `body` and `files` stream into createSubmission / createRun, and their readers' errors arrive as ApiError
 * too (upload-streams.ts).
 */

const byteStream = z.custom<AsyncIterable<Uint8Array>>((value) => isAsyncIterable(value), "a byte stream");
const common = {
  /** the file name recorded (a run: the archive's or first file's) */
  fileName: z.string(),
  /** a multipart part that came after the file(s), once reading reached it: the upload is refused (nothing stored) */
  trailing: z.custom<() => ApiError | null>((value) => typeof value === "function"),
};
export const DecodedUpload = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("file"), fields: z.custom<UploadFields>(), body: byteStream, ...common }),
  z.object({ kind: z.literal("run"), fields: z.custom<RunFields>(), files: z.custom<AsyncIterable<RunFileInput>>((value) => isAsyncIterable(value)), ...common }),
]);
export type DecodedUpload = z.infer<typeof DecodedUpload>;

type DecodeLimits = { maxBytes: number; maxDecompressedBytes: number; budget: UploadBudget };

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
const FILE_PART_NAMES = new Set(["file", "files"]);
const noTrailing = () => null;

function isAsyncIterable(value: unknown): boolean {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

function badRequest(message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError("bad_request", message, details);
}

function fieldsOrThrow(raw: ReadonlyMap<string, string>, context: string): UploadFields {
  const parsed = parseUploadFields(raw);
  if (!parsed.ok) throw badRequest(`${describeFieldProblems(parsed.problems)}${context}`, { fields: parsed.problems });
  return parsed.fields;
}

function runFieldsOrThrow(raw: ReadonlyMap<string, string>): RunFields {
  const parsed = parseUploadFields(raw, true);
  if (!parsed.ok) throw badRequest(describeFieldProblems(parsed.problems), { fields: parsed.problems });
  return parsed.fields;
}

function fileNameOrThrow(name: string): string {
  const problem = nameProblem(name);
  if (problem) throw badRequest(`field "filename": the file name ${problem}`, { fields: [{ field: "filename", message: `the file name ${problem}` }] });
  return name;
}

/** Reads the request's fields and names; the bytes stay streams. Throws ApiError for every refusal. */
export async function decodeUpload(request: Request, limits: DecodeLimits): Promise<DecodedUpload> {
  const { maxBytes } = limits;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_SLACK_BYTES) {
    throw new ApiError("too_large", `The upload is ${declared} bytes; the limit is ${maxBytes} bytes (gzip the file: it usually shrinks tenfold).`);
  }
  if (!request.body) throw badRequest("The request has no body: send the prediction file.");
  // A Map, not an object: a field named __proto__ or toString is just an unknown field; read from the URL as
  // sent, since Next's parsed query drops a "__proto__" key, which would slip past the unknown-field check
  const query = new Map(new URL(request.url).searchParams.entries());
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const body = limitedBody(request.body, maxBytes + MULTIPART_SLACK_BYTES, limits.budget);
  const archive = { maxTotalBytes: limits.maxDecompressedBytes, maxArchiveBytes: maxBytes, budget: limits.budget };
  if (isMultipart(contentType)) return DecodedUpload.parse(await fromMultipart(body, contentType!, query, archive));
  if (!RAW_TYPES.has(mediaType)) {
    throw new ApiError(
      "unsupported_media_type",
      `Content-Type ${mediaType || "(none)"} is not accepted: send multipart/form-data with a "file" part, or the file itself as ${[...RAW_TYPES].join(", ")} with the fields in the query string.`,
    );
  }
  if (!query.has("task")) {
    const fields = runFieldsOrThrow(query);
    const fileName = fileNameOrThrow(fields.filename ?? (mediaType.includes("zip") ? "run.zip" : mediaType.includes("tar") ? "run.tar" : "run"));
    return DecodedUpload.parse({ kind: "run", fields, fileName, files: filesOf(fileName, body, archive), trailing: noTrailing });
  }
  const fields = fieldsOrThrow(query, "");
  const target = capabilitiesOf(benchmarkOfDataVersion(fields.benchmark)).upload;
  if (TABLE_TYPES.has(mediaType) && !target.tableFormats) {
    const tabled = hostedBenchmarks().flatMap((b) => (capabilitiesOf(b).upload.tableFormats ? [b.id] : []));
    throw new ApiError(
      "unsupported_media_type",
      `Content-Type ${mediaType} is for the tracks of ${tabled.join(", ")}; a ${target.benchmark.title} file is sent as ${[...RAW_TYPES].filter((t) => !TABLE_TYPES.has(t)).join(", ")}.`,
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
  const fileName = fileNameOrThrow(fields.filename ?? `predictions.${extension}`);
  return DecodedUpload.parse({ kind: "file", fields, fileName, body, trailing: noTrailing });
}

type FilePart = Extract<MultipartPart, { kind: "file" }>;

/**
 * A multipart body: fields first (with the query's), then the file part(s). The decoding stops at the first file
 * part; the rest of the body is read as the file is, and a part after the file(s) refuses the upload.
 */
async function fromMultipart(
  stream: AsyncIterable<Uint8Array>,
  contentType: string,
  query: ReadonlyMap<string, string>,
  archive: { maxTotalBytes: number; maxArchiveBytes: number; budget: UploadBudget },
) {
  const parts = translated(readMultipart(stream, contentType, { maxFieldBytes: MAX_FIELD_BYTES, maxParts: 64 + MAX_RUN_FILES, maxFiles: MAX_RUN_FILES }));
  const raw = new Map(query);
  // Set when a part arrives after the file(s); the route checks it whatever createSubmission made of the throw.
  const state: { trailing: ApiError | null } = { trailing: null };
  const trailing = () => state.trailing;

  function fieldAfterFile(part: MultipartPart): ApiError {
    const name = part.kind === "field" ? part.name : `${part.name} (a second file)`;
    state.trailing = badRequest(`the multipart part(s) "${name}" come after the file; send every field before the file part(s) (nothing was stored)`);
    return state.trailing;
  }

  /** The file's bytes, and at their end a look at the rest of the body: anything but its end throws. */
  async function* fileThenClose(part: FilePart): AsyncGenerator<Uint8Array, void, undefined> {
    yield* translated(part.body);
    const next = await parts.next();
    if (!next.done) throw fieldAfterFile(next.value);
  }

  /** Every file of a run: this part's, then those of the file parts after it (an archive gives its entries). */
  async function* runFiles(first: FilePart): AsyncGenerator<RunFileInput, void, undefined> {
    for (let part: MultipartPart | undefined = first; part;) {
      if (part.kind !== "file") throw fieldAfterFile(part);
      if (!FILE_PART_NAMES.has(part.name)) throw badRequest(`unexpected file part "${part.name}": files go in parts named "file" or "files"`);
      if (part.filename === "") throw badRequest("a file part has no file name; a run's files are told apart by their names");
      yield* filesOf(fileNameOrThrow(part.filename), translated(part.body), archive);
      const next = await parts.next();
      part = next.done ? undefined : next.value;
    }
  }

  for (let step = await parts.next(); !step.done; step = await parts.next()) {
    const part = step.value;
    if (part.kind === "field") {
      if (FILE_PART_NAMES.has(part.name)) throw badRequest(`the "${part.name}" part must be a file (Content-Disposition with a filename)`);
      const previous = raw.get(part.name);
      if (previous !== undefined && previous !== part.value) throw badRequest(`field "${part.name}" is given twice with different values`);
      raw.set(part.name, part.value);
      continue;
    }
    if (!FILE_PART_NAMES.has(part.name)) throw badRequest(`unexpected file part "${part.name}": the prediction file goes in the part named "file"`);
    if (!raw.has("task")) {
      const fields = runFieldsOrThrow(raw);
      return { kind: "run" as const, fields, fileName: fileNameOrThrow(part.filename || "run"), files: runFiles(part), trailing };
    }
    const fields = fieldsOrThrow(raw, ' (multipart fields must come before the "file" part)');
    const fileName = fileNameOrThrow(fields.filename ?? (part.filename || "predictions.jsonl"));
    return { kind: "file" as const, fields, fileName, body: fileThenClose(part), trailing };
  }
  throw badRequest('the multipart body has no "file" part');
}
