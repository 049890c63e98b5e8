#!/usr/bin/env tsx
/**
 * The heavy public reads under load, each beside one board-API client:
 *   npx tsx scripts/bench/heavy-reads.ts [--duration 15] [--connections 16] [--phases before,after] [--keep | --database URL]
 *       [--data-dirs <dir>,…] [--no-build] [--same-priority] [--inputs-timeout 120] [--inputs-duration 60]
 * Imports the real data into a throw-away database (a new database on DATABASE_URL's server, else an embedded
 * cluster; each folder of --data-dirs, default every folder of ../shared/data, through the site's own `import --from`), builds if needed and, per phase,
 * starts the site's web server (scripts/web.ts) and measures with autocannon on loopback:
 *   - the board API alone (1 connection);
 *   - the largest reproducibility pack (the public run with the most per-instance results) at --connections,
 *     beside the board client (the heavy clients run at nice 19 in a process of their own: see heavyLoad);
 *   - an item search that finds nothing (the public run with published predictions and the most results) at
 *     --connections, beside the board client;
 *   - in the "after" phase only (the code before stored them is an older commit): the Every Eval Ever export of the
 *     board (`format=eee&split=dev`) and of the snapshot (`format=eee`), and the plain inputs of the track with the
 *     largest pools (the whole track, every split), each at --connections beside the board client, after one request
 *     that builds the stored file (its time is printed), by curl loops (downloadLoad). The inputs clients get
 *     --inputs-timeout seconds per answer and run for --inputs-duration seconds (a d1000 file is 334 MB: 16 of them
 *     at once are 5 GB on loopback).
 * Phase "before": the pack store off (ALPSBENCH_PACK_STORE=off: built on every request, as before the store) and
 * the trigram indexes dropped; phase "after": the store on, the indexes there. The rate limits are raised for the
 * run (the bench measures serving; tests/integration checks the 429s). Prints one table; exit 1 when an "after"
 * target is missed: pack p99 < 500 ms with no timeout, no-match search p99 < 300 ms, exports and inputs with no
 * timeout and no answer but 200, the board's p99 beside each within 2x of alone. Names no benchmark: the runs are picked from the database, the board from the registry.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { createPrismaClient } from "../../lib/db/create-client";
import { freePort } from "../../lib/db/embedded-postgres";
import { seed } from "@/lib/db/seed";
import { createTestDatabase } from "../../tests/test-database";
import { benchLog as log, exitOf, importDataDirs, SHARED_DATA_DIRS, spawnWebServer, stopGroups, waitFor } from "../lib/bench-server";
import { buildIfNeeded, ROOT } from "../lib/next-build";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "16" },
    phases: { type: "string", default: "before,after" },
    // comma separated; default: every folder of ../shared/data
    "same-priority": { type: "boolean", default: false },
    "data-dirs": { type: "string", default: SHARED_DATA_DIRS },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
    "inputs-timeout": { type: "string", default: "120" },
    "inputs-duration": { type: "string", default: "60" },
    // --no-build: start the .next build as it is (e.g. one made by `next build --webpack` in a worktree whose
    // node_modules is a symlink, which Turbopack does not resolve)
    "no-build": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const TIMEOUT_S = 10;
/** The trigram indexes of the item search (migration instance_search_trigram), dropped for the "before" phase. */
const SEARCH_INDEXES = [
  `CREATE INDEX IF NOT EXISTS "Instance_benchmarkId_trgm_idx" ON "Instance" USING gin ("benchmarkId" gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "Instance_input_trgm_idx" ON "Instance" USING gin (("input"::text) gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "InstanceGold_gold_trgm_idx" ON "InstanceGold" USING gin (("gold"::text) gin_trgm_ops)`,
];
const indexName = (sql: string) => sql.match(/"([^"]+_trgm_idx)"/)![1]!;

type Load = { requests: number; p50: number; p99: number; max: number; timeouts: number; errors: number; non200: number; rps: number };

const fromResult = (result: autocannon.Result, seconds = duration): Load => ({
  requests: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  timeouts: result.timeouts,
  errors: result.errors - result.timeouts,
  non200: result.non2xx,
  rps: result.requests.total / (result.duration || seconds),
});

/**
 * The board client: one autocannon connection in a worker thread of its own, so the heavy clients' tens of MB/s never
 * delay it in its event loop. Percentiles are autocannon's (HDR histogram of answered requests, in ms).
 */
async function load(url: string, clients: number, seconds = duration): Promise<Load> {
  return fromResult(await autocannon({ url, connections: clients, duration: seconds, timeout: TIMEOUT_S, workers: 1 }), seconds);
}

/**
 * The heavy clients: autocannon's CLI in a child process at the lowest CPU priority (nice 19; `--same-priority` to
 * run it at the server's). On a real site those clients are other machines; on this 2-core box, receiving 50+ MB/s
 * of packs takes a whole core, which would otherwise be taken from the server they load and the board client beside.
 */
async function heavyLoad(url: string, clients: number, timeoutS = TIMEOUT_S, seconds = duration): Promise<Load> {
  const cli = path.join(ROOT, "node_modules", "autocannon", "autocannon.js");
  const args = [process.execPath, cli, "-c", String(clients), "-d", String(seconds), "-t", String(timeoutS), "-j", url];
  const child = values["same-priority"] ? spawn(args[0]!, args.slice(1)) : spawn("nice", ["-n", "19", ...args]);
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
  const code = await exitOf(child);
  if (code !== 0) throw new Error(`autocannon exited ${code ?? `on ${child.signalCode}`}: ${err}`);
  return fromResult(JSON.parse(out) as autocannon.Result, seconds);
}

/**
 * The download clients (exports, inputs): `clients` curl loops in a child process at nice 19, each fetching `url` to
 * /dev/null again and again for `seconds`. autocannon keeps each body as a string, so 16 clients of a 325 MB file
 * exhaust its heap (it aborted so) and a slow client holds the server's export slot: curl reads at wire speed, as a
 * downloading researcher's client does. A timeout is an answer that took longer than `timeoutS` (curl's --max-time).
 */
async function downloadLoad(url: string, clients: number, timeoutS: number, seconds: number): Promise<Load> {
  // one client: "<http code> <seconds>" per answer, 000 when curl gave up (its --max-time or a refused connection)
  const loop = 'end=$((SECONDS+$2)); while [ $SECONDS -lt $end ]; do curl -s -o /dev/null --max-time "$3" -w "%{http_code} %{time_total}\\n" "$1"; done';
  const args = ["bash", "-c", loop, "client", url, String(seconds), String(timeoutS)];
  const started = performance.now();
  const outputs = await Promise.all(
    Array.from({ length: clients }, async () => {
      const child = values["same-priority"] ? spawn(args[0]!, args.slice(1)) : spawn("nice", ["-n", "19", ...args]);
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      await exitOf(child);
      return out;
    }),
  );
  const answers = outputs
    .join("")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((row) => row.split(" "));
  const timeouts = answers.filter(([code, time]) => code === "000" && Number(time) >= timeoutS - 0.5).length;
  const answered = answers.filter(([code]) => code !== "000");
  const times = answered.map(([, time]) => Number(time) * 1000).sort((x, y) => x - y);
  const at = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]! : Number.NaN);
  return {
    requests: answered.length,
    p50: at(50),
    p99: at(99),
    max: times.at(-1) ?? Number.NaN,
    timeouts,
    errors: answers.length - answered.length - timeouts,
    non200: answered.filter(([code]) => code !== "200").length,
    rps: answered.length / ((performance.now() - started) / 1000),
  };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? "n/a" : ms.toFixed(0)).padStart(6);
const line = (name: string, r: Load) =>
  `${name.padEnd(34)} p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  max ${fmt(r.max)} ms  ${r.rps.toFixed(1).padStart(6)} req/s  ${String(r.requests).padStart(5)} answered` +
  `  ${r.timeouts} timeouts${r.errors ? `, ${r.errors} errors` : ""}${r.non200 ? `, ${r.non200} not 200` : ""}`;

const database = values.database ? { url: values.database, dispose: async () => {} } : await createTestDatabase("bench-heavy-reads");
const children: ChildProcess[] = [];
const downloadDirs: string[] = [];
let failed = false;
try {
  const db = createPrismaClient(database.url);
  if (!values.database) {
    const started = Date.now();
    await Promise.all([
      (async () => {
        await seed(db);
        await importDataDirs(database.url, values["data-dirs"]!.split(",").filter(Boolean));
        await db.$executeRawUnsafe("VACUUM ANALYZE");
      })(),
      values["no-build"] ? Promise.resolve(0) : buildIfNeeded(log),
    ]);
    log(`seeded, imported and built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (!values["no-build"]) await buildIfNeeded(log);

  // the public finished run with the most per-instance results (the largest pack), and the one whose predictions
  // are public (the item search needs them) with the most
  const pick = async (publicPredictions: boolean) =>
    (
      await db.$queryRawUnsafe<{ id: string; n: bigint }[]>(`
        SELECT s.id, count(*) AS n FROM "Submission" s JOIN "InstanceResult" r ON r."submissionId" = s.id
        WHERE s.status = 'done' AND s.visibility = 'public' AND s."hiddenAt" IS NULL AND s.source <> 'reported'
          ${publicPredictions ? `AND (s.source <> 'upload' OR s."publishPredictions")` : ""}
        GROUP BY s.id ORDER BY n DESC, s.id LIMIT 1`)
    )[0];
  const packRun = await pick(false);
  const searchRun = await pick(true);
  if (!packRun || !searchRun) throw new Error("no public scored run in the database: import the real data (--data-dirs)");
  const board = `/api/v1/leaderboards/${hostedBenchmarks()[0]!.id}`;
  const eeeBoardPath = `${board}?format=eee&split=dev`;
  const eeeSnapshotPath = "/api/v1/snapshot?format=eee";
  // the track with the largest pools, by their candidate lists' length (its inputs are the largest download); a
  // track id's "/" is "-" in the URL
  const biggest = (
    await db.$queryRawUnsafe<{ id: string }[]>(`SELECT i."trackId" AS id FROM "Instance" i LEFT JOIN "InstancePool" p ON p."instanceId" = i.id
      GROUP BY 1 ORDER BY sum(coalesce(length(p."candidateIds"), 0)) DESC, 1 LIMIT 1`)
  )[0];
  const inputsPath = biggest ? `/api/v1/inputs/${biggest.id.replace("/", "-")}` : null;
  const inputsTimeout = Number(values["inputs-timeout"]);
  const packPath = `/api/v1/submissions/${packRun.id}/pack`;
  const searchPath = `/api/v1/submissions/${searchRun.id}/instances?q=${encodeURIComponent("zq no such text xk")}`;

  // each figure is logged as soon as it is measured, so a run that fails later keeps what it measured
  const measured: string[] = [];
  const rows = { push: (...lines: string[]) => measured.push(...lines.map((l) => (log(l), l))), join: (separator: string) => measured.join(separator) };
  for (const phase of values.phases!.split(",")) {
    if (phase !== "before" && phase !== "after") throw new Error(`--phases: "${phase}" is not before or after`);
    for (const sql of SEARCH_INDEXES) await db.$executeRawUnsafe(phase === "before" ? `DROP INDEX IF EXISTS "${indexName(sql)}"` : sql);
    await db.storedPack.deleteMany({});
    await db.$executeRawUnsafe('ANALYZE "Instance"; ');
    const port = await freePort();
    // stored exports and inputs files of this run only: the first request of the phase builds them
    const downloads = mkdtempSync(path.join(tmpdir(), "bench-heavy-downloads-"));
    downloadDirs.push(downloads);
    const child = spawnWebServer(port, database.url, {
      DOWNLOAD_CACHE_DIR: downloads,
      ALPSBENCH_PACK_STORE: phase === "before" ? "off" : "on",
      RATE_LIMIT_API_PER_MINUTE: "1000000000",
      RATE_LIMIT_PACK_MB_PER_MINUTE: "1000000000",
      RATE_LIMIT_SEARCHES_PER_MINUTE: "1000000000",
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}${board}`, 120_000, 500);
    // one request each first: the store's one build (after), compiled code paths; not counted
    const first = performance.now();
    const pack = await fetch(`${base}${packPath}`);
    const packBytes = (await pack.arrayBuffer()).byteLength;
    log(`${phase}: first pack request ${pack.status}, ${(packBytes / 1024 / 1024).toFixed(2)} MB in ${(performance.now() - first).toFixed(0)} ms`);
    await (await fetch(`${base}${searchPath}`)).arrayBuffer();

    const alone = await load(`${base}${board}`, 1);
    const [packs, boardBesidePacks] = await Promise.all([heavyLoad(`${base}${packPath}`, connections), load(`${base}${board}`, 1)]);
    const [searches, boardBesideSearches] = await Promise.all([heavyLoad(`${base}${searchPath}`, connections), load(`${base}${board}`, 1)]);
    const [l1, l5] = loadavg();
    rows.push(
      `${phase} (pack ${(packBytes / 1024 / 1024).toFixed(2)} MB; load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} at the end)`,
      line("  board API alone (1 client)", alone),
      line(`  pack (${connections} clients)`, packs),
      line("  board API beside the packs", boardBesidePacks),
      line(`  no-match search (${connections} clients)`, searches),
      line("  board API beside the searches", boardBesideSearches),
    );
    const downloadMisses: string[] = [];
    if (phase === "after") {
      const heavy: [string, string | null, number, number][] = [
        ["EEE export of the board", eeeBoardPath, TIMEOUT_S, duration],
        ["EEE export of the snapshot", eeeSnapshotPath, TIMEOUT_S, duration],
        ["plain inputs, largest track", inputsPath, inputsTimeout, Number(values["inputs-duration"])],
      ];
      for (const [name, target, timeoutS, seconds] of heavy) {
        if (!target) continue;
        const built = performance.now();
        const answer = await fetch(`${base}${target}`);
        const bytes = (await answer.arrayBuffer()).byteLength;
        log(
          `${name}: first request ${answer.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(performance.now() - built).toFixed(0)} ms (builds the stored file)`,
        );
        const [downloads, beside] = await Promise.all([downloadLoad(`${base}${target}`, connections, timeoutS, seconds), load(`${base}${board}`, 1, seconds)]);
        rows.push(line(`  ${name} (${connections}; ${(bytes / 1024 / 1024).toFixed(1)} MB)`, downloads), line(`  board API beside it`, beside));
        if (downloads.timeouts > 0 || downloads.non200 > 0 || downloads.requests === 0) downloadMisses.push(`${name}: no timeout, every answer 200`);
        if (beside.p99 > 2 * alone.p99) downloadMisses.push(`board p99 beside the ${name} within 2x of alone`);
      }
      const [a1, a5] = loadavg();
      rows.push(`  (load average ${a1!.toFixed(2)} / ${a5!.toFixed(2)} after the downloads)`);
      const misses = [
        packs.p99 >= 500 || packs.timeouts > 0 || packs.non200 > 0 ? "pack p99 < 500 ms, no timeout" : null,
        searches.p99 >= 300 || searches.timeouts > 0 || searches.non200 > 0 ? "search p99 < 300 ms" : null,
        boardBesidePacks.p99 > 2 * alone.p99 || boardBesideSearches.p99 > 2 * alone.p99 ? "board p99 within 2x of alone" : null,
        ...downloadMisses,
      ].filter(Boolean);
      if (misses.length) {
        failed = true;
        rows.push(`  MISSED: ${misses.join("; ")}`);
      } else rows.push("  all targets met");
    }
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
  }
  await db.$disconnect();
  process.stdout.write(
    `\n${duration} s per run, autocannon on loopback, ${TIMEOUT_S} s request timeout; heavy clients at ${values["same-priority"] ? "the server's priority" : "nice 19"}, the board client in a thread of its own; percentiles from autocannon's histogram (ms)\n` +
      `pack: ${packPath}\nsearch: ${searchPath}\nboard: ${board}\nexports: ${eeeBoardPath}, ${eeeSnapshotPath}\ninputs: ${inputsPath ?? "(no track)"} (${inputsTimeout} s timeout)\n${rows.join("\n")}\n`,
  );
} finally {
  stopGroups(children);
  for (const dir of downloadDirs) rmSync(dir, { recursive: true, force: true });
  if (values.keep) log(`kept the database: --database ${database.url}`);
  else await database.dispose();
}
process.exit(failed ? 1 : 0);
