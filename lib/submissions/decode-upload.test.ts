// Tests of the upload route's one decoder (app/api/v1/submissions/_lib/decode-upload.ts); they sit here because the
// unit project collects lib/, components/ and scripts/ only. Each refusal is the answer the route sends, as a body.
import { gzipSync } from "node:zlib";
import { zipSync, strToU8 } from "fflate";
import { describe, expect, test } from "vitest";
import { decodeUpload, type DecodedUpload } from "@/app/api/v1/submissions/_lib/decode-upload";
import { oneCallBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { errorResponse } from "@/lib/http/error-response";
import { UploadBudget } from "@/lib/uploads/upload-budget";

const URL_BASE = "http://leaderboard.test/api/v1/submissions";
const LIMITS = { maxBytes: 1_000_000, maxDecompressedBytes: 10_000_000 };
const ROW = '{"benchmark_id":"x","answer":"y"}\n';

function raw(query: string, type: string | null, body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(`${URL_BASE}${query}`, { method: "POST", body, headers: { ...(type ? { "content-type": type } : {}), ...headers } });
}

function form(parts: [string, string | { name: string; text: string | Uint8Array }][]): Request {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, new Blob([value.text as BlobPart]), value.name);
  }
  return new Request(URL_BASE, { method: "POST", body: data });
}

const decode = (request: Request) => decodeUpload(request, { ...LIMITS, budget: new UploadBudget(LIMITS.maxDecompressedBytes) });

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** What the route answers for a refusal thrown while decoding. */
async function answerOf(work: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await work;
  } catch (error) {
    const response = errorResponse(error, "test");
    return { status: response.status, body: await response.json() };
  }
  throw new Error("expected a refusal");
}

/** A decoded upload as plain data: its kind, name, fields asked for, and its files' paths and texts. */
async function summary(decoded: DecodedUpload, fields: string[]) {
  const picked = Object.fromEntries(fields.map((f) => [f, (decoded.fields as Record<string, unknown>)[f]]));
  if (decoded.kind === "file") return { kind: decoded.kind, fileName: decoded.fileName, fields: picked, files: [["(file)", await text(decoded.body)]] };
  const files: [string, string][] = [];
  for await (const file of decoded.files) files.push([file.path, await text(file.body)]);
  return { kind: decoded.kind, fileName: decoded.fileName, fields: picked, files };
}

describe("decodeUpload: what an upload is", () => {
  test.each([
    [
      "a raw JSONL body with task: one file",
      () => raw("?task=task1&model=m", "application/x-ndjson", ROW),
      { kind: "file", fileName: "predictions.jsonl", fields: { task: "task1", model: "m" }, files: [["(file)", ROW]] },
    ],
    [
      "a raw JSON body with another name for the track: normalised",
      () => raw("?task=task3_d300&model=m&filename=mine.json", "application/json", "[]"),
      { kind: "file", fileName: "mine.json", fields: { task: "task3/d300", model: "m" }, files: [["(file)", "[]"]] },
    ],
    [
      "a raw zip without task: a run of its entries",
      () => raw("?model=m", "application/zip", zipSync({ "task1/predictions.jsonl": strToU8(ROW), "README.md": strToU8("hi") })),
      {
        kind: "run",
        fileName: "run.zip",
        fields: { task: undefined, model: "m" },
        files: [
          ["task1/predictions.jsonl", ROW],
          ["README.md", "hi"],
        ],
      },
    ],
    [
      "a multipart form with task: one file named by its part",
      () =>
        form([
          ["task", "task2"],
          ["model", "m"],
          ["file", { name: "p.jsonl", text: ROW }],
        ]),
      { kind: "file", fileName: "p.jsonl", fields: { task: "task2", model: "m" }, files: [["(file)", ROW]] },
    ],
    [
      "a multipart form with many files and no task: a run",
      () =>
        form([
          ["model", "m"],
          ["files", { name: "task1/predictions.jsonl", text: ROW }],
          ["files", { name: "task2/predictions.jsonl", text: ROW }],
        ]),
      {
        kind: "run",
        fileName: "task1/predictions.jsonl",
        fields: { task: undefined, model: "m" },
        files: [
          ["task1/predictions.jsonl", ROW],
          ["task2/predictions.jsonl", ROW],
        ],
      },
    ],
    [
      "a gzipped file inside a multipart run stays one file",
      () =>
        form([
          ["model", "m"],
          ["file", { name: "task1/predictions.jsonl.gz", text: new Uint8Array(gzipSync(ROW)) }],
        ]),
      {
        kind: "run",
        fileName: "task1/predictions.jsonl.gz",
        fields: { task: undefined, model: "m" },
        files: [["task1/predictions.jsonl.gz", gzipSync(ROW).toString("utf8")]],
      },
    ],
  ])("%s", async (_label, request, expected) => {
    expect(await summary(await decode(request()), ["task", "model"])).toEqual(expected);
  });
});

const fields = (field: string, message: string) => ({ fields: [{ field, message }] });

describe("decodeUpload: refusals answer the route's 4xx bodies", () => {
  test.each([
    [
      "no Content-Type",
      () => raw("?task=task1&model=m", null, strToU8(ROW)),
      415,
      "unsupported_media_type",
      /^Content-Type \(none\) is not accepted: send multipart\/form-data/,
      {},
    ],
    ["an HTML body", () => raw("?task=task1&model=m", "text/html", ROW), 415, "unsupported_media_type", /^Content-Type text\/html is not accepted/, {}],
    [
      "a CSV body for a pipeline benchmark's track",
      () => raw("?task=task1&model=m", "text/csv", "a,b\n"),
      415,
      "unsupported_media_type",
      // the modules that take tables, read from the registry (a new built-in one changes nothing here)
      new RegExp(
        `^Content-Type text/csv is for the tracks of ${oneCallBenchmarks()
          .map((b) => b.id)
          .join(", ")}; a ${ROOT_BENCHMARK.title} file is sent as application/x-ndjson, `,
      ),
      {},
    ],
    ["no body", () => raw("?task=task1&model=m", "application/x-ndjson", null), 400, "bad_request", /^The request has no body: send the prediction file\.$/, {}],
    [
      "a declared length over the limit",
      () => raw("?task=task1&model=m", "application/x-ndjson", ROW, { "content-length": "5000000" }),
      413,
      "too_large",
      /^The upload is 5000000 bytes; the limit is 1000000 bytes/,
      {},
    ],
    ["no model", () => raw("?task=task1", "application/x-ndjson", ROW), 400, "bad_request", /^field "model": is required$/, fields("model", "is required")],
    [
      "an unknown field",
      () => raw("?task=task1&model=m&modle=x", "application/x-ndjson", ROW),
      400,
      "bad_request",
      /^field "modle": unknown field\(s\): modle$/,
      fields("modle", "unknown field(s): modle"),
    ],
    [
      "an unknown track",
      () => raw("?task=task9&model=m", "application/x-ndjson", ROW),
      400,
      "bad_request",
      /^field "task": unknown track "task9"; known: task1, /,
      {},
    ],
    [
      "a multipart field after the model's missing, before the file",
      () =>
        form([
          ["task", "task1"],
          ["file", { name: "p.jsonl", text: ROW }],
        ]),
      400,
      "bad_request",
      /^field "model": is required \(multipart fields must come before the "file" part\)$/,
      fields("model", "is required"),
    ],
    [
      "a multipart body without a file",
      () =>
        form([
          ["task", "task1"],
          ["model", "m"],
        ]),
      400,
      "bad_request",
      /^the multipart body has no "file" part$/,
      {},
    ],
    [
      "a field sent as the file part",
      () => form([["file", "text"]]),
      400,
      "bad_request",
      /^the "file" part must be a file \(Content-Disposition with a filename\)$/,
      {},
    ],
    [
      "a field given twice with different values",
      () =>
        form([
          ["model", "a"],
          ["model", "b"],
          ["file", { name: "p.jsonl", text: ROW }],
        ]),
      400,
      "bad_request",
      /^field "model" is given twice with different values$/,
      {},
    ],
    [
      "a file part of another name",
      () =>
        form([
          ["task", "task1"],
          ["model", "m"],
          ["upload", { name: "p.jsonl", text: ROW }],
        ]),
      400,
      "bad_request",
      /^unexpected file part "upload": the prediction file goes in the part named "file"$/,
      {},
    ],
    [
      "a malformed multipart body",
      () => raw("", "multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data\r\n\r\nno end"),
      400,
      "bad_request",
      /^Malformed multipart body: /,
      {},
    ],
  ])("%s", async (_label, request, status, code, message, details) => {
    const answer = await answerOf(decode(request()));
    expect(answer.status).toBe(status);
    const { error } = answer.body as { error: { code: string; message: string } };
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error).toMatchObject(details);
  });

  test("a refused archive names the entry (400), read while the run's files are", async () => {
    const decoded = await decode(raw("?model=m", "application/zip", zipSync({ "../evil/task1/predictions.jsonl": strToU8(ROW) })));
    expect(decoded.kind).toBe("run");
    const answer = await answerOf(summary(decoded, []));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "bad_request", message: expect.stringMatching(/^The archive was refused: /) } });
  });

  test("a part after the file refuses the upload once the file is read, and says so", async () => {
    const decoded = await decode(
      form([
        ["task", "task1"],
        ["model", "m"],
        ["file", { name: "p.jsonl", text: ROW }],
        ["visibility", "private"],
      ]),
    );
    expect(decoded.trailing()).toBeNull();
    const answer = await answerOf(summary(decoded, []));
    expect(decoded.trailing()).not.toBeNull();
    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          code: "bad_request",
          message: 'the multipart part(s) "visibility" come after the file; send every field before the file part(s) (nothing was stored)',
        },
      },
    });
  });

  test("a body past the limit (with 1 MiB of multipart slack) is refused with 413 while it is read", async () => {
    const decoded = await decodeUpload(raw("?task=task1&model=m", "application/x-ndjson", "x".repeat(1_100_000)), {
      maxBytes: 10,
      maxDecompressedBytes: 100,
      budget: new UploadBudget(100),
    });
    expect(await answerOf(summary(decoded, []))).toEqual({
      status: 413,
      body: { error: { code: "too_large", message: "The upload is larger than 1048586 bytes, the limit (gzip the files: they usually shrink tenfold)." } },
    });
  });
});
