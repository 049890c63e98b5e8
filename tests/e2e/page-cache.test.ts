import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb } from "./submissions-helpers";

/** The anonymous page cache in proxy.ts, against the real server: hits, fresh nonces, freshness, bypasses. */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);

/** A cache-busting but harmless query, so this file's entries are its own whatever ran before. */
const path = `/tasks/task1?probe=${Date.now().toString(36)}`;

function nonceOf(html: string): string | null {
  return /<script[^>]*\snonce="([^"]+)"/.exec(html)?.[1] ?? null;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, { headers });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    csp: response.headers.get("content-security-policy") ?? "",
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

describe("anonymous page cache", () => {
  test("the second anonymous request is a hit with the same page, a fresh nonce that matches its CSP, and the security headers", async () => {
    const first = await get(path);
    const second = await get(path);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    const [nonce1, nonce2] = [nonceOf(first.html), nonceOf(second.html)];
    expect(nonce1).toBeTruthy();
    expect(nonce2).toBeTruthy();
    expect(nonce2).not.toBe(nonce1);
    expect(second.csp).toContain(`'nonce-${nonce2}'`);
    expect(second.frame).toBe("DENY");
    // the same page apart from the nonce
    expect(second.html.replaceAll(nonce2!, "N")).toBe(first.html.replaceAll(nonce1!, "N"));
  });

  test("a change the page shows (a renamed system) is on the very next request", async () => {
    await get(path);
    const renamed = `Cache Probe ${Date.now().toString(36)}`;
    await db.system.update({ where: { id: systemId }, data: { name: renamed } });
    const after = await get(path);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(renamed);
  });

  test("signed-in visitors and client navigations are never served from the cache", async () => {
    await get(path);
    const { cookie } = await sessionCookieHeader(baseUrl, databaseUrl, { email: "page-cache@example.org" });
    expect((await get(path, { cookie })).cache).toBeNull();
    // a client-side navigation (RSC payload request), as Next's router sends it
    expect((await get(`${path}&_rsc=abc12`, { rsc: "1" })).cache).toBeNull();
    expect((await get(path, { rsc: "1" })).cache).toBeNull();
    // the queue is cached for visitors (a short while), never for a signed-in one, who may see private entries
    expect((await get("/queue", { cookie })).cache).toBeNull();
  });

  test("a client cannot choose the nonce of a render", async () => {
    const chosen = "attacker-chosen-nonce";
    const answer = await get(`/about`, { "x-page-cache-fill": "guess", "x-page-cache-nonce": chosen });
    expect(answer.status).toBe(200);
    expect(answer.html).not.toContain(chosen);
    expect(answer.csp).not.toContain(chosen);
  });
});
