import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";
import { createSubmission } from "@/lib/submissions/create-submission";
import { bytes, scoreToEnd, settleLeftoverQueue } from "./upload-helpers";

vi.mock("server-only", () => ({}));
// every bootstrap the server runs is counted: the observable of "computed again"
const bootstraps = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@/lib/stats/bootstrap-ci", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/stats/bootstrap-ci")>();
  return {
    ...real,
    bootstrapCI: (...args: Parameters<typeof real.bootstrapCI>) => {
      bootstraps.calls += 1;
      return real.bootstrapCI(...args);
    },
  };
});

/**
 * Review pass #5: GET /api/v1/submissions/{id}/breakdown?level=dimension ran its bootstraps (one per dimension and
 * metric, 1,000 resamples each) on every request. Through the real route and database: the second request for
 * the same upload computes nothing; a change to what the boards show (the leaderboard version) computes again.
 */
const db = createPrismaClient(inject("databaseUrl"));
type Handler = (request: NextRequest, context: { params: Promise<{ id: string }> }) => Promise<Response>;
let GET: Handler;
let token = "";
let submissionId = "";

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  await settleLeftoverQueue(db);
  const ownerId = (await db.user.create({ data: { email: `breakdown-memo-${Date.now()}@example.org` } })).id;
  token = (await createApiToken(db, ownerId, { name: "breakdown memo", scopes: ["read"] })).token;
  const ids = (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" }, select: { benchmarkId: true } })).map(
    (i) => i.benchmarkId,
  );
  const rows = ids.map((id) =>
    JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `memo ${id}`, confidence: 0.8 }] }),
  );
  const created = await createSubmission(db, {
    ownerId,
    track: "task1",
    split: "full",
    benchmark: "demo",
    system: { name: `Breakdown Memo ${Date.now()}`, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(rows.join("\n")),
    visibility: "private",
  });
  if (!created.ok) throw new Error(created.message);
  submissionId = created.id;
  await scoreToEnd(db, submissionId);
  ({ GET } = (await import("@/app/api/v1/submissions/[id]/breakdown/route")) as unknown as { GET: Handler });
});
afterAll(() => db.$disconnect());

const breakdown = async (by: string) => {
  const request = new NextRequest(`http://127.0.0.1/api/v1/submissions/${submissionId}/breakdown?level=dimension&by=${by}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await GET(request, { params: Promise.resolve({ id: submissionId }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { groups: unknown[] };
};

describe("the per-dimension breakdown is computed once per upload and leaderboard version", () => {
  test("a second request runs no bootstrap; a version bump computes it again", async () => {
    bootstraps.calls = 0;
    const first = await breakdown("domain");
    const computed = bootstraps.calls;
    expect(first.groups.length).toBeGreaterThan(0);
    expect(computed).toBeGreaterThan(0);

    const second = await breakdown("domain");
    expect(second).toEqual(first);
    expect(bootstraps.calls).toBe(computed);

    // another grouping is another answer
    await breakdown("label");
    expect(bootstraps.calls).toBeGreaterThan(computed);
    const withLabels = bootstraps.calls;

    await db.$executeRawUnsafe(`UPDATE "LeaderboardVersion" SET version = version + 1 WHERE id = 1`);
    expect(await breakdown("domain")).toEqual(first);
    expect(bootstraps.calls).toBe(withLabels + computed);
  });
});
