import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createTestSubmission } from "./worker-fixtures";

/**
 * What the page cache (lib/page-cache/anonymous-page-cache.ts) answers when a fill is not a page to keep, during an
 * outage after such an answer, and for misses of new query strings. Real PostgreSQL for the keys and the rate-limit
 * buckets; the render is a real HTTP server standing in for Next (the fill fetches HOST:PORT), counting its renders.
 */
const renders = new Map<string, number>();
/** path -> status the stand-in answers (200 unless listed) */
const statusOf = new Map<string, number>();
let server: Server;
let admin: pg.Client;
let cache: typeof import("@/lib/page-cache/anonymous-page-cache");
const db = createPrismaClient(inject("databaseUrl"));

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    renders.set(req.url ?? "/", (renders.get(req.url ?? "/") ?? 0) + 1);
    const status = statusOf.get(path) ?? 200;
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>${status}</title><script>self.page=${JSON.stringify(path)}</script><p>${status} ${req.url}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.HOST = "127.0.0.1";
  process.env.PORT = String((server.address() as AddressInfo).port);
  process.env.RATE_LIMIT_PAGE_RENDERS_PER_MINUTE = "2";
  admin = new pg.Client({ connectionString: inject("databaseUrl") });
  await admin.connect();
  cache = await import("@/lib/page-cache/anonymous-page-cache");
});
afterAll(async () => {
  await admin.end();
  await db.$disconnect();
  await new Promise((resolve) => server.close(resolve));
});

const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
function ask(pathname: string, search = "") {
  return cache.answerFromCache({ method: "GET", pathname, searchParams: new URLSearchParams(search), headers: new Headers({ "x-forwarded-for": address }) });
}
/** PostgreSQL stops answering the cache's reads (a lock held past the read's 5 s time-out) while `during` runs. */
async function outage<T>(during: () => Promise<T>): Promise<T> {
  await admin.query("BEGIN");
  await admin.query('LOCK TABLE "LeaderboardVersion" IN ACCESS EXCLUSIVE MODE');
  try {
    return await during();
  } finally {
    await admin.query("ROLLBACK");
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the cache's 1 s "down" mark
  }
}
const bump = () => admin.query('UPDATE "LeaderboardVersion" SET "version" = "version" + 1 WHERE "id" = 1');

describe("the page cache's answers beyond a stored page", () => {
  test("a path that is not a page (404) is rendered per request, never kept: the same answer as a page a visitor may not see", async () => {
    statusOf.set("/systems/no-such-system", 404);
    // Next renders it for the client (a 404 passed on from the fill differed from one rendered per request by its
    // nonce, which told a private-only system from a nonexistent one: tests/e2e/security-findings.test.ts)
    expect((await ask("/systems/no-such-system")).kind).toBe("render");
    expect((await ask("/systems/no-such-system")).kind).toBe("render");
  });

  test("an outage never serves the older copy of a page that has gone for visitors since", async () => {
    const path = "/systems/gone-since";
    const first = await ask(path);
    expect(first.kind === "page" && first.response.status).toBe(200);
    // the system's last public run is hidden: the version moves, and its page is now a 404
    await bump();
    statusOf.set(path, 404);
    expect((await ask(path)).kind).toBe("render");
    expect((await outage(() => ask(path))).kind).toBe("unavailable");
  });

  test("an outage never serves the older copy of a submission page that went private since", async () => {
    const benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "page-cache-private" });
    await db.submission.update({ where: { id }, data: { status: "done" } });
    const path = `/submissions/${id}`;
    const first = await ask(path);
    expect(first.kind === "page" && first.response.headers.get("x-page-cache")).toBe("miss");
    await db.submission.update({ where: { id }, data: { visibility: "private" } });
    // a visitor's request is rendered per request now (Next's access check answers 404)
    expect((await ask(path)).kind).toBe("render");
    expect((await outage(() => ask(path))).kind).toBe("unavailable");
  });

  test("misses of new query strings take points from the client's page_render bucket; hits and bare pages do not", async () => {
    const statuses: number[] = [];
    for (const b of ["y1", "y2", "y1", "y3"]) {
      const answer = await ask("/compare", `?a=x&b=${b}`);
      statuses.push(answer.kind === "page" ? answer.response.status : 0);
    }
    // y1 twice: a miss, then a hit (free); y3 is the third miss of a bucket of two
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(renders.get("/compare?a=x&b=y3")).toBeUndefined();
    // spellings of one view are one key: no render
    const again = await ask("/compare", "?b=y1&a=%20x&junk=1");
    expect(again.kind === "page" && again.response.headers.get("x-page-cache")).toBe("hit");
    // a bare path is bounded by the site's pages: never charged
    const bare = await ask("/about");
    expect(bare.kind === "page" && bare.response.status).toBe(200);
  });

  test("client navigations (RSC) of a cacheable page take points from the same bucket; `?_rsc=` alone is a hit", async () => {
    const other = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const navigate = (headers: Record<string, string>) =>
      cache.chargeNavigation({
        method: "GET",
        pathname: "/about",
        searchParams: new URLSearchParams("_rsc=1"),
        headers: new Headers({ "x-forwarded-for": other, ...headers }),
      });
    expect(await navigate({ rsc: "1" })).toBeNull();
    expect(await navigate({ "next-router-prefetch": "1" })).toBeNull();
    expect((await navigate({ rsc: "1" }))?.status).toBe(429);
    // without an RSC header the same URL is the page: free and answered by the cache
    expect(await navigate({})).toBeNull();
    const page = await cache.answerFromCache({
      method: "GET",
      pathname: "/about",
      searchParams: new URLSearchParams("_rsc=1"),
      headers: new Headers({ "x-forwarded-for": other }),
    });
    expect(page.kind === "page" && page.response.headers.get("x-page-cache")).toBe("hit");
  });
});
