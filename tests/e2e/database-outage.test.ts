import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { seed } from "@/lib/db/seed";
import { installQueue } from "@/lib/queue/boss";
import { startProcess, stopAll, waitFor, waitForWeb, type Proc } from "./app-processes";
import { jsonl, uploadMultipart } from "./submissions-helpers";

/**
 * PostgreSQL stops under a running web server (`scripts/web.ts`, on a cluster of this file's own): the pages the
 * page cache holds are served as they were, marked `x-page-cache: stale`; every other page and API request answers
 * 503 with Retry-After, an upload too, with nothing stored; when PostgreSQL is back the pages are fresh again.
 */

const CACHED = ["/about", "/tasks/task1?benchmark=demo&split=dev"];

async function get(baseUrl: string, url: string) {
  const response = await fetch(`${baseUrl}${url}`);
  return { status: response.status, cache: response.headers.get("x-page-cache"), retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

describe("a database outage", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "outage-pg-"));
  let pg: RunningPostgres | null = null;
  let port = 0;
  let web: Proc;
  let baseUrl = "";
  let token = "";

  beforeAll(async () => {
    port = await freePort();
    pg = await startEmbeddedPostgres({ dataDir, port, database: "outage" });
    await migrate(pg.url, MIGRATIONS_DIR);
    await installQueue(pg.url);
    const db = createPrismaClient(pg.url);
    await seed(db);
    const user = await db.user.create({ data: { email: "outage@example.org" } });
    token = (await createApiToken(db, user.id, { name: "outage", scopes: ["submit", "read"] })).token;
    await db.$disconnect();
    const webPort = await freePort();
    baseUrl = `http://127.0.0.1:${webPort}`;
    web = startProcess("web", "scripts/web.ts", {
      DATABASE_URL: pg.url,
      PORT: String(webPort),
      AUTH_URL: baseUrl,
      AUTH_SECRET: "e2e-only-secret-not-for-production-use",
      HOST: "",
    });
    await waitForWeb(web, baseUrl);
  }, 180_000);

  afterAll(async () => {
    await stopAll(web ? [web] : []);
    await pg?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("cached pages are served stale, the rest is 503 with Retry-After, an upload stores nothing; then all is fresh again", async () => {
    const before = new Map<string, string>();
    for (const url of CACHED) {
      await get(baseUrl, url);
      const hit = await get(baseUrl, url);
      expect(hit.cache, url).toBe("hit");
      before.set(url, hit.body);
    }

    await pg!.stop();
    pg = null;
    for (const url of CACHED) {
      const stale = await get(baseUrl, url);
      expect(stale.status, url).toBe(200);
      expect(stale.cache, url).toBe("stale");
      expect(stale.body, url).toBe(before.get(url));
    }
    // a page never cached, a page never cacheable, and the API: 503, and when to ask again
    for (const url of ["/releases", "/signin", "/api/v1/queue"]) {
      const answer = await get(baseUrl, url);
      expect(answer.status, url).toBe(503);
      expect(Number(answer.retryAfter), url).toBeGreaterThan(0);
    }
    const upload = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", model: "Outage Upload", benchmark: "demo", split: "dev" },
      file: jsonl([{ benchmark_id: "x", memory_items: [] }]),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(503);

    pg = await startEmbeddedPostgres({ dataDir, port, database: "outage" });
    const fresh = await waitFor(
      "a fresh page after PostgreSQL is back",
      async () => {
        const answer = await get(baseUrl, CACHED[0]!);
        return answer.status === 200 && answer.cache !== "stale" && answer;
      },
      30_000,
      500,
    );
    expect(fresh.cache).toMatch(/^(hit|miss)$/);
    expect((await get(baseUrl, "/releases")).status).toBe(200);
    const db = createPrismaClient(pg.url);
    try {
      expect(await db.system.count({ where: { name: "Outage Upload" } })).toBe(0);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
