import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb } from "./submissions-helpers";
import { askedTwice, getPage } from "./page-cache-get";

/**
 * The anonymous page cache covers every public page (lib/page-cache/cacheable-pages.ts), not only the hosted
 * benchmark's boards: module boards and system pages are served from it, show a new scored submission, a hidden
 * one or a module's stored run on the next request, and never show what only a signed-in viewer may see.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);
const tag = Date.now().toString(36);

const get = (url: string, headers: Record<string, string> = {}) => getPage(baseUrl, url, headers);

let systemId: string;
let benchmarkVersionId: string;
const slug = `cache-probe-${tag}`;
const systemPath = `/systems/${slug}`;

async function scoredSubmission(note: string, extra: { visibility?: "public" | "private"; ownerId?: string } = {}) {
  const submission = await db.submission.create({
    data: { systemId, benchmarkVersionId, tracks: ["task1"], split: "full", source: "upload", status: "done", note, ...extra },
  });
  await db.score.create({
    data: { submissionId: submission.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "det-1.0.0", value: 0.5, n: 10 },
  });
  return submission.id;
}

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  systemId = (await db.system.create({ data: { slug, name: `Cache Probe ${tag}`, kind: "memory_system" } })).id;
  await scoredSubmission(`first public run ${tag}`);
});

afterAll(async () => {
  await db.system.delete({ where: { id: systemId } });
  await db.pllmSubmission.deleteMany({ where: { name: { startsWith: `Cache Probe Run ${tag}` } } });
  await db.$disconnect();
});

describe("the page cache serves every public page", () => {
  test("module boards, their views, system pages, /compare and /about are hits on the second anonymous request", async () => {
    for (const path of ["/benchmarks/personalllm", "/benchmarks/personalllm/logged", systemPath, `/compare?a=${slug}`, "/about"]) {
      const [first, second] = await askedTwice(baseUrl, db, path);
      expect(first.status, path).toBe(200);
      expect(second.cache, path).toBe("hit");
    }
  });

  test("pages with a signed-in purpose are never cached", async () => {
    for (const path of ["/signin", "/submit"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
  });

  test("a module's stored run shows on its board at the next request", async () => {
    const path = "/benchmarks/personalllm/rewards";
    expect((await askedTwice(baseUrl, db, path))[1].cache).toBe("hit");
    const name = `Cache Probe Run ${tag}`;
    const metric = { value: 0.42, n: 10, ciLow: 0.4, ciHigh: 0.44 };
    await db.pllmSubmission.create({
      data: { track: "rewards", name, n: 10, metrics: { win_rate_vs_best_response: metric, total_score: metric, win_rate_vs_gpt4o: metric } },
    });
    const after = await get(path);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(name);
  });

  test("a new scored submission and a hidden one show on the system page at the next request", async () => {
    expect((await askedTwice(baseUrl, db, systemPath))[1].cache).toBe("hit");
    const note = `second public run ${tag}`;
    const second = await scoredSubmission(note);
    const added = await get(systemPath);
    expect(added.cache).toBe("miss");
    expect(added.html).toContain(note);
    await db.submission.update({ where: { id: second }, data: { hiddenAt: new Date() } });
    const hidden = await get(systemPath);
    expect(hidden.cache).toBe("miss");
    expect(hidden.html).not.toContain(note);
  });

  test("a private submission is never in the anonymous page, and the owner's view is never cached", async () => {
    const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, { email: `page-cache-owner-${tag}@example.org` });
    const note = `private run ${tag}`;
    await scoredSubmission(note, { visibility: "private", ownerId: userId });
    // the owner renders first: were their page kept, the anonymous requests below would get it
    const owner = await get(systemPath, { cookie });
    expect(owner.cache).toBeNull();
    expect(owner.html).toContain(note);
    for (let i = 0; i < 2; i++) {
      const anonymous = await get(systemPath);
      expect(anonymous.status).toBe(200);
      expect(anonymous.html).not.toContain(note);
    }
    expect((await get(systemPath, { cookie })).cache).toBeNull();
  });
});
