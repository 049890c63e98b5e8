import { afterAll, describe, expect, inject, test } from "vitest";
import path from "node:path";
import { createPrismaClient } from "@/lib/db/create-client";
import { importRealData } from "@/lib/benchmarks/alpsbench/data/import/import-real-data";
import { storedDigest } from "@/lib/benchmarks/alpsbench/bench/stored-digest";

/**
 * What the import stores, row for row and figure for figure, pinned: the mini packets imported as `npm start` does
 * (instances, gold, pools, then the BM25, trivial and lookup reference rows scored and stored), with a fixed pool
 * seed. DIGEST_BEFORE was taken on main at e7aed20, before the import's write was reworked for speed (issue 29);
 * a change meant to make the import faster must leave it as it is. A change that means to store something else
 * (a new scorer version, another pool builder) takes a new digest and says so in its commit.
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const PACKETS = path.resolve("tests/fixtures/datasets/packets-mini");

const DIGEST_BEFORE = {
  DatasetImport: { rows: 1, md5: "4ce9d4410e23e4033c43ba08c98cb8c6" },
  Instance: { rows: 18, md5: "e3fdeae1b5b2aae6de4cbf1bf596d52b" },
  InstanceGold: { rows: 18, md5: "c0641a620c42256dd372d9d69acd0003" },
  InstancePool: { rows: 10, md5: "8847c69bfa631f44635b076348b3736f" },
  InstanceResult: { rows: 60, md5: "618d7a69412caad0768a7350a504fb9a" },
  PoolMemory: { rows: 3, md5: "2b2509744f185b1d937d0305d5e97159" },
  PredictionValue: { rows: 2, md5: "b2d3cf0991aeaffc3b126c37ed04f202" },
  Score: { rows: 67, md5: "579c5bbfbf21063d4c5aca256cffea05" },
  SplitScore: { rows: 67, md5: "27fe27e23639e7ae17109acd9fdd5000" },
  Submission: { rows: 7, md5: "694659e6c572f600cad250eb34e2ab25" },
};

describe("what the import stores", () => {
  test("the mini packets and their reference rows: the same rows and figures as before the import was made faster", async () => {
    const slug = "t-stored-digest";
    const benchmark = await db.benchmarkVersion.create({
      data: { slug, name: slug, description: "test", source: "test", poolSeed: "stored-digest-test" },
    });
    await importRealData(db, PACKETS, () => undefined, { benchmark: slug });
    const digest = await storedDigest(db, benchmark.id);
    // not vacuous: the import stored instances, pools and scored reference rows
    expect(digest.Instance!.rows).toBeGreaterThan(0);
    expect(digest.InstancePool!.rows).toBeGreaterThan(0);
    expect(digest.Score!.rows).toBeGreaterThan(0);
    expect(digest.InstanceResult!.rows).toBeGreaterThan(0);
    expect(digest).toEqual(DIGEST_BEFORE);
  });
});
