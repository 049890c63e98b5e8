import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { buildIfNeeded, ROOT } from "@/scripts/lib/next-build";
import { fillPersonalLlm } from "./e2e-data";
import { takeRealDataDigests } from "./real-data-digests-setup";
import { startSmtpSink } from "./mailbox";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { imageFolder, realDataDatabase } from "../real-data-image";
import { removeRealDataImage } from "../real-data-image-folder";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
    realDataImported: boolean;
    /** the real-data outputs' digests (tests/helpers/real-data-digests.ts), taken before any test file ran; {}: no real data */
    realDataDigests: Record<string, string>;
    /** the JSON-lines file the local SMTP server appends every received e-mail to (tests/e2e/mailbox.ts) */
    mailboxFile: string;
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

/** End-to-end tests: the production build served by scripts/web.ts (`npm run web`) against its own seeded database. */
export default async function setup(project: TestProject) {
  const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);
  if (requireSharedData && !hasSharedData) throw new Error(`CI needs the real data at ${SHARED_DATA_DIR}`);
  // The build needs no database, so it runs beside the seed and the import, as `npm start` runs them.
  const built = buildIfNeeded(log);
  built.catch(() => {});
  // the seed and the real data from the run's real-data image (tests/real-data-image.ts), PersonalLLM added here
  const ownImage = path.join(ROOT, ".tmp", `e2e-real-data-image-${process.pid}`);
  const database = await realDataDatabase("e2e", imageFolder(ownImage), log);
  const db = createPrismaClient(database.url);
  await fillPersonalLlm(db, log);
  await db.$disconnect();
  await built;
  const port = await freePort();
  // Sign-in e-mails go to a local SMTP server whose messages the tests read back.
  const mailDir = path.join(ROOT, ".tmp", `e2e-mail-${process.pid}`);
  mkdirSync(mailDir, { recursive: true });
  const mailboxFile = path.join(mailDir, "mailbox.jsonl");
  const smtp = await startSmtpSink(mailboxFile);
  const serverEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production" as const,
    // the port the page cache renders through, and the public URL e-mailed sign-in links point at
    PORT: String(port),
    AUTH_URL: `http://127.0.0.1:${port}`,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}`,
    EMAIL_FROM: "AlpsBench e2e <no-reply@alpsbench.test>",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-only-secret-not-for-production-use",
    // the e2e files make many test-split uploads from few accounts; the test-upload limits themselves are tested in
    // tests/integration/upload-limits.test.ts
    TEST_SUBMISSIONS_PER_DAY: process.env.TEST_SUBMISSIONS_PER_DAY ?? "1000",
    TEST_SUBMISSIONS_PER_MONTH: process.env.TEST_SUBMISSIONS_PER_MONTH ?? "1000",
    // the e2e files sign up many accounts from one machine; the bound is tested in tests/e2e/limits-ledger.test.ts
    RATE_LIMIT_NEW_ACCOUNTS_PER_DAY: process.env.RATE_LIMIT_NEW_ACCOUNTS_PER_DAY ?? "1000",
    // every e2e file's browser navigates and prefetches from one address; the page_render bucket itself is tested in
    // tests/integration/page-cache-answers.test.ts
    RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: process.env.RATE_LIMIT_PAGE_RENDERS_PER_MINUTE ?? "100000",
    // smaller than the defaults, so the oversized-upload and gzip-bomb tests stay fast
    UPLOAD_MAX_BYTES: String(64 * 1024 * 1024),
    UPLOAD_MAX_DECOMPRESSED_BYTES: String(128 * 1024 * 1024),
    // The tests play the reverse proxy: each sets X-Forwarded-For to the client address a test wants counted
    // (one proxy hop trusted; tests/e2e/multi-process.test.ts checks the default of none).
    TRUSTED_PROXY_HOPS: "1",
  };
  // The web server as `npm run web` runs it (our server around Next: it appends the socket's address to X-Forwarded-For).
  const server = spawn(process.execPath, ["--import", "tsx", `${ROOT}/scripts/web.ts`], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  // The scoring worker, as `npm start` runs it.
  const worker = spawn(process.execPath, ["--import", "tsx", `${ROOT}/scripts/worker.ts`], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseUrl}/api/v1/leaderboards/overview`, server, 60_000);
  project.provide("baseUrl", baseUrl);
  project.provide("e2eDatabaseUrl", database.url);
  project.provide("realDataImported", hasSharedData);
  // before any file uploads, renames or imports a run of its own: the outputs as the server's own rows make them
  project.provide("realDataDigests", hasSharedData ? await takeRealDataDigests(baseUrl) : {});
  project.provide("mailboxFile", mailboxFile);
  return async () => {
    // Kill each whole process group (a child may have children of its own).
    for (const child of [server, worker]) {
      if (!child.pid) continue;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await smtp.close();
    await database.dispose();
    removeRealDataImage(ownImage);
  };
}
