import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { isLongValue, valueSkeleton } from "@/lib/benchmarks/alpsbench/contamination/predicted-values";
import { TASK3_CANDIDATE } from "@/lib/benchmarks/alpsbench/contamination/public-value-index";
import { createPrismaClient } from "@/lib/db/create-client";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { loadPublicValueIndex } from "@/lib/benchmarks/alpsbench/contamination/contamination-check";
import { importDatasetFromDir } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const PACKETS = path.resolve("tests/fixtures/datasets/packets-mini");

describe("the contamination check's index of public values", () => {
  test("holds every Task 3 candidate value, although pools are stored by reference (PoolMemory), not inline", async () => {
    const benchmark = await db.benchmarkVersion.create({ data: { slug: `t-contamination-index-${Date.now()}`, name: "t", description: "t", source: "t" } });
    await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug });
    const expected = new Set<string>();
    for (const size of POOL_SIZES) {
      for (const instance of await getScorableInstances(db, benchmark.id, `task3/d${size}` as TrackId)) {
        for (const c of (instance.input as { candidate_memories: { value: string }[] }).candidate_memories) {
          const key = valueSkeleton(c.value);
          if (key !== null && isLongValue(c.value)) expected.add(key);
        }
      }
    }
    expect(expected.size).toBeGreaterThan(0);
    const index = await loadPublicValueIndex(db, benchmark.id);
    const candidates = [...index.sources].filter(([, mask]) => mask & TASK3_CANDIDATE).map(([s]) => s);
    expect(candidates.sort()).toEqual([...expected].sort());
  });
});
