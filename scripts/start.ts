#!/usr/bin/env tsx
/**
 * `npm start`: the whole site from a fresh clone. Database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, seed data, optional import of the real data (ALPSBENCH_DATA_DIR), a production build when the
 * sources changed, then `next start` on PORT. `--dev` runs `next dev` instead of building.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "../lib/db/create-client";
import { prepareDatabase } from "../lib/db/prepare-database";
import { env } from "../lib/env";
import { seed } from "../lib/pipeline/seed";
import { importDatasetFromDir } from "../lib/pipeline/import-dataset";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const log = (line: string) => process.stderr.write(`[start] ${line}\n`);
const children: ChildProcess[] = [];

/** A hash of everything `next build` reads, so a restart skips the build when nothing changed. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ["app", "components", "lib", "public", "prisma"]) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of ["package-lock.json", "next.config.ts", "tsconfig.json", "postcss.config.mjs"]) {
    if (existsSync(path.join(root, file))) hash.update(file).update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

function buildIfNeeded(): void {
  const stamp = path.join(root, ".next", "alpsbench-source-hash");
  const current = sourceHash();
  if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === current) {
    log("build is up to date");
    return;
  }
  log("building (next build)…");
  const started = Date.now();
  const result = spawnSync("npx", ["--no-install", "next", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed (see the output above)");
  writeFileSync(stamp, current);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const config = env();
  const database = await prepareDatabase({ databaseUrl: config.DATABASE_URL, pgDir: path.resolve(root, config.ALPSBENCH_PG_DIR), log });
  const stopDatabase = async () => {
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
    log(`seed: ${seeded.reported.systems} reported systems, ${seeded.reported.figures} reported figures`);
    if (config.ALPSBENCH_DATA_DIR) {
      const report = await importDatasetFromDir(db, path.resolve(config.ALPSBENCH_DATA_DIR), { log });
      log(`import: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged instances`);
    }
    await db.$disconnect();
    if (!dev) buildIfNeeded();
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
}

void main();
