import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { pageInputs } from "@/lib/db/queries/submission-inputs";
import { importDatasetFromDir } from "@/lib/pipeline/import-dataset";
import { SERVER_POOL_LABELS } from "@/lib/pipeline/server-pools";
import type { Task3PoolVersion } from "@/lib/scoring/build-task3-pools";
import { task3ShortcutRecall } from "@/lib/scoring/testing/task3-shortcut";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const PACKETS = path.resolve("tests/fixtures/datasets/packets-mini");

/** Imports the fixture packets into a fresh data version with the given pool version; its Task 3 d100 inputs as served. */
async function importWith(poolVersion: Task3PoolVersion) {
  const benchmark = await db.benchmarkVersion.create({
    data: { slug: `t-pools-${poolVersion}-${Date.now()}`, name: "t", description: "t", source: "t" },
  });
  await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug, poolVersion });
  const served = await pageInputs(db, { benchmarkVersionId: benchmark.id, track: "task3/d100", split: null }, null, 1000);
  const task2 = await pageInputs(db, { benchmarkVersionId: benchmark.id, track: "task2", split: null }, null, 1000);
  const gold = await db.instanceGold.findMany({
    where: { instance: { benchmarkVersionId: benchmark.id, trackId: "task3/d100" } },
    select: { gold: true, instance: { select: { benchmarkId: true, meta: true } } },
  });
  const goldOf = new Map(gold.map((g) => [g.instance.benchmarkId, (g.gold as { selected_memory_id: string }).selected_memory_id]));
  const pools = served.map((row) => ({
    benchmarkId: row.benchmarkId,
    candidates: (row.input as { candidate_memories: { memory_id: string; value: string }[] }).candidate_memories,
    goldId: goldOf.get(row.benchmarkId)!,
  }));
  const shortcut = task3ShortcutRecall(
    pools,
    task2.map((row) => ({ benchmarkId: row.benchmarkId, memory: (row.input as { memory: { value: string }[] }).memory })),
  );
  return { benchmark, served, task2, gold, shortcut };
}

describe("Task 3 pool versions, as imported and served", () => {
  test("v1 (the stored data version's): the same dialogue's public Task 2 input names every target", async () => {
    const { gold, shortcut } = await importWith("v1");
    expect(gold.every((g) => (g.instance.meta as { poolSource?: string }).poolSource === SERVER_POOL_LABELS.v1)).toBe(true);
    expect(shortcut.n).toBeGreaterThan(0);
    expect(shortcut).toMatchObject({ linked: shortcut.n, shortcut: 1 });
  });

  test("v2: served under opaque ids no Task 2 input shares, the shortcut is a random pick, the version recorded", async () => {
    const { served, task2, gold, shortcut } = await importWith("v2");
    expect(served.length).toBeGreaterThan(0);
    const task2Ids = new Set(task2.map((row) => row.benchmarkId));
    for (const row of served) {
      expect(row.benchmarkId).toMatch(/^t3_[0-9a-f]{24}$/);
      expect(task2Ids.has(row.benchmarkId)).toBe(false);
      expect(JSON.stringify(row.input)).not.toMatch(/sess_/);
    }
    expect(gold.every((g) => (g.instance.meta as { poolSource?: string }).poolSource === SERVER_POOL_LABELS.v2)).toBe(true);
    expect(shortcut.linked).toBe(0);
    expect(shortcut.shortcut).toBeCloseTo(shortcut.random, 12);
  });
});
