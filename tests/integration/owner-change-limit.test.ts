import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { createSubmission } from "@/lib/submissions/create-submission";
import { bytes, demoPublicIds } from "./upload-helpers";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Review pass #4: an owner could toggle a submission's visibility ~10 times a second, each toggle bumping the
 * leaderboard version (every cached page and the stored export thrown away). Through the real route (handler
 * called with a Request as Next calls it, a real token, the real database): 20 changes a day, then 429 with
 * Retry-After and nothing changed, for deletions too; an admin's deletion is moderation and is not limited.
 */
const db = createPrismaClient(inject("databaseUrl"));
type Handler = (request: NextRequest, context: { params: Promise<{ id: string }> }) => Promise<Response>;
let PATCH: Handler;
let DELETE: Handler;
const run = Date.now();
let ownerToken = "";
let adminToken = "";
let submissionId = "";

const call = (handler: Handler, token: string, body?: unknown) =>
  handler(
    new NextRequest(`http://127.0.0.1/api/v1/submissions/${submissionId}`, {
      method: body === undefined ? "DELETE" : "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { params: Promise.resolve({ id: submissionId }) },
  );

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  const ownerId = (await db.user.create({ data: { email: `owner-changes-${run}@example.org` } })).id;
  const adminId = (await db.user.create({ data: { email: `owner-changes-admin-${run}@example.org`, role: "admin" } })).id;
  ownerToken = (await createApiToken(db, ownerId, { name: "changes", scopes: ["submit", "read"] })).token;
  adminToken = (await createApiToken(db, adminId, { name: "changes", scopes: ["submit", "read"] })).token;
  const instance = (await demoPublicIds(db, "task2")).at(-1);
  const created = await createSubmission(db, {
    ownerId,
    track: "task2",
    split: "full",
    benchmark: "demo",
    system: { name: `Owner Changes ${run}`, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(JSON.stringify({ benchmark_id: instance, memory_items: [{ type: "direct", label: "x", value: `owner changes ${run}`, confidence: 0.5 }] })),
    visibility: "private",
  });
  if (!created.ok) throw new Error(created.message);
  submissionId = created.id;
  ({ PATCH, DELETE } = (await import("@/app/api/v1/submissions/[id]/route")) as unknown as { PATCH: Handler; DELETE: Handler });
});
afterAll(() => db.$disconnect());

describe("an owner's visibility changes and deletions are limited per day", () => {
  test("20 changes pass; the 21st and a deletion are 429 with Retry-After, nothing changed; an admin may still delete", async () => {
    for (let i = 0; i < 20; i += 1) {
      const response = await call(PATCH, ownerToken, { visibility: i % 2 === 0 ? "public" : "private" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ changed: true });
    }
    // a request that changes nothing is not a change: still answered
    expect((await call(PATCH, ownerToken, { visibility: "private" })).status).toBe(200);

    const version = await leaderboardVersion(db);
    const refused = await call(PATCH, ownerToken, { visibility: "public" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const body = (await refused.json()) as { error: { code: string; message: string; retryAfterSeconds: number } };
    expect(body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: retryAfter });
    expect(body.error.message).toMatch(/^You have made 20 visibility changes or deletions of your submissions in the last 24 hours, the most allowed/);
    expect(body.error.message).toMatch(/nothing was changed\.$/);

    const deleted = await call(DELETE, ownerToken);
    expect(deleted.status).toBe(429);
    expect(deleted.headers.get("retry-after")).not.toBeNull();

    expect(await db.submission.findUnique({ where: { id: submissionId }, select: { visibility: true } })).toEqual({ visibility: "private" });
    expect(await leaderboardVersion(db)).toBe(version);

    expect((await call(DELETE, adminToken)).status).toBe(200);
    expect(await db.submission.count({ where: { id: submissionId } })).toBe(0);
  });
});
