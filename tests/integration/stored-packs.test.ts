import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { benchmarkOfDataVersion, getBenchmark } from "@/lib/benchmarks";
import { createPrismaClient } from "@/lib/db/create-client";
import { ApiError } from "@/lib/http/api-error";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { packResponse, packVersion, type PackRequest } from "@/lib/packs/pack-response";
import { packKey } from "@/lib/packs/pack-store";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { readPack, sha256Hex } from "@/lib/packs/zip-pack";

/**
 * GET /api/v1/submissions/{id}/pack as answered by packResponse (the route only authenticates), on the seeded demo
 * runs: a burst builds the pack once and every answer is the stored zip with its strong ETag; 304 on If-None-Match;
 * every answer, versioned URL too, is `no-cache` (never `immutable`: a shared cache must ask again, so a hidden or
 * deleted submission's pack stops being served); the store never answers for a submission the viewer cannot read
 * (private, hidden, deleted); a re-score or a visibility change rebuilds; downloads are bounded per client address
 * (429). The last test goes through the route handler itself.
 */
// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));
// a visitor sends no session cookie; outside Next's request scope the cookie reader cannot run, so it answers none
vi.mock("@/lib/auth/session", () => ({ getSessionUser: async () => null }));

const db = createPrismaClient(inject("databaseUrl"));
type Handler = (request: NextRequest, context: { params: Promise<{ id: string }> }) => Promise<Response>;
let getPack: Handler;
beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  getPack = ((await import("@/app/api/v1/submissions/[id]/pack/route")) as unknown as { GET: Handler }).GET;
});
afterAll(() => db.$disconnect());

const address = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}-${Math.random().toString(36).slice(2, 8)}`;
const visitor = (extra: Partial<PackRequest> = {}): PackRequest => ({ viewer: null, ifNoneMatch: null, clientAddress: address(), ...extra });

/** A 404 is thrown as ApiError("not_found") for withErrors to answer; read it as a status. */
async function status(id: string, request: PackRequest): Promise<number> {
  try {
    return (await packResponse(db, id, request)).status;
  } catch (error) {
    if (error instanceof ApiError) return error.code === "not_found" ? 404 : 500;
    throw error;
  }
}

/** A copy of a demo run (its scores and per-instance results), so the test may change and delete it. */
async function copyOfDemoRun() {
  const demo = await db.submission.findFirstOrThrow({
    where: { id: { startsWith: "seed-demo-" }, status: "done", tracks: { has: "task1" }, splitScores: { some: {} } },
    orderBy: { id: "asc" },
    include: { scores: true, splitScores: true, results: true, benchmarkVersion: { select: { slug: true } } },
  });
  const owner = await db.user.create({ data: { email: `pack-owner-${Math.random().toString(36).slice(2)}@example.test`, name: "Owner" } });
  const copy = await db.submission.create({
    data: {
      systemId: demo.systemId,
      benchmarkVersionId: demo.benchmarkVersionId,
      tracks: demo.tracks,
      split: demo.split,
      source: "upload",
      status: "done",
      visibility: "public",
      ownerId: owner.id,
      scorerVersion: demo.scorerVersion,
      finishedAt: new Date(),
    },
  });
  await db.score.createMany({ data: demo.scores.map(({ id: _id, submissionId: _s, ...s }) => ({ ...s, submissionId: copy.id })) as never });
  await db.splitScore.createMany({ data: demo.splitScores.map(({ id: _id, submissionId: _s, ...s }) => ({ ...s, submissionId: copy.id })) as never });
  await db.instanceResult.createMany({ data: demo.results.map(({ id: _id, submissionId: _s, ...r }) => ({ ...r, submissionId: copy.id })) as never });
  // the copy ties its demo run, so the review rule (lib/leaderboard/review-hold.ts) holds it from the public until a
  // moderator approves it; the hold is not what these tests are about, so a moderator approves it here
  const moderator = await db.user.create({ data: { email: `pack-moderator-${Math.random().toString(36).slice(2)}@example.test`, role: "admin" } });
  const approved = await moderateSubmission(db, {
    submissionId: copy.id,
    actorId: moderator.id,
    request: { action: "approve", reason: "Test copy of a seeded demo run" },
  });
  if (!approved.ok) throw new Error(`approve failed: ${JSON.stringify(approved)}`);
  return { id: copy.id, owner: { id: owner.id, role: "user" as const }, slug: demo.benchmarkVersion.slug };
}

describe("stored reproducibility packs", () => {
  test("a burst of 12 requests builds the pack once; each answer is the same stored zip with ETag and Content-Length", async () => {
    const run = await copyOfDemoRun();
    const hook = benchmarkOfDataVersion(run.slug).pack!;
    const build = vi.spyOn(hook, "build");
    try {
      const responses = await Promise.all(Array.from({ length: 12 }, () => packResponse(db, run.id, visitor())));
      const bodies = await Promise.all(responses.map(async (r) => new Uint8Array(await r.arrayBuffer())));
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(build.mock.calls.filter(([, id]) => id === run.id)).toHaveLength(1);
      const stored = await db.storedPack.findUniqueOrThrow({ where: { submissionId: run.id } });
      expect(stored.builds).toBe(1);
      for (const [i, r] of responses.entries()) {
        expect(r.headers.get("etag")).toBe(`"${stored.sha256}"`);
        expect(sha256Hex(bodies[i]!)).toBe(stored.sha256);
        expect(r.headers.get("content-length")).toBe(String(bodies[i]!.byteLength));
        expect(r.headers.get("cache-control")).toBe("public, no-cache");
      }
      // still a pack that verifies: every file matches the manifest
      expect(readPack(bodies[0]!).integrity.every((f) => f.ok)).toBe(true);
      // later requests are served from the store: no build
      expect((await packResponse(db, run.id, visitor())).status).toBe(200);
      expect(build.mock.calls.filter(([, id]) => id === run.id)).toHaveLength(1);
    } finally {
      build.mockRestore();
      await db.submission.delete({ where: { id: run.id } });
    }
    // the pack goes with its submission
    expect(await db.storedPack.count({ where: { submissionId: run.id } })).toBe(0);
  });

  test("304 on If-None-Match; a re-score rebuilds with a new ETag", async () => {
    const run = await copyOfDemoRun();
    try {
      const first = await packResponse(db, run.id, visitor());
      const etag = first.headers.get("etag")!;
      const version = packVersion(etag.replaceAll('"', ""));
      expect(first.headers.get("content-location")).toBe(`/api/v1/submissions/${run.id}/pack?v=${version}`);
      const again = await packResponse(db, run.id, visitor({ ifNoneMatch: `W/"other", ${etag}` }));
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect(again.headers.get("cache-control")).toBe("public, no-cache");

      // re-scored: new score rows, so a new key; the old ETag no longer matches and the pack is rebuilt once
      const score = await db.score.findFirstOrThrow({ where: { submissionId: run.id } });
      await db.score.update({ where: { id: score.id }, data: { value: (score.value ?? 0) + 0.5, computedAt: new Date() } });
      const rescored = await packResponse(db, run.id, visitor({ ifNoneMatch: etag }));
      expect(rescored.status).toBe(200);
      expect(rescored.headers.get("etag")).not.toBe(etag);
      const pack = readPack(new Uint8Array(await rescored.arrayBuffer()));
      expect(pack.manifest.figures.some((f) => f.metric === score.metric && f.track === score.trackId && f.value === (score.value ?? 0) + 0.5)).toBe(true);
      expect((await db.storedPack.findUniqueOrThrow({ where: { submissionId: run.id } })).builds).toBe(2);
    } finally {
      await db.submission.delete({ where: { id: run.id } });
    }
  });

  test("a stored pack is never served to a visitor once its submission is private or hidden; its owner still gets it", async () => {
    const run = await copyOfDemoRun();
    try {
      const etag = (await packResponse(db, run.id, visitor())).headers.get("etag")!;
      await db.submission.update({ where: { id: run.id }, data: { visibility: "private" } });
      expect(await status(run.id, visitor())).toBe(404);
      // not even a 304 that would confirm the ETag
      expect(await status(run.id, visitor({ ifNoneMatch: etag }))).toBe(404);
      const owned = await packResponse(db, run.id, visitor({ viewer: run.owner }));
      expect(owned.status).toBe(200);
      expect(owned.headers.get("cache-control")).toBe("private, no-cache");
      await db.submission.update({ where: { id: run.id }, data: { visibility: "public", hiddenAt: new Date(), moderationReason: "test" } });
      expect(await status(run.id, visitor())).toBe(404);
    } finally {
      await db.submission.delete({ where: { id: run.id } });
    }
  });

  test("downloads are bounded per client address: 429 with Retry-After once the MiB budget is spent; 304s cost nothing", async () => {
    const demo = await db.submission.findFirstOrThrow({ where: { id: { startsWith: "seed-demo-" }, status: "done" }, orderBy: { id: "asc" } });
    const from = address();
    const first = await packResponse(db, demo.id, visitor({ clientAddress: from }));
    const etag = first.headers.get("etag")!;
    // each download of this small pack costs 1 point: the budget runs out after `budget` of them
    const budget = Number(process.env.RATE_LIMIT_PACK_MB_PER_MINUTE ?? 120);
    let refused: Response | null = null;
    for (let i = 0; i < budget + 1 && !refused; i++) {
      const r = await packResponse(db, demo.id, visitor({ clientAddress: from }));
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toMatch(/MiB of reproducibility packs from your address/);
    expect((await packResponse(db, demo.id, visitor({ clientAddress: from, ifNoneMatch: etag }))).status).toBe(304);
    // another address is not refused
    expect((await packResponse(db, demo.id, visitor())).status).toBe(200);
  });
  test("through the route: the versioned URL is revalidated too (no-cache, never immutable), so hiding or deleting takes effect", async () => {
    const run = await copyOfDemoRun();
    const token = (await createApiToken(db, run.owner.id, { name: "pack owner", scopes: ["read"] })).token;
    const from = address();
    const get = (url: string, headers: Record<string, string> = {}) =>
      getPack(new NextRequest(`http://127.0.0.1${url}`, { headers: { "x-forwarded-for": from, ...headers } }), { params: Promise.resolve({ id: run.id }) });
    try {
      const plain = await get(`/api/v1/submissions/${run.id}/pack`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("cache-control")).toBe("public, no-cache");
      const etag = plain.headers.get("etag")!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const versioned = plain.headers.get("content-location")!;
      expect(versioned).toBe(`/api/v1/submissions/${run.id}/pack?v=${packVersion(etag.replaceAll('"', ""))}`);

      // the versioned URL a shared cache would have kept: revalidated like the plain one, a cheap 304 while it holds
      const pinned = await get(versioned);
      expect(pinned.status).toBe(200);
      expect(pinned.headers.get("cache-control")).toBe("public, no-cache");
      expect(pinned.headers.get("etag")).toBe(etag);
      const revalidated = await get(versioned, { "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("cache-control")).toBe("public, no-cache");

      // hidden by a moderator: the cache's revalidation gets 404, so it stops serving the zip
      await db.submission.update({ where: { id: run.id }, data: { hiddenAt: new Date(), moderationReason: "test" } });
      expect((await get(versioned, { "if-none-match": etag })).status).toBe(404);
      // made private instead: only its owner gets it, and only a private cache may keep it
      await db.submission.update({ where: { id: run.id }, data: { hiddenAt: null, moderationReason: null, visibility: "private" } });
      expect((await get(versioned)).status).toBe(404);
      const owned = await get(versioned, { authorization: `Bearer ${token}` });
      expect(owned.status).toBe(200);
      expect(owned.headers.get("cache-control")).toBe("private, no-cache");
    } finally {
      await db.submission.delete({ where: { id: run.id } });
    }
    // deleted: the revalidation gets 404 as well
    expect((await get(`/api/v1/submissions/${run.id}/pack`, { "if-none-match": "*" })).status).toBe(404);
  });
});

/**
 * A stored pack's key with SplitScore in AlpsBench's schema: pack-store reads no benchmark's table, AlpsBench adds
 * its rows through its declared packKeyParts, so a re-score of the split figures alone still rebuilds the pack.
 */
describe("a stored pack's key with AlpsBench's split scores", () => {
  test("changes when only the split figures are re-scored", async () => {
    const run = await copyOfDemoRun();
    try {
      // not vacuous: the run has split scores, and they are in its key (AlpsBench's parts)
      expect(await db.splitScore.count({ where: { submissionId: run.id } })).toBeGreaterThan(0);
      const before = await packKey(db, run.id);
      expect(before).toMatch(/^[0-9a-f]{64}$/);
      const parts = await capabilitiesOf(getBenchmark("alpsbench")!).packKeyParts(db, run.id);
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatch(/^p:/);

      // only the split figures re-scored (no Score row touched): a new key
      const row = await db.splitScore.findFirstOrThrow({ where: { submissionId: run.id } });
      await db.splitScore.update({ where: { id: row.id }, data: { computedAt: new Date(row.computedAt.getTime() + 60_000) } });
      expect(await packKey(db, run.id)).not.toBe(before);
    } finally {
      await db.submission.delete({ where: { id: run.id } });
    }
  });

  test("a benchmark that declares no parts adds none", async () => {
    const personalllm = getBenchmark("personalllm");
    expect(personalllm).not.toBeNull();
    expect(personalllm!.pipeline?.packKeyParts).toBeUndefined();
    expect(await capabilitiesOf(personalllm!).packKeyParts(db, "no-such-submission")).toEqual([]);
  });
});
