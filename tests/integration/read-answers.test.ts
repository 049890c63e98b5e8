import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { inputsResponse } from "@/app/api/v1/inputs/_lib/inputs-response";
import { exampleRow } from "@/lib/benchmarks/alpsbench/http/example-row";
import { instanceBreakdownCsv } from "@/lib/benchmarks/alpsbench/read/breakdown-csv";
import { countWithheldTestInstances, getInstanceBreakdown } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import { findBenchmarkVersion, pageInputs, type InputScope } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { VIEW_SLUGS, viewFromSlug } from "@/lib/benchmarks/alpsbench/read/views";
import { moduleViewCsv, moduleViewTable } from "@/lib/benchmarks/benchmark-view-response";
import { getBenchmark } from "@/lib/benchmarks/index";
import { moduleSnapshotFiles } from "@/lib/benchmarks/module-snapshot";
import type { OneCallBenchmark } from "@/lib/benchmarks/types";
import { createPrismaClient } from "@/lib/db/create-client";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { DownloadFormat, parseViewParams } from "@/lib/leaderboard/download-format";
import { buildSnapshot, snapshotCsvFiles, type SnapshotMeta } from "@/lib/leaderboard/snapshot";
import { scopeOf } from "@/lib/leaderboard/table-state";
import { viewColumns, viewCsv, viewRecords } from "@/lib/leaderboard/to-table";
import { scoredDemoTask1Upload, settleLeftoverQueue } from "./upload-helpers";

vi.mock("server-only", () => ({}));

/**
 * The read API's answers through the route handlers, on the seeded demo data version and PersonalLLM: status, every
 * header a client reads (type, disposition, encoding, length, cache, the benchmark's counts) and a body equal to what
 * the benchmark's own data functions give, for the views (json, csv, eee), the snapshot (json, zip, eee), the inputs
 * (plain, gzip file, compact, Content-Encoding, example) and an upload's breakdown. Whoever builds the Response (the
 * benchmark or the platform from the benchmark's data), these are what a client gets.
 */
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "read-answers-"));
process.env.DOWNLOAD_CACHE_DIR = cacheDir;
const db = createPrismaClient(inject("databaseUrl"));

type Handler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;
let view: Handler<{ view: string }>;
let viewOf: Handler<{ view: string; track: string }>;
let snapshot: Handler<Record<string, never>>;
let inputs: Handler<{ track: string }>;
let example: Handler<{ track: string }>;
let breakdown: Handler<{ id: string }>;
let token = "";
let submissionId = "";

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  await settleLeftoverQueue(db);
  view = (await import("@/app/api/v1/leaderboards/[view]/route")).GET as unknown as typeof view;
  viewOf = (await import("@/app/api/v1/leaderboards/[view]/[track]/route")).GET as unknown as typeof viewOf;
  snapshot = (await import("@/app/api/v1/snapshot/route")).GET as unknown as typeof snapshot;
  inputs = (await import("@/app/api/v1/inputs/[track]/route")).GET as unknown as typeof inputs;
  example = (await import("@/app/api/v1/inputs/[track]/example/route")).GET as unknown as typeof example;
  breakdown = (await import("@/app/api/v1/submissions/[id]/breakdown/route")).GET as unknown as typeof breakdown;
  ({ token, submissionId } = await scoredDemoTask1Upload(db, "read-answers"));
});
afterAll(async () => {
  await db.$disconnect();
  rmSync(cacheDir, { recursive: true, force: true });
});

const request = (url: string, headers: Record<string, string> = {}) => new NextRequest(`http://127.0.0.1${url}`, { headers });
const params = <P>(value: P) => ({ params: Promise.resolve(value) });
const headersOf = (answer: Response) => Object.fromEntries(answer.headers.entries());
const body = async (answer: Response) => Buffer.from(await answer.arrayBuffer());
// as bytes: Response.text() and TextDecoder drop the CSVs' byte order mark
const utf8 = async (answer: Response) => (await body(answer)).toString("utf8");
const unzipped = (zip: Buffer) =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(zip))).map(([name, data]) => [name, Buffer.from(data).toString("utf8")]));
const lines = (text: string) => text.split("\n").filter(Boolean);

/** An AlpsBench view's table as the page shows it under the query (the data the answer is made from). */
async function alpsBenchTable(slug: string, search: URLSearchParams) {
  const parsed = parseViewParams(DownloadFormat, search);
  if (!parsed.ok) throw new Error(parsed.issues.join("; "));
  const board = await getView(db, viewFromSlug(slug)!, scopeOf(parsed.query));
  return { board, table: applyTableQuery(board, parsed.query) };
}

/** The scope of a track's inputs on the demo data version, every split. */
async function demoScope(track: InputScope["track"]): Promise<InputScope> {
  return { benchmarkVersionId: (await findBenchmarkVersion(db, "demo"))!.id, track, split: null };
}

describe("the read API's answers", () => {
  test("an AlpsBench view as JSON, CSV and Every Eval Ever", async () => {
    const search = new URLSearchParams({ benchmark: "demo", split: "dev" });
    const { board, table } = await alpsBenchTable("task1", search);
    expect(table.rows.length).toBeGreaterThan(0);

    const json = await view(request("/api/v1/leaderboards/task1?benchmark=demo&split=dev"), params({ view: "task1" }));
    expect(json.status).toBe(200);
    expect(headersOf(json)).toEqual({ "content-type": "application/json", "content-disposition": 'inline; filename="alpsbench-task1-demo-dev.json"' });
    const parsed = (await json.json()) as Record<string, unknown>;
    expect(parsed).toMatchObject({ leaderboard: "task1", title: board.title, benchmark: "demo", split: "dev", scoreVersion: "latest", notes: board.notes });
    expect(parsed.rows).toEqual(viewRecords(table));
    expect(parsed.columns).toEqual(JSON.parse(JSON.stringify(viewColumns(table))));

    const csv = await viewOf(request("/api/v1/leaderboards/alpsbench/task1?format=csv&benchmark=demo&split=dev"), params({ view: "alpsbench", track: "task1" }));
    expect(csv.status).toBe(200);
    expect(headersOf(csv)).toEqual({ "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="alpsbench-task1-demo-dev.csv"' });
    expect(await utf8(csv)).toBe(viewCsv(table));

    const eee = await view(request("/api/v1/leaderboards/task1?format=eee&benchmark=demo&split=dev"), params({ view: "task1" }));
    expect(eee.status).toBe(200);
    const zip = await body(eee);
    const eeeHeaders = headersOf(eee);
    expect(eeeHeaders).toEqual({
      "content-type": "application/zip",
      "content-disposition": expect.stringMatching(/^attachment; filename="demo-dev-every-eval-ever-\d{4}-\d{2}-\d{2}\.zip"$/),
      "content-length": String(zip.length),
      "cache-control": "no-store",
    });
    expect(Object.keys(unzipSync(new Uint8Array(zip)))).toContain("checksums.sha256");
  });

  test("refusals of the views: an unknown view, a bad format, an unknown benchmark", async () => {
    const unknown = await view(request("/api/v1/leaderboards/task9"), params({ view: "task9" }));
    expect(unknown.status).toBe(404);
    expect(headersOf(unknown)).toEqual({ "content-type": "application/json" });
    expect(await unknown.json()).toEqual({ error: { code: "not_found", message: `Unknown leaderboard "task9". Known: ${VIEW_SLUGS.join(", ")}.` } });
    const format = await view(request("/api/v1/leaderboards/task1?format=xml"), params({ view: "task1" }));
    expect(format.status).toBe(400);
    expect(((await format.json()) as { error: { code: string; issues: string[] } }).error).toMatchObject({
      code: "bad_request",
      issues: [expect.stringContaining("format")],
    });
    const benchmark = await viewOf(request("/api/v1/leaderboards/nobench/x"), params({ view: "nobench", track: "x" }));
    expect(benchmark.status).toBe(404);
    expect(await benchmark.json()).toEqual({ error: { code: "not_found", message: 'Unknown benchmark "nobench".' } });
  });

  test("a module's view as JSON and CSV", async () => {
    const personalllm = getBenchmark("personalllm") as OneCallBenchmark;
    const table = await moduleViewTable(db, personalllm, "", new URLSearchParams());
    if (!table?.ok) throw new Error("no PersonalLLM default view");
    const json = await view(request("/api/v1/leaderboards/personalllm"), params({ view: "personalllm" }));
    expect(json.status).toBe(200);
    expect(headersOf(json)).toEqual({ "content-type": "application/json", "content-disposition": `inline; filename="${table.board.id}-test.json"` });
    const parsed = (await json.json()) as Record<string, unknown>;
    expect(parsed).toMatchObject({ leaderboard: table.board.id, benchmark: "personalllm", rows: JSON.parse(JSON.stringify(table.rows)) });
    const csv = await view(request("/api/v1/leaderboards/personalllm?format=csv"), params({ view: "personalllm" }));
    expect(headersOf(csv)).toEqual({ "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${table.board.id}-test.csv"` });
    expect(await utf8(csv)).toBe(moduleViewCsv(table.columns, table.rows));
  });

  test("the snapshot as JSON, zip and Every Eval Ever, of AlpsBench and of a module", async () => {
    const parsedQuery = parseViewParams(DownloadFormat, new URLSearchParams({ benchmark: "demo" }));
    if (!parsedQuery.ok) throw new Error(parsedQuery.issues.join("; "));
    const scope = scopeOf(parsedQuery.query);
    const boards = [];
    for (const slug of VIEW_SLUGS) boards.push({ slug, board: await getView(db, viewFromSlug(slug)!, scope) });
    const day = /\d{4}-\d{2}-\d{2}/.source;

    const json = await snapshot(request("/api/v1/snapshot?benchmark=demo"), params({}));
    expect(json.status).toBe(200);
    const jsonHeaders = headersOf(json);
    expect(jsonHeaders).toEqual({
      "content-type": "application/json",
      "content-disposition": expect.stringMatching(new RegExp(`^attachment; filename="alpsbench-snapshot-demo-full-${day}\\.json"$`)),
    });
    const parsed = (await json.json()) as { snapshot: SnapshotMeta };
    expect(parsed.snapshot).toMatchObject({ benchmark: "demo", split: "full", scoreVersion: "latest" });
    expect(jsonHeaders["content-disposition"]).toContain(parsed.snapshot.generatedAt.slice(0, 10));
    expect(parsed).toEqual(JSON.parse(JSON.stringify(buildSnapshot(parsed.snapshot, boards))));

    const zip = await snapshot(request("/api/v1/snapshot?benchmark=demo&format=zip"), params({}));
    expect(zip.status).toBe(200);
    expect(headersOf(zip)).toEqual({
      "content-type": "application/zip",
      "content-disposition": expect.stringMatching(new RegExp(`^attachment; filename="alpsbench-snapshot-demo-full-${day}\\.zip"$`)),
    });
    const files = unzipped(await body(zip));
    const meta = (JSON.parse(files["manifest.json"]!) as { snapshot: SnapshotMeta }).snapshot;
    expect(files).toEqual(snapshotCsvFiles(meta, boards));

    const eee = await snapshot(request("/api/v1/snapshot?benchmark=demo&format=eee&split=dev"), params({}));
    expect(eee.status).toBe(200);
    expect(eee.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="demo-dev-every-eval-ever-${day}\\.zip"$`));
    expect(eee.headers.get("cache-control")).toBe("no-store");
    expect(Number(eee.headers.get("content-length"))).toBe((await body(eee)).length);

    const module = await snapshot(request("/api/v1/snapshot?benchmark=personalllm&format=zip"), params({}));
    expect(module.status).toBe(200);
    expect(headersOf(module)).toEqual({
      "content-type": "application/zip",
      "content-disposition": expect.stringMatching(new RegExp(`^attachment; filename="personalllm-snapshot-${day}\\.zip"$`)),
    });
    const moduleFiles = unzipped(await body(module));
    const manifest = JSON.parse(moduleFiles["manifest.json"]!) as Parameters<typeof moduleSnapshotFiles>[0];
    const moduleJson = await snapshot(request("/api/v1/snapshot?benchmark=personalllm"), params({}));
    expect(headersOf(moduleJson)).toEqual({
      "content-type": "application/json",
      "content-disposition": expect.stringMatching(new RegExp(`^attachment; filename="personalllm-snapshot-${day}\\.json"$`)),
    });
    const moduleSnapshot = (await moduleJson.json()) as Parameters<typeof moduleSnapshotFiles>[0];
    expect(moduleSnapshot.snapshot.benchmark).toBe("personalllm");
    expect(moduleFiles).toEqual({ ...moduleSnapshotFiles({ ...moduleSnapshot, snapshot: manifest.snapshot }) });

    const refused = await snapshot(request("/api/v1/snapshot?benchmark=demo&format=xml"), params({}));
    expect(refused.status).toBe(400);
    expect(headersOf(refused)).toEqual({ "content-type": "application/json" });
  });

  test("the inputs: plain lines, the gzip file, the compact file, Content-Encoding and the example", async () => {
    const scope = await demoScope("task1");
    const rows = await pageInputs(db, scope, null, 10_000);
    const expected = rows.map((row) => JSON.stringify({ benchmark_id: row.benchmarkId, ...(row.input as object) }));
    const stem = "alpsbench-demo-task1-full-inputs.jsonl";

    const plain = await inputs(request("/api/v1/inputs/task1?benchmark=demo"), params({ track: "task1" }));
    expect(plain.status).toBe(200);
    const text = await utf8(plain);
    expect(lines(text)).toEqual(expected);
    expect(headersOf(plain)).toEqual({
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="${stem}"`,
      "content-length": String(Buffer.byteLength(text)),
      "x-alpsbench-instances": String(rows.length),
      "cache-control": "no-store",
      vary: "Accept-Encoding",
    });

    const file = await inputs(request("/api/v1/inputs/task1.jsonl.gz?benchmark=demo"), params({ track: "task1.jsonl.gz" }));
    const gz = await body(file);
    expect(gunzipSync(gz).toString("utf8")).toBe(text);
    expect(headersOf(file)).toEqual({
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="${stem}.gz"`,
      "content-length": String(gz.length),
      "x-alpsbench-instances": String(rows.length),
      "cache-control": "no-store",
      vary: "Accept-Encoding",
    });

    for (const [mode, decode] of [
      ["encoding", gunzipSync],
      ["br", brotliDecompressSync],
    ] as const) {
      const encoded = await inputsResponse(db, "task1", new URLSearchParams({ benchmark: "demo" }), "inputs", mode);
      const data = await body(encoded);
      expect(decode(data).toString("utf8")).toBe(text);
      expect(headersOf(encoded)).toEqual({
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${stem}"`,
        "content-encoding": mode === "br" ? "br" : "gzip",
        "content-length": String(data.length),
        "x-alpsbench-instances": String(rows.length),
        "cache-control": "no-store",
        vary: "Accept-Encoding",
      });
    }

    const task3 = await pageInputs(db, await demoScope("task3/d300"), null, 10_000);
    const compact = await inputs(request("/api/v1/inputs/task3-d300.compact.jsonl.gz?benchmark=demo"), params({ track: "task3-d300.compact.jsonl.gz" }));
    const compactBytes = await body(compact);
    expect(lines(gunzipSync(compactBytes).toString("utf8")).length).toBeGreaterThan(task3.length);
    expect(headersOf(compact)).toEqual({
      "content-type": "application/gzip",
      "content-disposition": 'attachment; filename="alpsbench-demo-task3-d300-full-inputs.compact.jsonl.gz"',
      "content-length": String(compactBytes.length),
      "x-alpsbench-instances": String(task3.length),
      "cache-control": "no-store",
    });
    const noCompact = await inputs(request("/api/v1/inputs/task1.compact.jsonl.gz?benchmark=demo"), params({ track: "task1.compact.jsonl.gz" }));
    expect(noCompact.status).toBe(404);
    expect(headersOf(noCompact)).toEqual({ "content-type": "application/json" });

    const sample = await example(request("/api/v1/inputs/task1/example?benchmark=demo&rows=2"), params({ track: "task1" }));
    expect(sample.status).toBe(200);
    expect(headersOf(sample)).toEqual({
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": 'attachment; filename="alpsbench-demo-task1-example-predictions.jsonl"',
      "cache-control": "no-store",
    });
    expect(await utf8(sample)).toBe(
      rows
        .slice(0, 2)
        .map((row) => `${JSON.stringify(exampleRow("task1", row.benchmarkId, row.input))}\n`)
        .join(""),
    );
    const badRows = await example(request("/api/v1/inputs/task1/example?benchmark=demo&rows=0"), params({ track: "task1" }));
    expect(badRows.status).toBe(400);
    const unknownTrack = await inputs(request("/api/v1/inputs/task9?benchmark=demo"), params({ track: "task9" }));
    expect(unknownTrack.status).toBe(404);
    const module = await inputs(request("/api/v1/inputs/x?benchmark=personalllm"), params({ track: "x" }));
    expect(module.status).toBe(404);
  });

  test("an upload's breakdown as JSON and CSV", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const versions = await currentScoreVersions(db, submissionId, (await db.submission.findUniqueOrThrow({ where: { id: submissionId } })).scorerVersion);
    const { rows, metrics } = await getInstanceBreakdown(db, submissionId, versions, false);
    expect(rows.length).toBeGreaterThan(0);
    // a full-split upload: its test instances are withheld from a reader who is not an admin
    const withheld = await countWithheldTestInstances(db, submissionId, versions);
    expect(withheld).toBeGreaterThan(0);
    const reason = "Per-instance results on the test split are not published: its gold is hidden, and per-instance scores would reveal it.";

    const json = await breakdown(request(`/api/v1/submissions/${submissionId}/breakdown?level=instance`, auth), params({ id: submissionId }));
    expect(json.status).toBe(200);
    expect(headersOf(json)).toEqual({ "content-type": "application/json", "cache-control": "no-store", "x-alpsbench-withheld-test": String(withheld) });
    expect(await json.json()).toEqual(
      JSON.parse(
        JSON.stringify({
          submission: submissionId,
          status: "done",
          split: "full",
          level: "instance",
          scoreVersions: versions,
          metrics,
          withheld: { test: withheld, reason },
          rows,
        }),
      ),
    );

    const csv = await breakdown(request(`/api/v1/submissions/${submissionId}/breakdown?level=instance&format=csv`, auth), params({ id: submissionId }));
    expect(headersOf(csv)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="alpsbench-${submissionId}-instance.csv"`,
      "cache-control": "no-store",
      "x-alpsbench-withheld-test": String(withheld),
    });
    expect(await utf8(csv)).toBe(instanceBreakdownCsv(rows, metrics));

    const dimension = await breakdown(
      request(`/api/v1/submissions/${submissionId}/breakdown?level=dimension&format=csv&by=label`, auth),
      params({ id: submissionId }),
    );
    expect(dimension.status).toBe(200);
    expect(dimension.headers.get("content-disposition")).toBe(`attachment; filename="alpsbench-${submissionId}-dimension-label.csv"`);
  });
});
