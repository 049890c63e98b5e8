#!/usr/bin/env tsx
/**
 * What a newcomer waits for, through the real `npm start` (scripts/start.ts):
 *   npx tsx scripts/bench/first-start.ts [--data ../shared/data/alpsbench] [--no-data] [--keep-build]
 * 1. first start: a fresh embedded database (.tmp/bench-first-start-pg, removed first) and no .next (removed
 *    first unless --keep-build): seconds until `/` answers 200 (the site is up before the import: it runs beside
 *    it, behind a banner), then until the import has ended, with the build's and the import's own seconds read
 *    from the start's log;
 * 2. restart: the same start stopped (SIGTERM) and started again on the same database and build: seconds until
 *    `/` answers 200.
 * Prints the load average before and after each start: the machine is shared, and a loaded figure is no idle one.
 * The start's own log goes to .tmp/bench-first-start-<n>.log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { loadAverage as load } from "../lib/bench-server";
import { freePort } from "@/lib/db/embedded-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    data: { type: "string", default: path.resolve(ROOT, "../shared/data/alpsbench") },
    "no-data": { type: "boolean", default: false },
    "keep-build": { type: "boolean", default: false },
  },
});
const out = (line: string) => process.stdout.write(`${line}\n`);
const pgDir = path.join(ROOT, ".tmp", "bench-first-start-pg");

interface StartFigures {
  toFirstPage: number;
  /** seconds from the start until the start's log says the data's import and the releases after it are done (null: no import ran) */
  toImported: number | null;
  /** seconds of phases the start's log reports ("<phase>: done in X s", "built in X s") */
  phases: Record<string, number>;
}

async function start(n: number, port: number): Promise<{ figures: StartFigures; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ALPSBENCH_PG_DIR: pgDir, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  if (values["no-data"]) delete env.ALPSBENCH_DATA_DIR;
  else env.ALPSBENCH_DATA_DIR = path.resolve(values.data!);
  const logFile = path.join(ROOT, ".tmp", `bench-first-start-${n}.log`);
  const logStream = createWriteStream(logFile);
  const began = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const phases: Record<string, number> = {};
  let importedAt: number | null = null;
  let importing = false;
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      logStream.write(`${line}\n`);
      const done = /\] (.+): done in ([\d.]+) s$/.exec(line);
      if (done) phases[done[1]!] = Number(done[2]);
      const built = /\] built in ([\d.]+) s$/.exec(line);
      if (built) phases.build = Number(built[1]);
      if (/\] import: runs now while the site is up/.test(line)) importing = true;
      // scripts/start.ts's line once every import step (and the releases after them) has ended
      if (/\] import: done; the banner is gone/.test(line)) importedAt = Date.now();
    });
  }
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} (see ${logFile})`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const toFirstPage = (Date.now() - began) / 1000;
  // the start prints "import: runs now…" just after the first page is warmed; give the line a moment to arrive
  await new Promise((resolve) => setTimeout(resolve, 1000));
  while (importing && importedAt === null) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} during the import (see ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { figures: { toFirstPage, toImported: importedAt === null ? null : (importedAt - began) / 1000, phases }, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // the start stops its web server, worker and database itself, as on Ctrl-C
  child.kill("SIGTERM");
  await exited;
}

function report(label: string, figures: StartFigures, before: string): void {
  const imported = figures.toImported === null ? "" : `, the import done after ${figures.toImported.toFixed(1)} s`;
  out(`${label}: first page after ${figures.toFirstPage.toFixed(1)} s${imported} (load average before ${before}, after ${load()})`);
  for (const [phase, seconds] of Object.entries(figures.phases)) out(`  ${phase}: ${seconds.toFixed(1)} s`);
}

mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
rmSync(pgDir, { recursive: true, force: true });
if (!values["keep-build"]) rmSync(path.join(ROOT, ".next"), { recursive: true, force: true });
const port = await freePort();
let loadBefore = load();
const first = await start(1, port);
await stop(first.child);
report(values["keep-build"] ? "first start (database fresh, build kept)" : "first start (database and build fresh)", first.figures, loadBefore);
loadBefore = load();
const second = await start(2, port);
await stop(second.child);
report("restart (nothing changed)", second.figures, loadBefore);
rmSync(pgDir, { recursive: true, force: true });
