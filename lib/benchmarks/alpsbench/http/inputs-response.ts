import type { OwnPipeline, ReadAnswer } from "@/lib/benchmarks/types";
import { countInputs, inputsVersion, pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { pagedNdjsonStream } from "@/lib/http/paged-ndjson-stream";
import { cachedGzipFile } from "@/lib/http/gzip-file-cache";
import { recordingSize } from "@/lib/http/download-sizes";
import { compactTask3Stream } from "./compact-task3-inputs";
import { downloadStem } from "./download-name";
import { inputsCacheKey, type InputsFileKind } from "./inputs-cache-keys";
import { exampleRow } from "./example-row";
import { EXAMPLE_ROWS, inputScopeOf, MAX_EXAMPLE_ROWS } from "./input-scope";
import { ApiError, type ApiErrorCode } from "@/lib/http/api-error";

const apiError = (code: ApiErrorCode, message: string): ReadAnswer => ({ kind: "error", error: new ApiError(code, message) });

/** Task 3 inputs at d1000 are ~100 KB each: 50 rows is a few MB per page at most. */
const PAGE_SIZE = 50;

/**
 * AlpsBench's `inputsAnswer` hook, behind `GET /api/v1/inputs/{track-slug}[?split=dev|validation|test&benchmark=alpsbench-v1]`
 * and `…/example[?rows=5]`.
 *
 * inputs: the model inputs of a track as JSONL, one `{benchmark_id, ...input}` object per line, in benchmark id
 * order: exactly what a system sees, never gold (see lib/benchmarks/alpsbench/read/queries/submission-inputs.ts). Without `split` every
 * instance (what a `full` submission is scored on). X-AlpsBench-Instances says how many lines to expect. `gzip`: "br" or "encoding" (the client accepts brotli or gzip: the same
 * lines, Content-Encoding br or gzip) or "file" (the `.jsonl.gz` link: a gzip file) serve the scope's gzip, built once per
 * content and kept on disk; "compact" (the `.compact.jsonl.gz` link, Task 3 only) the compact form as a gzip file, built
 * and kept the same way (compact-task3-inputs.ts); "no" the plain lines, kept on disk as they are the same way. Each
 * build records the plain size (lib/http/download-sizes.ts), which the pages show beside the links.
 *
 * example: a small, valid prediction file (JSONL) for the first instances of the track, in the shape the scorer
 * reads, to check a pipeline end to end before running a model. Built from instance ids and public inputs only
 * (example-row.ts).
 */
export const alpsBenchInputsAnswer: NonNullable<OwnPipeline["inputsAnswer"]> = async (db, slug, search, kind, gzip = "no") => {
  if (kind === "example") {
    const rowsParam = search.get("rows");
    const parsed = EXAMPLE_ROWS.safeParse(rowsParam === null ? undefined : Number(rowsParam));
    if (!parsed.success) return apiError("bad_request", `parameter "rows": must be an integer from 1 to ${MAX_EXAMPLE_ROWS}`);
    const resolved = await inputScopeOf(db, slug, search, ["rows"]);
    if (!resolved.ok) return resolved.answer;
    const page = await pageInputs(db, resolved.scope, null, parsed.data);
    if (page.length === 0)
      return apiError(
        "not_found",
        `${resolved.benchmark} has no ${resolved.scope.track} instances${resolved.scope.split ? ` in the ${resolved.scope.split} split` : ""}.`,
      );
    const body = page.map((row) => `${JSON.stringify(exampleRow(resolved.scope.track, row.benchmarkId, row.input))}\n`).join("");
    const filename = `${downloadStem(resolved.benchmark)}-${resolved.slug}-example-predictions.jsonl`;
    return { kind: "lines", text: body, filename, noStore: true };
  }
  const resolved = await inputScopeOf(db, slug, search);
  if (!resolved.ok) return resolved.answer;
  const { scope } = resolved;
  if (gzip === "compact" && !scope.track.startsWith("task3/"))
    return apiError(
      "not_found",
      `${resolved.slug} has no compact form: only Task 3 tracks have one (their pools repeat the same memories). Its gzip file is /api/v1/inputs/${resolved.slug}.jsonl.gz.`,
    );
  const [total, version] = await Promise.all([countInputs(db, scope), inputsVersion(db, scope)]);
  const key = (form: InputsFileKind) => inputsCacheKey(form, resolved.benchmark, resolved.slug, scope.split, version);
  const input = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : { input: value });
  const readPage = (last: { benchmarkId: string } | null) => pageInputs(db, scope, last?.benchmarkId ?? null, PAGE_SIZE);
  // the next page only when the client has taken the previous one; none once it has gone; the size recorded once whole
  const lines = () =>
    recordingSize(
      pagedNdjsonStream(
        readPage,
        PAGE_SIZE,
        (row) => JSON.stringify({ benchmark_id: row.benchmarkId, ...input(row.input) }),
        (error) => console.error("[GET /api/v1/inputs/{track}] page failed", error),
      ),
      key("plain"),
    );
  const filename = `${downloadStem(resolved.benchmark)}-${resolved.slug}-${scope.split ?? "full"}-inputs${gzip === "compact" ? ".compact" : ""}.jsonl`;
  const common = { noStore: true, headers: { "x-alpsbench-instances": String(total) } };
  // every form built once per content of the scope and kept on disk (lib/http/gzip-file-cache.ts): a request streams
  // a file; the plain lines as they are (producing d1000's 334 MB from the database cost ~60 CPU-s a request)
  if (gzip === "no") {
    const plain = await cachedGzipFile(key("plain"), lines, "identity", "inputs");
    return { kind: "stored", file: plain.file, bytes: plain.bytes, form: "lines", filename, ...common };
  }
  const coding = gzip === "br" ? "br" : "gzip";
  const cached =
    gzip === "compact"
      ? await cachedGzipFile(key("compact"), () => compactTask3Stream(() => allPages(readPage)), "gzip", "inputs")
      : await cachedGzipFile(key("gzip"), lines, coding, "inputs");
  const stored = { kind: "stored" as const, file: cached.file, bytes: cached.bytes, ...common };
  if (gzip === "compact" || gzip === "file") return { ...stored, form: "gzip", filename: `${filename}.gz` };
  return { ...stored, form: "lines", encoding: coding, filename };
};

/** Every page of a scope in order, read one at a time. */
async function* allPages<Row extends { benchmarkId: string }>(readPage: (last: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let last: Row | null = null;
  for (;;) {
    const page = await readPage(last);
    if (page.length > 0) yield page;
    if (page.length < PAGE_SIZE) return;
    last = page[page.length - 1]!;
  }
}
