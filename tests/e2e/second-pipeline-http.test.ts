import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { seed } from "@/lib/db/seed";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { createTestDatabase } from "../test-database";
import { startProcess, stopAll, waitForWeb, type Proc } from "./app-processes";
import { launchChromium } from "./browser";
import { uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * A second pipeline benchmark, test-only and named by no platform file, hosted by the site's real processes: the
 * production web server (scripts/web.ts) and the scoring worker (scripts/worker.ts), each started through
 * tests/e2e/servers/with-test-benchmark.ts, which registers the fixture before it runs the script. An upload over
 * HTTP is scored by the worker process, read back through the API, shown on /submissions/<id> in Chromium under
 * the track's own title, metric labels and figures, and ranked on its boards and downloads (CSV, JSON, snapshot)
 * and on its pages /benchmarks/<id>[/<view>], which the platform's page draws from the fixture's `loadView`.
 * tests/integration/second-pipeline-benchmark.test.ts proves the same paths by direct calls in one process.
 */

const ID = "duo-http";
const SLUGS = ["alpha", "beta"] as const;
const fixture = pipelineBenchmark(ID, [...SLUGS]);
const HOSTING = { TEST_BENCHMARK: "tests/fixtures/pipeline-benchmark.ts#pipelineBenchmark", TEST_BENCHMARK_ARGS: JSON.stringify([ID, SLUGS]) };
const rows = (...values: number[]) => values.map((value) => JSON.stringify({ value })).join("\n") + "\n";

describe("a test-only second pipeline benchmark over real HTTP, a real worker process and Chromium", () => {
  let database: { url: string; dispose: () => Promise<void> };
  let db: Db;
  let token: string;
  let baseUrl: string;
  let browser: Browser | undefined;
  const procs: Proc[] = [];
  const uploaded: Record<(typeof SLUGS)[number], string> = { alpha: "", beta: "" };

  beforeAll(async () => {
    // a database of its own: the suite's shared worker does not host this benchmark and must not take its jobs
    database = await createTestDatabase("second-pipe", { serverUrl: inject("e2eDatabaseUrl") });
    db = createPrismaClient(database.url);
    await seed(db);
    // the rows a benchmark's own setup writes: its data version and its tracks
    await db.benchmarkVersion.create({ data: { slug: `${ID}-v1`, name: "Duo over HTTP", description: "test", source: "test" } });
    for (const [position, track] of fixture.tracks.entries()) {
      await db.track.create({ data: { id: track.id, task: ID, label: track.title, position: 3200 + position } });
    }
    const user = await db.user.create({ data: { email: `second-pipe-${randomBytes(3).toString("hex")}@example.org` } });
    token = (await createApiToken(db, user.id, { name: "second-pipe", scopes: ["submit", "read"] })).token;

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const common = { ...HOSTING, DATABASE_URL: database.url, AUTH_SECRET: "e2e-only-secret-not-for-production-use" };
    const web = startProcess("web", "tests/e2e/servers/with-test-benchmark.ts", {
      ...common,
      HOSTED_SCRIPT: "scripts/web.ts",
      PORT: String(port),
      AUTH_URL: baseUrl,
    });
    procs.push(web, startProcess("worker", "tests/e2e/servers/with-test-benchmark.ts", { ...common, HOSTED_SCRIPT: "scripts/worker.ts" }));
    await waitForWeb(web, baseUrl);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stopAll(procs);
    await db?.$disconnect();
    await database?.dispose();
  });

  test("an upload to each track over HTTP is scored by the worker process under the track's own metrics", async () => {
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
    expect(procs[1]!.output.join("\n")).toContain(`${uploaded.beta}: mean 4`);
  }, 180_000);

  test("/submissions/<id> in Chromium shows the track's title, its metric labels and figures", async () => {
    expect(uploaded.beta, "the upload test ran first").not.toBe("");
    browser = await launchChromium();
    const page = await browser.newPage();
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
      const response = await page.goto(`${baseUrl}/submissions/${uploaded[slug]}`);
      expect(response?.status()).toBe(200);
      const title = fixture.tracks.find((t) => t.id === `${ID}/${slug}`)!.title;
      await expect.poll(() => page.locator("main").innerText()).toContain(`${fixture.title} · ${title}`);
      const table = page.getByTestId("metrics-table");
      const cells = await table
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())));
      // each declared metric in its row, with its figure at the declared decimals; no metric of another track
      expect(cells.map((row) => row.slice(0, 2))).toEqual(expected.map(([label, figure]) => [expect.stringContaining(label), expect.stringContaining(figure)]));
    }
  }, 120_000);

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
  }, 60_000);

  test("/benchmarks/<id>[/<view>] in Chromium: the platform's page draws each view from the benchmark's loadView", async () => {
    expect(uploaded.beta, "the upload test ran first").not.toBe("");
    browser ??= await launchChromium();
    const page = await browser.newPage();
    for (const [path, system, expected, otherSystem] of [
      [`/benchmarks/${ID}`, "Duo alpha", [["Mean", "5.00"]], "Duo beta"],
      [
        `/benchmarks/${ID}/beta`,
        "Duo beta",
        [
          ["Mean", "4.00"],
          ["Largest", "9.0"],
        ],
        "Duo alpha",
      ],
    ] as const) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      const table = page.locator("table").first();
      await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
      // the columns are the track's declared metrics, by their labels, and no other track's
      const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim());
      for (const [label] of expected)
        expect(
          headers.some((h) => h.startsWith(label)),
          `${path}: ${headers.join(" | ")}`,
        ).toBe(true);
      if (expected.length === 1) expect(headers.some((h) => h.startsWith("Largest"))).toBe(false);
      // the uploaded system's row, with each figure at its metric's declared decimals
      const row = table.locator("tbody tr").first();
      const cells = (await row.locator("th, td").allInnerTexts()).map((c) => c.trim());
      expect(cells.join(" | ")).toContain(system);
      expect(cells.join(" | ")).not.toContain(otherSystem);
      for (const [label, figure] of expected) {
        const column = headers.findIndex((h) => h.startsWith(label));
        expect(cells[column], `${path}: ${label} in ${cells.join(" | ")}`).toContain(figure);
      }
      // the view tabs are the benchmark's declared views
      const tabs = await page.locator(`nav[aria-label="${fixture.title} views"] a`).allInnerTexts();
      expect(tabs.map((t) => t.trim())).toEqual(fixture.views.map((v) => v.title));
    }
    // a view it does not declare is a plain 404, not an error
    expect((await page.goto(`${baseUrl}/benchmarks/${ID}/gamma`))?.status()).toBe(404);
  }, 120_000);
});
