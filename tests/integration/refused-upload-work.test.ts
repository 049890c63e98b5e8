import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { validateUpload } from "@/lib/benchmarks/alpsbench/upload/validate-upload";
import { ApiError } from "@/lib/http/api-error";
import { chargedUpload, refusedWorkPoints } from "@/lib/security/upload-work";
import { KNOWN_IDS } from "@/tests/fixtures/uploads/cases";

/**
 * Issue 19 #10: a refused upload was free (nothing stored, nothing counted), so a bomb could be sent again and
 * again. The upload route runs every upload through chargedUpload: a refusal is charged to its uploader by the
 * MiB it made the server read and decompress, in a PostgreSQL bucket every web process shares, and once the hour's
 * allowance (RATE_LIMIT_REFUSED_UPLOAD_MB_PER_HOUR; 100 here) is used up the next upload is refused with 429
 * before a byte of it is read.
 */
const databaseUrl = inject("databaseUrl");
let pool: pg.Pool;

beforeAll(() => {
  // the rate limiter's store is the site's database (lib/security/rate-limit.ts reads DATABASE_URL)
  process.env.DATABASE_URL = databaseUrl;
  // a small hour's allowance, so a few 30 MB refusals use it up (the default is 2048 MiB)
  process.env.RATE_LIMIT_REFUSED_UPLOAD_MB_PER_HOUR = "100";
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
});
afterAll(() => pool.end());

const MB = 1024 * 1024;

/** A refused upload as the route sees one: a gzip file of valid rows and then a bad line, validated for real. */
async function refusedBomb(budget: Parameters<Parameters<typeof chargedUpload>[2]>[0]): Promise<Response> {
  const ids = KNOWN_IDS.task1 as readonly string[];
  const value = "x".repeat(MB);
  async function* body(): AsyncGenerator<Uint8Array> {
    const { gzipSync } = await import("node:zlib");
    const rows = Array.from({ length: 30 }, (_, i) => JSON.stringify({ benchmark_id: ids[i % ids.length], memory_items: [{ value }] })).join("\n");
    const file = gzipSync(`${rows}\n{not json\n`);
    budget.receivedBytes += file.length;
    yield file;
  }
  const result = await validateUpload(body(), {
    track: "task1",
    knownIds: new Set(ids),
    limits: { maxBytes: 200 * MB, maxDecompressedBytes: 1024 * MB, maxProblems: 5 },
    budget,
  });
  return Response.json({ code: result.code }, { status: result.ok ? 202 : 422 });
}

describe("refused uploads are charged to the uploader", () => {
  test("a refused ~30 MB upload is charged its MiB; once 100 MiB are used, the next is refused with 429, unread", async () => {
    const userId = `work-${Date.now()}`;
    let ran = 0;
    const statuses: number[] = [];
    let charged = 0;
    for (let i = 0; i < 6; i += 1) {
      const response = await chargedUpload(userId, 1024 * MB, async (budget) => {
        ran += 1;
        const answer = await refusedBomb(budget);
        charged += refusedWorkPoints(budget);
        return answer;
      });
      statuses.push(response.status);
    }
    // each refusal made the server decompress about 30 MiB: the fourth passes the hour's 100
    expect(charged / ran).toBeGreaterThan(30);
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    expect(ran).toBe(4);
    const stored = await pool.query<{ points: number }>(`SELECT points FROM "RateLimit" WHERE key = $1`, [`upload_work:user:${userId}`]);
    expect(stored.rows[0]?.points).toBeGreaterThan(100);
  });

  test("accepted uploads and other users are not charged", async () => {
    const userId = `work-ok-${Date.now()}`;
    for (let i = 0; i < 3; i += 1) {
      const response = await chargedUpload(userId, 1024 * MB, async (budget) => {
        budget.receivedBytes += 1000 * MB;
        return Response.json({}, { status: 202 });
      });
      expect(response.status).toBe(202);
    }
    const stored = await pool.query(`SELECT points FROM "RateLimit" WHERE key = $1`, [`upload_work:user:${userId}`]);
    expect(stored.rowCount).toBe(0);
  });

  test("a refusal the upload throws (answered at the route's edge) is charged as one it answers; a 500 is not", async () => {
    const userId = `work-thrown-${Date.now()}`;
    const refusal = new ApiError("invalid_file", "line 3: not JSON");
    const refused = chargedUpload(userId, 1024 * MB, async (budget) => {
      budget.receivedBytes += 5 * MB;
      throw refusal;
    });
    await expect(refused).rejects.toBe(refusal);
    const stored = await pool.query<{ points: number }>(`SELECT points FROM "RateLimit" WHERE key = $1`, [`upload_work:user:${userId}`]);
    expect(stored.rows[0]?.points).toBe(refusedWorkPoints({ workBytes: 5 * MB }));

    const brokenId = `work-broken-${Date.now()}`;
    const broken = chargedUpload(brokenId, 1024 * MB, async (budget) => {
      budget.receivedBytes += 5 * MB;
      throw new Error("the server's own fault");
    });
    await expect(broken).rejects.toThrow("the server's own fault");
    expect((await pool.query(`SELECT points FROM "RateLimit" WHERE key = $1`, [`upload_work:user:${brokenId}`])).rowCount).toBe(0);
  });
});
