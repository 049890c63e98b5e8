import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { createElement, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { pipelineSections } from "@/app/submissions/[id]/_components/pipeline-sections";
import { createApiToken } from "@/lib/auth/api-token";
import { registerBenchmark } from "@/lib/benchmarks";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { stopBoss } from "@/lib/queue/boss";
import { startWorker } from "@/lib/worker/worker";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { settleLeftoverQueue } from "./upload-helpers";
import { uploadMultipart, waitUntilFinished } from "../e2e/submissions-helpers";
import { uploadFactsOf } from "@/lib/submissions/upload-facts";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * A second pipeline benchmark, test-only and named by no platform file, registered in this process (as every test
 * benchmark is: registerBenchmark, no shared global) and hosted by the site's real parts over real HTTP: the API's
 * route handlers behind a local HTTP server, and the scoring worker (lib/worker/worker.ts, the loop
 * scripts/worker.ts runs) on the queue. An upload over HTTP is scored by the worker under the track's own metrics,
 * read back through the API, ranked on its boards and downloads (JSON, CSV, snapshot); the pages a visitor reads,
 * /submissions/<id>'s results and /benchmarks/<id>[/<view>] (drawn by the platform from the fixture's `loadView`),
 * are rendered from their components. tests/integration/second-pipeline-benchmark.test.ts proves the same paths by
 * direct calls.
 */

const ID = "duo-http";
const SLUGS = ["alpha", "beta"] as const;
const fixture = pipelineBenchmark(ID, [...SLUGS]);
const rows = (...values: number[]) => values.map((value) => JSON.stringify({ value })).join("\n") + "\n";

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST", Handler>>;

/** The API routes this benchmark's journey calls, by path pattern: Next's file routes, loaded as Next loads them. */
const ROUTES: [RegExp, string[], () => Promise<unknown>][] = [
  [/^\/api\/v1\/submissions$/, [], () => import("@/app/api/v1/submissions/route")],
  [/^\/api\/v1\/submissions\/([^/]+)$/, ["id"], () => import("@/app/api/v1/submissions/[id]/route")],
  [/^\/api\/v1\/leaderboards\/([^/]+)$/, ["view"], () => import("@/app/api/v1/leaderboards/[view]/route")],
  [/^\/api\/v1\/leaderboards\/([^/]+)\/([^/]+)$/, ["view", "track"], () => import("@/app/api/v1/leaderboards/[view]/[track]/route")],
  [/^\/api\/v1\/snapshot$/, [], () => import("@/app/api/v1/snapshot/route")],
];

/** A request as Next's server hands it to a route handler: a NextRequest with the streamed body, and the path's params. */
async function answer(req: IncomingMessage, baseUrl: string): Promise<Response> {
  const url = new URL(req.url ?? "/", baseUrl);
  const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
  if (!route) return new Response("no such route in this test", { status: 404 });
  const [pattern, names, load] = route;
  const values = pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
  const handler = ((await load()) as RouteModule)[req.method as "GET" | "POST"];
  if (!handler) return new Response(null, { status: 405 });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  const request = new NextRequest(url, { method: req.method, headers, body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
  return handler(request, { params: Promise.resolve(Object.fromEntries(names.map((name, at) => [name, values[at]!]))) });
}

/** A server component's output as HTML, with the App Router's context the table's client hooks read on the server. */
async function html(...nodes: ReactNode[]): Promise<string> {
  const router = { back() {}, forward() {}, refresh() {}, hmrRefresh() {}, push() {}, replace() {}, prefetch() {} };
  const stream = await renderToReadableStream(createElement(AppRouterContext.Provider, { value: router as never }, ...nodes));
  await stream.allReady;
  return new Response(stream).text();
}

const text = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .trim();
const cellsOf = (row: string) => [...row.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => text(m[2]!));

describe("a test-only second pipeline benchmark over real HTTP and the real worker", () => {
  let db: Db;
  let token: string;
  let ownerId: string;
  let baseUrl: string;
  let server: Server;
  let worker: ReturnType<typeof startWorker>;
  let unregister: () => void;
  const workerLog: string[] = [];
  const uploaded: Record<(typeof SLUGS)[number], string> = { alpha: "", beta: "" };

  beforeAll(async () => {
    // the route handlers' client (lib/db/client.ts) reads it from the environment
    process.env.DATABASE_URL = inject("databaseUrl");
    db = createPrismaClient(inject("databaseUrl"));
    // the worker below takes the oldest job first: another file's leftover uploads would keep it busy
    await settleLeftoverQueue(db);
    unregister = registerBenchmark(fixture);
    // the rows a benchmark's own setup writes: its data version and its tracks
    await db.benchmarkVersion.upsert({
      where: { slug: `${ID}-v1` },
      create: { slug: `${ID}-v1`, name: "Duo over HTTP", description: "test", source: "test" },
      update: {},
    });
    for (const [position, track] of fixture.tracks.entries()) {
      await db.track.upsert({ where: { id: track.id }, create: { id: track.id, task: ID, label: track.title, position: 3300 + position }, update: {} });
    }
    ownerId = (await db.user.create({ data: { email: `second-pipe-${randomBytes(3).toString("hex")}@example.org` } })).id;
    token = (await createApiToken(db, ownerId, { name: "second-pipe", scopes: ["submit", "read"] })).token;

    server = createServer((req, res) => {
      answer(req, baseUrl)
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    worker = startWorker({ databaseUrl: inject("databaseUrl"), log: (line) => workerLog.push(line), concurrency: 1, judge: null, rewards: null });
    await worker.ready;
  });

  afterAll(async () => {
    await worker?.stop();
    await stopBoss();
    await new Promise((resolve) => server?.close(resolve));
    unregister?.();
    await db?.$disconnect();
  });

  test("an upload to each track over HTTP is scored by the worker under the track's own metrics", async () => {
    for (const [slug, file] of [
      ["alpha", rows(4, 6)],
      ["beta", rows(1, 2, 9)],
    ] as const) {
      const answer = await uploadMultipart(baseUrl, { token, fields: { task: slug, model: `Duo ${slug}`, benchmark: ID }, file, fileName: `${slug}.jsonl` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      uploaded[slug] = answer.body.id!;
    }
    // a track the benchmark does not declare is the uploader's error, in the benchmark's own words
    const unknown = await uploadMultipart(baseUrl, { token, fields: { task: "gamma", model: "Duo gamma", benchmark: ID }, file: rows(1) });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('unknown track \\"gamma\\"; known: alpha, beta');

    const alpha = await waitUntilFinished(baseUrl, uploaded.alpha, token, 90_000);
    const beta = await waitUntilFinished(baseUrl, uploaded.beta, token, 90_000);
    expect(alpha).toMatchObject({ status: "done", track: `${ID}/alpha`, metrics: { mean: { value: 5, n: 2 } } });
    expect(Object.keys(alpha.metrics)).toEqual(["mean"]);
    expect(beta).toMatchObject({ status: "done", track: `${ID}/beta`, metrics: { mean: { value: 4, n: 3 }, max: { value: 9, n: 3 } } });
    // the worker's step loop ran the benchmark's own scoring (its log line)
    expect(workerLog.join("\n")).toContain(`${uploaded.beta}: mean 4`);
  }, 180_000);

  test("/submissions/<id>'s results show the track's title, its metric labels and figures", async () => {
    expect(uploaded.beta, "the upload test ran first").not.toBe("");
    const viewer = { id: ownerId, role: "user" as const };
    for (const [slug, expected] of [
      [
        "beta",
        [
          ["Mean", "4.00"],
          ["Largest", "9.0"],
        ],
      ],
      ["alpha", [["Mean", "5.00"]]],
    ] as const) {
      const submission = (await getSubmissionStatus(db, uploaded[slug], viewer))!;
      // the page's part for a pipeline benchmark, as /submissions/<id> draws it
      const sections = (await pipelineSections(db, { ...submission, facts: await uploadFactsOf(db, submission, viewer) }, viewer, new URLSearchParams()))!;
      const page = await html(sections.notices, sections.results, sections.details);
      const title = fixture.tracks.find((t) => t.id === `${ID}/${slug}`)!.title;
      expect(text(page)).toContain(`${fixture.title} · ${title}`);
      const table = /<table[^>]*data-testid="metrics-table"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
      const cells = [...(/<tbody[\s\S]*?<\/tbody>/.exec(table)?.[0] ?? "").matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => cellsOf(m[0]));
      // each declared metric in its row, with its figure at the declared decimals; no metric of another track
      expect(cells.map((row) => row.slice(0, 2))).toEqual(expected.map(([label, figure]) => [expect.stringContaining(label), expect.stringContaining(figure)]));
    }
  });

  test("its boards and downloads (JSON, CSV, snapshot) rank each upload with its figures", async () => {
    const get = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
    };
    const alphaRow = { submission: uploaded.alpha, system: "Duo alpha", mean: 5, n: 2 };
    const betaRow = { submission: uploaded.beta, system: "Duo beta", mean: 4, n: 3 };

    const board = await get(`/api/v1/leaderboards/${ID}`);
    expect(board.status).toBe(200);
    expect(JSON.parse(board.text)).toEqual({ benchmark: ID, rankedBy: "mean", rows: [alphaRow] });
    const json = await get(`/api/v1/leaderboards/${ID}/beta?format=json`);
    expect(JSON.parse(json.text)).toEqual({ benchmark: ID, rankedBy: "mean", rows: [betaRow] });
    const csv = await get(`/api/v1/leaderboards/${ID}/beta?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    expect(csv.text).toBe(`submission,system,mean,n\n${uploaded.beta},Duo beta,4,3\n`);
    expect((await get(`/api/v1/leaderboards/${ID}?format=xml`)).status).toBe(400);

    const snapshot = await get(`/api/v1/snapshot?benchmark=${ID}`);
    expect(snapshot.status).toBe(200);
    expect(JSON.parse(snapshot.text)).toEqual({
      benchmark: ID,
      views: { "": { benchmark: ID, rankedBy: "mean", rows: [alphaRow] }, beta: { benchmark: ID, rankedBy: "mean", rows: [betaRow] } },
    });
    // by its data version too, as an upload's `benchmark` field may name it
    expect(JSON.parse((await get(`/api/v1/snapshot?benchmark=${ID}-v1`)).text)).toEqual(JSON.parse(snapshot.text));
  });

  test("/benchmarks/<id>[/<view>]: the platform's page draws each view from the benchmark's loadView", async () => {
    expect(uploaded.beta, "the upload test ran first").not.toBe("");
    const { BenchmarkPage } = await import("@/app/benchmarks/_components/benchmark-page");
    for (const [viewId, system, expected, otherSystem] of [
      ["", "Duo alpha", [["Mean", "5.00"]], "Duo beta"],
      [
        "beta",
        "Duo beta",
        [
          ["Mean", "4.00"],
          ["Largest", "9.0"],
        ],
        "Duo alpha",
      ],
    ] as const) {
      const path = `/benchmarks/${ID}${viewId ? `/${viewId}` : ""}`;
      const page = await html(await BenchmarkPage({ benchmarkId: ID, viewId, search: {} }));
      const table = /<table[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
      const bodyRows = [...(/<tbody[\s\S]*?<\/tbody>/.exec(table)?.[0] ?? "").matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => m[0]);
      expect(bodyRows, path).toHaveLength(1);
      // the columns are the track's declared metrics, by their labels, and no other track's
      const headers = cellsOf(/<thead[\s\S]*?<\/thead>/.exec(table)?.[0] ?? "");
      for (const [label] of expected)
        expect(
          headers.some((h) => h.startsWith(label)),
          `${path}: ${headers.join(" | ")}`,
        ).toBe(true);
      if (expected.length === 1) expect(headers.some((h) => h.startsWith("Largest"))).toBe(false);
      // the uploaded system's row, with each figure at its metric's declared decimals
      const cells = cellsOf(bodyRows[0]!);
      expect(cells.join(" | ")).toContain(system);
      expect(cells.join(" | ")).not.toContain(otherSystem);
      for (const [label, figure] of expected) {
        const column = headers.findIndex((h) => h.startsWith(label));
        expect(cells[column], `${path}: ${label} in ${cells.join(" | ")}`).toContain(figure);
      }
      // the view tabs are the benchmark's declared views
      const nav = new RegExp(`<nav[^>]*aria-label="${fixture.title} views"[^>]*>([\\s\\S]*?)</nav>`).exec(page)?.[1] ?? "";
      expect([...nav.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) => text(m[1]!))).toEqual(fixture.views.map((v) => v.title));
    }
    // a view it does not declare is a plain 404 (Next's notFound()), not an error
    await expect(BenchmarkPage({ benchmarkId: ID, viewId: "gamma", search: {} })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });
});
