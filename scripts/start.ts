#!/usr/bin/env tsx
/**
 * `npm start`: the whole site from a fresh clone. Database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, seed data, optional import of the real data (ALPSBENCH_DATA_DIR), a production build when the
 * sources changed, then `next start` on PORT. `--dev` runs `next dev` instead of building.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createPrismaClient } from "../lib/db/create-client";
import { publishRunningDatabase } from "../lib/db/cli-database";
import { prepareDatabase } from "../lib/db/prepare-database";
import { env } from "../lib/env";
import { seed } from "../lib/pipeline/seed";
import { importRealData } from "../lib/pipeline/import-real-data";
import { buildIfNeeded, ROOT as root } from "./lib/next-build";

const dev = process.argv.includes("--dev");
const log = (line: string) => process.stderr.write(`[start] ${line}\n`);
const children: ChildProcess[] = [];

async function main(): Promise<void> {
  const config = env();
  // A cluster orphaned by a killed earlier start is adopted and, being ours now, stopped on exit.
  const database = await prepareDatabase({
    databaseUrl: config.DATABASE_URL,
    pgDir: path.resolve(root, config.ALPSBENCH_PG_DIR),
    log,
    adopt: { stopAdopted: true },
  });
  const unpublish = database.embedded ? publishRunningDatabase(path.resolve(root, config.ALPSBENCH_PG_DIR), database.url) : () => {};
  const stopDatabase = async () => {
    unpublish();
    if (database.embedded) await database.embedded.stop().catch(() => {});
  };
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    await stopDatabase();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    const db = createPrismaClient(database.url);
    const seeded = await seed(db);
    log(`seed: ${seeded.reported.systems} reported systems, ${seeded.reported.figures} reported figures, demo: ${seeded.demo.instances} instances, ${seeded.demo.systems} systems`);
    if (config.ALPSBENCH_DATA_DIR) {
      const report = await importRealData(db, path.resolve(config.ALPSBENCH_DATA_DIR), log);
      log(`import: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged instances`);
    }
    await db.$disconnect();
    if (!dev) buildIfNeeded(log);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    await shutdown(1);
    return;
  }

  const childEnv = { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1", PORT: String(config.PORT) };
  const web = spawn("npx", ["--no-install", "next", dev ? "dev" : "start", "-p", String(config.PORT)], { cwd: root, stdio: "inherit", env: childEnv });
  children.push(web);
  web.on("exit", (code) => {
    log(`web server exited (${code ?? "signal"})`);
    void shutdown(code ?? 1);
  });
  log(`serving on http://localhost:${config.PORT}`);
  startWorker(childEnv, () => stopping);
}

/** The scoring worker, restarted if it dies: a crash loses no work (its job chunk is retried). */
function startWorker(childEnv: NodeJS.ProcessEnv, isStopping: () => boolean): void {
  // One process (node + the tsx loader), so a signal reaches the worker itself, not a wrapper.
  const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: root, stdio: "inherit", env: childEnv });
  children.push(worker);
  worker.on("exit", (code, signal) => {
    children.splice(children.indexOf(worker), 1);
    if (isStopping()) return;
    log(`worker exited (${code ?? signal}); restarting in 2 s`);
    setTimeout(() => startWorker(childEnv, isStopping), 2000);
  });
}

void main();
