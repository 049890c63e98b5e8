import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createPrismaClient } from "@/lib/db/create-client";
import { scoredDemoTask1Upload, settleLeftoverQueue } from "./upload-helpers";

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
  ({ token, submissionId } = await scoredDemoTask1Upload(db, "breakdown-memo"));
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
