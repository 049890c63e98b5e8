import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { instanceSearchSql, matchingInstanceIds } from "@/lib/benchmarks/alpsbench/read/queries/instance-search";
import { proxy } from "@/proxy";
import { NextRequest } from "next/server";

/**
 * Item search on the seeded demo data: answered from the trigram indexes (migration instance_search_trigram), with
 * the same instances as the unindexed ILIKE it replaced, and bounded per client address (the proxy's `search`
 * bucket: 429 once an address has used it, while other addresses and non-search requests go on).
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

/** The search as it was before the indexes (942294c): one ILIKE over the joined rows. */
async function unindexed(submissionId: string, scoreVersion: string, track: string, q: string): Promise<string[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT i.id FROM "InstanceResult" r
      JOIN "Instance" i ON i.id = r."instanceId"
      LEFT JOIN "InstanceGold" g ON g."instanceId" = i.id
    WHERE r."submissionId" = ${submissionId} AND r."scoreVersion" = ${scoreVersion} AND i."trackId" = ${track}
      AND i.split::text IN ('dev', 'validation')
      AND (i."benchmarkId" ILIKE ${pattern} OR i.input::text ILIKE ${pattern} OR g.gold::text ILIKE ${pattern})`;
  return rows.map((r) => r.id).sort();
}

async function demoRun() {
  const demo = await db.submission.findFirstOrThrow({
    where: { id: { startsWith: "seed-demo-" }, status: "done", tracks: { has: "task1" } },
    orderBy: { id: "asc" },
  });
  const result = await db.instanceResult.findFirstOrThrow({
    where: { submissionId: demo.id, instance: { trackId: "task1", split: { in: ["dev", "validation"] } } },
    include: { instance: { include: { gold: true } } },
  });
  return { demo, result };
}

describe("item search", () => {
  test("returns what the unindexed ILIKE returned: ids, dialogue and gold text, any case, LIKE characters literal", async () => {
    const { demo, result } = await demoRun();
    const word = (text: string) => (text.match(/[A-Za-z]{5,}/g) ?? [])[0]!;
    const inputWord = word(JSON.stringify(result.instance.input));
    const goldWord = word(JSON.stringify(result.instance.gold?.gold ?? {}));
    const queries = [result.instance.benchmarkId, inputWord.toUpperCase(), goldWord, "no such text anywhere zq", "%", "_", "a\\b", "e"];
    let nonEmpty = 0;
    for (const q of queries) {
      const expected = await unindexed(demo.id, result.scoreVersion, "task1", q);
      const found = (await matchingInstanceIds(db, demo.id, result.scoreVersion, "task1", q)).sort();
      expect(found, q).toEqual(expected);
      if (found.length > 0) nonEmpty++;
    }
    // the comparison is not vacuous: the id, the dialogue word, the gold word and "e" find something
    expect(nonEmpty).toBeGreaterThanOrEqual(4);
  });

  test("the plan reads the trigram indexes of the id, the dialogue and the gold", async () => {
    const { demo, result } = await demoRun();
    // the demo tables are small enough for a sequential scan to be cheaper: forbid it, so the plan shows whether
    // the query can be answered from an index at all (before the migration it could not, whatever the settings)
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN ${instanceSearchSql(demo.id, result.scoreVersion, "task1", "no such text anywhere zq")}`,
      );
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Instance_input_trgm_idx/);
    expect(plan).toMatch(/InstanceGold_gold_trgm_idx/);
    expect(plan).toMatch(/Instance_benchmarkId_trgm_idx/);
  });

  test("searches are bounded per client address by the proxy: 429 with Retry-After, other addresses unaffected", async () => {
    const { demo } = await demoRun();
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const request = (path: string, from: string) => new NextRequest(`http://localhost${path}`, { headers: { "x-forwarded-for": from } });
    const limit = Number(process.env.RATE_LIMIT_SEARCHES_PER_MINUTE ?? 60);
    const search = `/api/v1/submissions/${demo.id}/instances?q=tea`;
    let refused: Response | null = null;
    for (let i = 0; i <= limit && !refused; i++) {
      const response = await proxy(request(search, address));
      if (response.status === 429) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toMatch(/item searches from your address/);
    // the same address without a search, and another address searching, are not refused
    expect((await proxy(request(`/api/v1/submissions/${demo.id}/instances`, address))).status).not.toBe(429);
    expect((await proxy(request(search, "203.0.113.7"))).status).not.toBe(429);
    // a search on the submission page counts too
    expect((await proxy(request(`/submissions/${demo.id}?q=tea`, address))).status).toBe(429);
  });
});
