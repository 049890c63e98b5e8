import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { ROOT } from "./next-build";

/** What the bench scripts (scripts/bench) share: the data folders, the site's importer, the site's web server and its end. */
export const benchLog = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** The 1, 5 and 15 minute load averages ("0.52 0.61 0.70"): the machine is shared, and a loaded figure is no idle one. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Every data folder beside the repository (../shared/data/<name>), comma separated: the real data of every benchmark there is. */
const SHARED_DATA = path.resolve(ROOT, "../shared/data");
export const SHARED_DATA_DIRS = existsSync(SHARED_DATA)
  ? readdirSync(SHARED_DATA, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(SHARED_DATA, entry.name))
      .join(",")
  : "";

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });

export async function waitFor(url: string, timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** The site's own importer (`npm run alpsbench import --from <dir>`, docs/running.md) into a database, one folder at a time. */
export async function importDataDirs(databaseUrl: string, dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    const child = spawn("npx", ["--no-install", "tsx", path.join(ROOT, "scripts", "alpsbench.ts"), "import", "--from", dir], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const code = await exitOf(child);
    if (code !== 0) throw new Error(`import --from ${dir} failed (exit ${code}; its output is above)`);
    benchLog(`imported ${dir}`);
  }
}

/**
 * The site's own web server (scripts/web.ts, what `npm start` runs: Next behind our server, which answers the page
 * cache's hits itself) on a database, in a process group of its own (stopGroups ends it). Not `next start`: that is
 * a server the site never runs, without the early hits, so its figures would not be the site's.
 */
export function spawnWebServer(port: number, databaseUrl: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/web.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: "ignore",
    detached: true,
  });
}

export function stopGroups(children: readonly ChildProcess[]): void {
  for (const child of children) {
    if (!child.pid) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
