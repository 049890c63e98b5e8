#!/usr/bin/env tsx
/**
 * Page latency and throughput with a large leaderboard (1,000 systems, 10,000 submissions):
 *   npx tsx scripts/bench/pages.ts [--systems 1000] [--submissions 10000] [--duration 10] [--connections 16]
 * or on the real data (each folder of --data-dirs imported by the site's own `import --from`, as docs/running.md
 * says), every public page:
 *   npx tsx scripts/bench/pages.ts --real --public-pages --skip-static [--page-cache off] [--keep | --database URL]
 * or each public page as a visitor, with a made-up session cookie, with a real session and with a random query
 * string, beside a static file, at 16 and 64 connections in one run (./visitor-kinds.ts):
 *   npx tsx scripts/bench/pages.ts --real --public-pages --visitors [--nginx] [--visitor-connections 16,64] [--duration 10]
 * Seeds a throw-away database (a new database on DATABASE_URL's server, or an embedded cluster in .tmp/),
 * builds if needed, starts the site's web server (scripts/web.ts), and measures each page with autocannon on loopback, then the same HTML
 * saved to disk and served by a minimal static server, for comparison. Prints one table; exits 1 when a target
 * (p95 < 150 ms, at least half the static file's requests/s) is missed. The pages come from the registry
 * (./public-pages.ts): this file names no benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPrismaClient } from "../../lib/db/create-client";
import { freePort } from "../../lib/db/embedded-postgres";
import { seed } from "@/lib/db/seed";
import { dataVersionOf, hostedBenchmarks } from "@/lib/benchmarks";
import { createTestDatabase } from "../../tests/test-database";
import { benchLog as log, importDataDirs, SHARED_DATA_DIRS, spawnWebServer, stopGroups, waitFor } from "../lib/bench-server";
import { buildIfNeeded } from "../lib/next-build";
import { startNginxProxy } from "../lib/nginx-proxy";
import { formatPageSizes, measureInChromium, measurePageSizes } from "./page-sizes";
import { boardPages, moduleHomes, publicPages, publicSubmissionPage } from "./public-pages";
import { seedLoad } from "./seed-load";
import { measureVisitorKinds } from "./visitor-kinds";

const { values } = parseArgs({
  options: {
    systems: { type: "string", default: "1000" },
    submissions: { type: "string", default: "10000" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
    // default: the boards of the benchmark at "/" (the one the synthetic load fills)
    paths: { type: "string" },
    // iterate faster: --keep leaves the seeded database in place and prints its URL; --database reuses it
    keep: { type: "boolean", default: false },
    // --chromium: also what Chromium downloads per page; --sizes-only: page weight only, no latency runs
    chromium: { type: "boolean", default: false },
    "sizes-only": { type: "boolean", default: false },
    // --seeded: first measure the seeded board alone (reported figures, demo benchmark, a demo submission page
    // and the PersonalLLM board), then load the large board; one build and one server for both
    seeded: { type: "boolean", default: false },
    database: { type: "string" },
    // --real: seed and import the real data instead of the synthetic large board: every folder of --data-dirs
    // (comma separated, each imported by the benchmark that recognises it)
    real: { type: "boolean", default: false },
    "data-dirs": { type: "string", default: SHARED_DATA_DIRS },
    // --public-pages: every public page (scripts/bench/public-pages.ts) instead of --paths
    "public-pages": { type: "boolean", default: false },
    // --skip-static: no comparison with the same HTML served by a minimal static server
    "skip-static": { type: "boolean", default: false },
    // --page-cache off: the server renders every page (ALPSBENCH_PAGE_CACHE=off), the figures without the cache
    "page-cache": { type: "string", default: "on" },
    // --visitors: every page as each kind of request the page cache answers alike (./visitor-kinds.ts)
    visitors: { type: "boolean", default: false },
    "visitor-connections": { type: "string", default: "16,64" },
    // --nginx (with --visitors): each page's visitor behind nginx's proxy_cache as well (scripts/lib/nginx-proxy.ts)
    nginx: { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rootBenchmark = hostedBenchmarks()[0]!;
let paths = values.paths ? values.paths.split(",") : boardPages([rootBenchmark]);
const TARGET_P95_MS = 150;
const TARGET_STATIC_RATIO = 0.5;

const children: ChildProcess[] = [];
const htmlDir = mkdtempSync(path.join(tmpdir(), "alpsbench-pages-"));

/** Nearest-rank percentile of every recorded response time (autocannon's own summary has no p95). */
function percentile(sorted: number[], p: number): number {
  // NaN when no request finished within the run (prints as "n/a", counts as missed)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;
}

type Run = {
  alone: number;
  uncached: number;
  failures: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p975: number;
  p99: number;
  acP50: number;
  acP975: number;
  acP99: number;
  bytes: number;
};

async function measure(url: string): Promise<Run> {
  // warm-up: JIT, connection pools, any cache; not counted
  // autocannon's default 10 s request timeout is shorter than a queued request to a slow page: 60 s
  await autocannon({ url, connections, amount: connections * 4, timeout: 60 });
  // one request at a time: the latency without queueing, for context
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    alone.push(performance.now() - started);
  }
  alone.sort((a, b) => a - b);
  // the same, each request with a table view of its own (a pin of no row): what a render costs when the page cache
  // cannot answer; a page without a table query drops the parameter (a hit: docs/page-cache.md)
  const uncached: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await fetch(`${url}${url.includes("?") ? "&" : "?"}pin=bench-uncached-${Date.now()}-${i}`)).arrayBuffer();
    uncached.push(performance.now() - started);
  }
  uncached.sort((a, b) => a - b);
  const times: number[] = [];
  // without a callback autocannon returns its event emitter made thenable; the typings know only one or the other
  const instance = autocannon({ url, connections, duration, timeout: 60 }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  let notOk = 0;
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) notOk++;
    times.push(responseTime);
  });
  const result = await instance;
  if (notOk) throw new Error(`${url} answered ${notOk} requests with a status other than 200 under load`);
  // a page too slow for the run is a result, not a crash: reported beside the figures and counted as missed
  const failures = result.errors + result.timeouts + result.non2xx;
  times.sort((a, b) => a - b);
  return {
    alone: alone[2]!,
    uncached: uncached[2]!,
    failures,
    requests: times.length,
    rps: times.length / (result.duration || duration),
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p95: percentile(times, 95),
    p975: percentile(times, 97.5),
    p99: percentile(times, 99),
    acP50: result.latency.p50,
    acP975: result.latency.p97_5,
    acP99: result.latency.p99,
    bytes: result.throughput.total / Math.max(1, times.length),
  };
}

/** The saved pages served from memory by node:http in its own process, like the site serves the real ones. */
async function startStaticServer(files: Record<string, string>): Promise<string> {
  const port = await freePort();
  const code = `
    const http = require("node:http"); const fs = require("node:fs");
    const files = new Map(Object.entries(${JSON.stringify(files)}).map(([route, file]) => [route, fs.readFileSync(file)]));
    http.createServer((req, res) => {
      const body = files.get(req.url);
      if (!body) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  children.push(spawn(process.execPath, ["-e", code], { stdio: "inherit", detached: true }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${paths[0]}`, 10_000, 200);
  return base;
}

const fmt = (ms: number) => (Number.isNaN(ms) ? "n/a" : ms.toFixed(1)).padStart(7);
const database = values.database ? { url: values.database, dispose: async () => {} } : await createTestDatabase("bench-pages");
let nextBase: string | undefined;

/** Builds if needed and starts the site's web server on the bench database (once; the seeded run and the large one share it). */
async function startNext(): Promise<string> {
  if (nextBase) return nextBase;
  await buildIfNeeded(log);
  const port = await freePort();
  children.push(spawnWebServer(port, database.url, { ALPSBENCH_PAGE_CACHE: values["page-cache"]! }));
  nextBase = `http://127.0.0.1:${port}`;
  await waitFor(`${nextBase}/api/v1/queue`, 60_000, 200);
  return nextBase;
}

/** Page weight of the seeded board (before the large one is loaded): the leaderboards, a seeded submission's page, the modules' boards. */
async function measureSeeded(db: ReturnType<typeof createPrismaClient>): Promise<void> {
  const submission = await publicSubmissionPage(db);
  if (!submission) throw new Error("the seeded database has no finished public submission");
  const base = await startNext();
  const seededPaths = [...paths, submission, ...moduleHomes()];
  const sizes = await measurePageSizes(base, seededPaths);
  if (values.chromium) await measureInChromium(base, sizes);
  process.stdout.write(`\nPage weight of the seeded board (submission = ${submission}, the oldest seeded one):\n${formatPageSizes(sizes)}\n`);
}

let failed = false;
try {
  const db = createPrismaClient(database.url);
  if (!values.database && values.real) {
    const started = Date.now();
    await seed(db);
    await importDataDirs(database.url, values["data-dirs"]!.split(",").filter(Boolean));
    await db.$executeRawUnsafe("VACUUM ANALYZE");
    log(`seeded and imported the real data in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (!values.database) {
    let started = Date.now();
    await seed(db);
    log(`seeded the reported figures and the demo benchmark in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (values.seeded) await measureSeeded(db);
    started = Date.now();
    const load = await seedLoad(db, database.url, {
      systems: Number(values.systems),
      submissions: Number(values.submissions),
      benchmark: dataVersionOf(rootBenchmark.id),
    });
    log(
      `seeded ${load.systems} systems, ${load.submissions} submissions (${load.publicDoneFull} public, done, full split, shown by default), ` +
        `${load.scores} Score rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    started = Date.now();
    await db.$executeRawUnsafe("VACUUM ANALYZE");
    log(`VACUUM ANALYZE in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (values["public-pages"]) paths = await publicPages(db);
  await db.$disconnect();

  const base = await startNext();
  const width = Math.max(14, ...paths.map((route) => route.length));

  const files: Record<string, string> = {};
  for (const [i, route] of paths.entries()) {
    const response = await fetch(`${base}${route}`);
    const html = await response.text();
    if (!response.ok) throw new Error(`${route}: ${response.status}`);
    if (!values.real && !values["public-pages"] && !html.includes("bench-system-")) throw new Error(`${route} does not show the benchmark's systems`);
    files[route] = path.join(htmlDir, `page-${i}.html`);
    writeFileSync(files[route], html);
  }
  // page weight first (HTML and the JavaScript each page loads), then latency
  const sizes = await measurePageSizes(base, paths);
  if (values.chromium) await measureInChromium(base, sizes);
  process.stdout.write(
    `\nPage weight with ${values.systems} systems (raw and gzip; JS = the page's <script src> files${values.chromium ? "; Chromium = JS downloaded at 1280x900 until network idle, no scrolling" : ""}):\n${formatPageSizes(sizes)}\n`,
  );
  if (values.visitors) {
    const proxy = values.nginx ? await startNginxProxy(new URL(base).host) : null;
    const savedBase = values["skip-static"] ? undefined : await startStaticServer(files);
    const table = await measureVisitorKinds(base, paths, {
      databaseUrl: database.url,
      connections: values["visitor-connections"]!.split(",").map(Number),
      duration,
      proxyBase: proxy?.baseUrl,
      savedBase,
    }).finally(() => proxy?.stop());
    process.stdout.write(
      `\nEach page by kind of request, ${duration} s per run (req/s and p99 ms; worst/visitor = the slowest kind's req/s over the visitor's):\n${table}\n`,
    );
  } else if (!values["sizes-only"]) {
    const staticBase = values["skip-static"] ? null : await startStaticServer(files);

    const rows: string[] = [];
    for (const route of paths) {
      const live = await measure(`${base}${route}`);
      const saved = staticBase ? await measure(`${staticBase}${route}`) : null;
      const ratio = saved ? live.rps / saved.rps : Number.NaN;
      const ok = live.failures === 0 && live.requests > 0 && live.p95 < TARGET_P95_MS && (!saved || ratio >= TARGET_STATIC_RATIO);
      if (!ok) failed = true;
      const comparison = saved
        ? `  |  static: p50 ${fmt(saved.p50)} p95 ${fmt(saved.p95)} ms ${saved.rps.toFixed(1).padStart(8)} req/s  |  next/static ${ratio.toFixed(2)}`
        : "";
      rows.push(
        `${route.padEnd(width)} ${(live.bytes / 1024).toFixed(0).padStart(6)} KB  next: alone ${fmt(live.alone)} (uncached ${fmt(live.uncached)}) | p50 ${fmt(live.p50)} p90 ${fmt(live.p90)} p95 ${fmt(live.p95)} p97.5 ${fmt(live.p975)} p99 ${fmt(live.p99)} ms ${live.rps.toFixed(1).padStart(7)} req/s (${live.requests} req${live.failures ? `, ${live.failures} errors/timeouts` : ""}; autocannon p50/p97.5/p99 ${live.acP50}/${live.acP975}/${live.acP99})` +
          `${comparison}  ${ok ? "OK" : "MISSED"}`,
      );
    }
    process.stdout.write(
      `\n${connections} connections, ${duration} s per run, after a ${connections * 4}-request warm-up; percentiles are nearest-rank over every response time (ms);\n` +
        `"alone" is the median of 5 requests sent one at a time (no queueing); "uncached" the same with a new table view each time (rendered; a page without a table query is a hit)\n` +
        `page cache ${values["page-cache"]}; targets: p95 < ${TARGET_P95_MS} ms${staticBase ? ` and next/static >= ${TARGET_STATIC_RATIO}` : ""}\n${rows.join("\n")}\n`,
    );
  }
} finally {
  stopGroups(children);
  await new Promise((r) => setTimeout(r, 500));
  if (values.keep) log(`kept the database: --database ${database.url}`);
  else await database.dispose();
  rmSync(htmlDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
