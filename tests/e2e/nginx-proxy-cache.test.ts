import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { NGINX_BINARY, startNginxProxy } from "@/scripts/lib/nginx-proxy";
import { waitFor } from "./app-processes";
import { sessionCookieHeader } from "./sign-in";
import { createTokenViaCli, demoTask1Predictions, e2eDb, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * The site behind a standard reverse proxy (scripts/lib/nginx-proxy.ts: Debian's nginx with its proxy_cache, configured
 * only by what the pages' own headers say): it keeps the public pages (hits), shows a new scored upload once the
 * page's s-maxage has passed, and never keeps a private page.
 */

const upstream = new URL(inject("baseUrl"));
const databaseUrl = inject("e2eDatabaseUrl");
const tag = Date.now().toString(36);

/** the shared caches' lifetime of a cached page (lib/page-cache/cacheable-pages.ts cacheControlOf) */
function sMaxAge(cacheControl: string | null): number {
  const seconds = /s-maxage=(\d+)/.exec(cacheControl ?? "")?.[1];
  expect(seconds, `s-maxage in ${cacheControl}`).toBeDefined();
  return Number(seconds);
}

describe.skipIf(!NGINX_BINARY)("behind nginx's proxy_cache", () => {
  let proxy: Awaited<ReturnType<typeof startNginxProxy>> | null = null;
  let baseUrl = "";

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${url}`, { headers });
    return {
      status: response.status,
      proxy: response.headers.get("x-proxy-cache"),
      cacheControl: response.headers.get("cache-control"),
      body: await response.text(),
    };
  }

  beforeAll(async () => {
    proxy = await startNginxProxy(upstream.host);
    baseUrl = proxy.baseUrl;
  });

  afterAll(() => {
    const errors = proxy?.stop() ?? [];
    if (errors.length > 0) throw new Error(`nginx logged:\n${errors.join("\n")}`);
  });

  test("a public page is kept: the second request is nginx's hit, the same page", async () => {
    const url = `/tasks/task2?pin=nginx-${tag}`;
    const first = await get(url);
    expect(first.status).toBe(200);
    const second = await get(url);
    expect(second.proxy).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect((await get("/about")).proxy).toMatch(/HIT|MISS|EXPIRED|REVALIDATED|UPDATING/);
    expect((await get("/about")).proxy).toBe("HIT");
  });

  test("a new scored upload shows on the board once the page's s-maxage has passed", async () => {
    const board = "/tasks/task1?benchmark=demo&split=dev";
    await get(board);
    const kept = await get(board);
    expect(kept.proxy).toBe("HIT");
    const name = `Nginx Fresh ${tag}`;
    expect(kept.body).not.toContain(name);
    const token = await createTokenViaCli(databaseUrl, `nginx-${tag}@example.org`);
    const upload = await uploadMultipart(upstream.origin, {
      token,
      fields: { task: "task1", split: "dev", benchmark: "demo", model: name },
      file: await demoTask1Predictions(upstream.origin),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    expect((await waitUntilFinished(upstream.origin, upload.body.id!, token, 120_000)).status).toBe("done");
    // the origin has it at once; nginx after s-maxage (stale-while-revalidate: the first request then refreshes it)
    expect(await (await fetch(`${upstream.origin}${board}`)).text()).toContain(name);
    await new Promise((resolve) => setTimeout(resolve, (sMaxAge(kept.cacheControl) + 1) * 1000));
    const shown = await waitFor(
      "nginx to show the new upload",
      async () => {
        const answer = await get(board);
        return answer.body.includes(name) && answer;
      },
      10_000,
      250,
    );
    expect(shown.status).toBe(200);
  }, 180_000);

  test("no private page is ever kept: an owner's private submission, their view of a public one, forms and the account", async () => {
    const db = e2eDb(databaseUrl);
    const owner = await sessionCookieHeader(upstream.origin, databaseUrl, { email: `nginx-owner-${tag}@example.org` });
    try {
      const system = await db.system.create({ data: { slug: `nginx-private-${tag}`, name: `Nginx Private ${tag}`, kind: "memory_system", ownerId: owner.userId } });
      const benchmarkVersion = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
      const fileName = `nginx-secret-${tag}.jsonl`;
      const common = {
        systemId: system.id,
        benchmarkVersionId: benchmarkVersion.id,
        tracks: ["task1"],
        split: "full" as const,
        source: "upload" as const,
        status: "done" as const,
        ownerId: owner.userId,
        fileName,
      };
      const hidden = await db.submission.create({ data: { ...common, visibility: "private" } });
      const shown = await db.submission.create({ data: { ...common, visibility: "public", note: `nginx public ${tag}` } });
      for (const url of [`/submissions/${hidden.id}`, `/submissions/${shown.id}`, `/systems/${system.slug}`, "/submit", "/account"]) {
        for (let i = 0; i < 3; i++) {
          const mine = await get(url, { cookie: owner.cookie });
          expect(mine.status, url).toBe(200);
          expect(mine.proxy, url).not.toBe("HIT");
        }
      }
      // and a visitor never gets the owner's view from nginx's store
      expect((await get(`/submissions/${hidden.id}`)).status).toBe(404);
      for (let i = 0; i < 2; i++) {
        const visitor = await get(`/submissions/${shown.id}`);
        expect(visitor.status).toBe(200);
        expect(visitor.body).not.toContain(fileName);
      }
      expect((await get(`/submissions/${shown.id}`)).proxy).toBe("HIT");
      // the owner, after a visitor's copy is kept, still gets their own view
      const mine = await get(`/submissions/${shown.id}`, { cookie: owner.cookie });
      expect(mine.proxy).not.toBe("HIT");
      expect(mine.body).toContain(fileName);
    } finally {
      await db.system.deleteMany({ where: { slug: `nginx-private-${tag}` } });
      await db.$disconnect();
    }
  });
});
