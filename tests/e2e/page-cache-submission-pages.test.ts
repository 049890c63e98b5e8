import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb } from "./submissions-helpers";
import { askedTwice, getPage } from "./page-cache-get";

/**
 * Submission pages and the queue in the anonymous page cache (lib/page-cache/cacheable-pages.ts), against the real
 * server: a finished public submission's page is served from memory, and nothing a visitor may not see ever is.
 * A private, hidden or deleted submission answers 404 at the very next request, a change to the submission that
 * does not bump the leaderboard version (a flag) shows at once, and the owner's view (file name and validation)
 * never reaches a visitor.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);
const tag = Date.now().toString(36);

const get = (url: string, headers: Record<string, string> = {}) => getPage(baseUrl, url, headers);

let systemId: string;
let benchmarkVersionId: string;
const systemName = `Cache Sub ${tag}`;
let owner: { cookie: string; userId: string };

type Extra = { status?: "done" | "scoring" | "queued"; visibility?: "public" | "private"; ownerId?: string; fileName?: string };

async function submission(note: string, extra: Extra = {}) {
  const created = await db.submission.create({
    data: { systemId, benchmarkVersionId, tracks: ["task1"], split: "full", source: "upload", status: "done", note, ...extra },
  });
  if ((extra.status ?? "done") === "done") {
    await db.score.create({
      data: { submissionId: created.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "det-1.0.0", value: 0.5, n: 10 },
    });
  }
  return `/submissions/${created.id}`;
}

/** A page served twice to a visitor: the second answer comes from the cache. */
async function cachedForVisitors(path: string) {
  const [first, second] = await askedTwice(baseUrl, db, path);
  expect(first.status, path).toBe(200);
  expect(second.cache, path).toBe("hit");
  return second;
}

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  systemId = (await db.system.create({ data: { slug: `cache-sub-${tag}`, name: systemName, kind: "memory_system" } })).id;
  owner = await sessionCookieHeader(baseUrl, databaseUrl, { email: `page-cache-sub-owner-${tag}@example.org` });
});

afterAll(async () => {
  await db.system.delete({ where: { id: systemId } });
  await db.$disconnect();
});

describe("a submission page in the anonymous page cache", () => {
  test("a finished public submission is a hit, and a flag (no leaderboard version bump) shows at the next request", async () => {
    const path = await submission(`public run ${tag}`);
    expect((await cachedForVisitors(path)).html).toContain(systemName);
    const reason = `flag reason ${tag}`;
    await db.submission.update({ where: { id: path.split("/").pop()! }, data: { flaggedAt: new Date(), flagReason: reason } });
    const flagged = await get(path);
    expect(flagged.cache).toBe("miss");
    expect(flagged.html).toContain(reason);
  });

  test("made private, hidden or deleted: a visitor gets 404 at the next request, never the cached copy", async () => {
    const changes: [string, (id: string) => Promise<unknown>][] = [
      ["private", (id) => db.submission.update({ where: { id }, data: { visibility: "private" } })],
      ["hidden", (id) => db.submission.update({ where: { id }, data: { hiddenAt: new Date(), moderationReason: "spam" } })],
      ["deleted", (id) => db.submission.delete({ where: { id } })],
    ];
    for (const [change, apply] of changes) {
      const note = `soon ${change} ${tag}`;
      const path = await submission(note);
      expect((await cachedForVisitors(path)).html).toContain(systemName);
      await apply(path.split("/").pop()!);
      for (let i = 0; i < 2; i++) {
        const after = await get(path);
        expect(after.status, change).toBe(404);
        expect(after.cache, change).toBeNull();
        expect(after.html, change).not.toContain(systemName);
      }
    }
  });

  test("the owner's view never reaches a visitor: neither a private submission nor the file details of a public one", async () => {
    const privateFile = `private-file-${tag}.jsonl`;
    const privatePath = await submission(`owner only ${tag}`, { visibility: "private", ownerId: owner.userId, fileName: privateFile });
    const ownerView = await get(privatePath, { cookie: owner.cookie });
    expect(ownerView.status).toBe(200);
    expect(ownerView.cache).toBeNull();
    expect(ownerView.html).toContain(privateFile);
    for (let i = 0; i < 2; i++) {
      const visitor = await get(privatePath);
      expect(visitor.status).toBe(404);
      expect(visitor.cache).toBeNull();
      expect(visitor.html).not.toContain(privateFile);
    }

    const fileName = `owner-file-${tag}.jsonl`;
    const publicPath = await submission(`owned public run ${tag}`, { ownerId: owner.userId, fileName });
    // the owner renders first: were their page kept, the visitors below would get it
    const owned = await get(publicPath, { cookie: owner.cookie });
    expect(owned.cache).toBeNull();
    expect(owned.html).toContain(fileName);
    const visitor = await cachedForVisitors(publicPath);
    expect(visitor.html).toContain(systemName);
    expect(visitor.html).not.toContain(fileName);
    expect((await get(publicPath, { cookie: owner.cookie })).cache).toBeNull();
  });

  test("a submission still being scored is rendered per request (its progress changes without a version bump)", async () => {
    const path = await submission(`running ${tag}`, { status: "scoring" });
    await get(path);
    expect((await get(path)).cache).toBeNull();
  });
});

describe("the queue in the anonymous page cache", () => {
  test("a hit for visitors; a new upload shows at the next request; a private one only to its owner, who is never cached", async () => {
    await cachedForVisitors("/queue");
    const publicPath = await submission(`queued public ${tag}`, { status: "queued" });
    const added = await get("/queue");
    expect(added.cache).toBe("miss");
    expect(added.html).toContain(publicPath);

    const privatePath = await submission(`queued private ${tag}`, { status: "queued", visibility: "private", ownerId: owner.userId });
    const ownerView = await get("/queue", { cookie: owner.cookie });
    expect(ownerView.cache).toBeNull();
    expect(ownerView.html).toContain(privatePath);
    for (let i = 0; i < 2; i++) expect((await get("/queue")).html).not.toContain(privatePath);
  });
});
