import { spawn, type ChildProcess } from "node:child_process";
import type { TestProject } from "vitest/node";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { importRealData } from "@/lib/pipeline/import-real-data";
import { seed } from "@/lib/pipeline/seed";
import { buildIfNeeded, ROOT } from "@/scripts/lib/next-build";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { createTestDatabase } from "../test-database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
    realDataImported: boolean;
  }
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the web server exited with code ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the web server did not answer ${url} within ${timeoutMs} ms`);
}

/** End-to-end tests: the production build served by `next start` against its own seeded database. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase("e2e");
  const db = createPrismaClient(database.url);
  await seed(db);
  const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);
  if (requireSharedData && !hasSharedData) throw new Error(`CI needs the real data at ${SHARED_DATA_DIR}`);
  // The real data, as `ALPSBENCH_DATA_DIR=… npm start` would import it (about two minutes here).
  if (hasSharedData) await importRealData(db, SHARED_DATA_DIR, log);
  await db.$disconnect();
  buildIfNeeded((line) => process.stderr.write(`[e2e] ${line}\n`));
  const port = await freePort();
  const server = spawn("npx", ["--no-install", "next", "start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseUrl}/api/v1/leaderboards/overview`, server, 60_000);
  project.provide("baseUrl", baseUrl);
  project.provide("e2eDatabaseUrl", database.url);
  project.provide("realDataImported", hasSharedData);
  return async () => {
    // npx starts next as a child: kill the whole process group.
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await database.dispose();
  };
}
