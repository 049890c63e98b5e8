import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb } from "./submissions-helpers";
import { atOneLeaderboardVersion } from "./page-cache-get";

/** The page cache in proxy.ts, against the real server: hits for every visitor, HTTP caching headers, freshness, bypasses. */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);

/** A harmless table query (a pin of no row), so this file's entries are its own whatever ran before. */
const path = `/tasks/task1?pin=probe-${Date.now().toString(36)}`;

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(`${baseUrl}${url}`, { headers, method });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    csp: response.headers.get("content-security-policy") ?? "",
    etag: response.headers.get("etag"),
    cacheControl: response.headers.get("cache-control") ?? "",
    frame: response.headers.get("x-frame-options"),
    html: await response.text(),
  };
}

let systemId: string;
let originalName: string;

beforeAll(async () => {
  // a system on the default Task 1 view (the reported figures of the full benchmark)
  const system = await db.system.findFirstOrThrow({
    where: { submissions: { some: { source: "reported", benchmarkVersion: { slug: "alpsbench-v1" }, tracks: { has: "task1" } } } },
    select: { id: true, name: true },
  });
  systemId = system.id;
  originalName = system.name;
});

afterAll(async () => {
  await db.system.update({ where: { id: systemId }, data: { name: originalName } });
  await db.$disconnect();
});

describe("the page cache", () => {
  test("the second request is a hit with the same bytes, ETag, CSP and caching headers; If-None-Match gets a 304", async () => {
    // a pin of its own per attempt: an attempt's first ask must be the page's first
    const [probe, first, second] = await atOneLeaderboardVersion(db, async (attempt) => {
      const probe = `${path}-${attempt}`;
      return [probe, await get(probe), await get(probe)] as const;
    });
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.html).toBe(first.html);
    expect(second.etag).toBe(first.etag);
    expect(second.etag).toMatch(/^"\d+-[\w-]+"$/);
    expect(second.csp).toBe(first.csp);
    expect(second.csp).toContain("'sha256-");
    expect(second.csp).not.toContain("'nonce-");
    expect(second.cacheControl).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.frame).toBe("DENY");
    const revalidated = await fetch(`${baseUrl}${probe}`, { headers: { "if-none-match": second.etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(second.etag);
  });

  test("a made-up session cookie, a real session, a random query string and HEAD are all hits of the one copy", async () => {
    const bare = "/about";
    const [, again] = await atOneLeaderboardVersion(db, async () => [await get(bare), await get(bare)] as const);
    expect(again.cache).toBe("hit");
    const { cookie } = await sessionCookieHeader(baseUrl, databaseUrl, { email: "page-cache@example.org" });
    const random = Date.now().toString(36);
    for (const [what, url, headers] of [
      ["made-up cookie", bare, { cookie: `authjs.session-token=bogus-${random}` }],
      ["made-up __Secure- cookie", bare, { cookie: `__Secure-authjs.session-token=bogus-${random}` }],
      ["real session", bare, { cookie }],
      ["random query", `${bare}?x=${random}`, {}],
      ["random query on a board", `/tasks/task1?x=${random}&y=${random}`, {}],
    ] as const) {
      // asked anonymously first, then as `what`, at one leaderboard version: the same copy
      const [anonymous, answer] = await atOneLeaderboardVersion(db, async () => [await get(url), await get(url, headers)] as const);
      expect(answer.cache, what).toBe("hit");
      if (url === bare) expect(answer.etag, what).toBe(anonymous.etag);
    }
    // the random query was the bare page: the board's copy is the one without it
    const [withQuery, plain] = await atOneLeaderboardVersion(db, async () => [await get(`/tasks/task1?x=${random}2`), await get("/tasks/task1")] as const);
    expect(withQuery.etag).toBe(plain.etag);
    const [page, head] = await atOneLeaderboardVersion(db, async () => [await get(bare), await get(bare, {}, "HEAD")] as const);
    expect(head.status).toBe(200);
    expect(head.cache).toBe("hit");
    expect(head.html).toBe("");
    expect(head.etag).toBe(page.etag);
  });

  test("a change the page shows (a renamed system) is on the very next request", async () => {
    await get(path);
    const renamed = `Cache Probe ${Date.now().toString(36)}`;
    await db.system.update({ where: { id: systemId }, data: { name: renamed } });
    const after = await get(path);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(renamed);
  });

  test("client navigations are never served from the cache; pages rendered per request say no-store", async () => {
    await get(path);
    // a client-side navigation (RSC payload request), as Next's router sends it
    expect((await get(`${path}&_rsc=abc12`, { rsc: "1" })).cache).toBeNull();
    expect((await get(path, { rsc: "1" })).cache).toBeNull();
    // an admin sees more on the queue (held uploads): rendered per request, never stored
    const admin = await sessionCookieHeader(baseUrl, databaseUrl, { email: "page-cache-admin@example.org", role: "admin" });
    const queue = await get("/queue", { cookie: admin.cookie });
    expect(queue.cache).toBeNull();
    expect(queue.cacheControl).toContain("no-store");
    for (const url of ["/submit", "/signin", "/account"]) {
      const page = await get(url, { cookie: admin.cookie });
      expect(page.cache, url).toBeNull();
      expect(page.cacheControl, url).toMatch(/private|no-store/);
    }
  });

  test("a hit answered before Next has a rendered page's headers and is gzipped for a client that accepts gzip", async () => {
    // node:http, not fetch: fetch would decode the body and hide Content-Encoding
    const { request } = await import("node:http");
    const { gunzipSync } = await import("node:zlib");
    const raw = (url: string, acceptEncoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(`${baseUrl}${url}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const [plain, zipped] = await atOneLeaderboardVersion(db, async () => {
      await get("/about");
      return [await raw("/about", "identity"), await raw("/about", "gzip, deflate, br")] as const;
    });
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(zipped.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    // the headers next.config.ts gives every page rendered by Next (/signin is never cached) are on the hit too
    const rendered = await raw("/signin", "identity");
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    for (const name of ["x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy"]) {
      expect(rendered.headers[name], name).toBeDefined();
      expect(zipped.headers[name], name).toBe(rendered.headers[name]);
    }
  });

  test("a client cannot pass for the cache's own render", async () => {
    const answer = await get(`/about`, { "x-page-cache-fill": "guess" });
    expect(answer.status).toBe(200);
    // answered by the cache like any request (a fill would have no x-page-cache header and no cached CSP)
    expect(answer.cache).toMatch(/^(hit|miss)$/);
    expect(answer.csp).toContain("'sha256-");
  });
});
