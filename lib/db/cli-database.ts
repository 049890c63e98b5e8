import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { prepareDatabase } from "./prepare-database";

/**
 * Where a running `npm start` publishes its embedded database's URL, so CLI commands reach the same cluster
 * instead of trying to start a second postgres on the same data directory.
 */
function runningFile(pgDir: string): string {
  return `${pgDir.replace(/\/+$/, "")}.running.json`;
}

export function publishRunningDatabase(pgDir: string, url: string): () => void {
  const file = runningFile(pgDir);
  writeFileSync(file, JSON.stringify({ url, pid: process.pid }));
  return () => rmSync(file, { force: true });
}

function aliveRunningUrl(pgDir: string): string | null {
  const file = runningFile(pgDir);
  if (!existsSync(file)) return null;
  try {
    const { url, pid } = JSON.parse(readFileSync(file, "utf8")) as { url: string; pid: number };
    process.kill(pid, 0);
    return url;
  } catch {
    return null;
  }
}

/** DATABASE_URL, else the running `npm start`'s embedded database, else a newly started embedded one. */
export async function databaseForCli(log: (line: string) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const config = env();
  const pgDir = path.resolve(config.ALPSBENCH_PG_DIR);
  const running = config.DATABASE_URL ? null : aliveRunningUrl(pgDir);
  // An orphaned cluster is reused but left running: it may belong to a server this command cannot see.
  const database = await prepareDatabase({ databaseUrl: config.DATABASE_URL ?? running ?? undefined, pgDir, log, adopt: { stopAdopted: false } });
  return { url: database.url, close: async () => void (await database.embedded?.stop()) };
}
