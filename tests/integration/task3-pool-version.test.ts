import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { importDatasetFromDir } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { DEFAULT_POOL_VERSION, SERVER_POOL_LABELS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { task3ShortcutRecall } from "@/tests/helpers/alpsbench/scoring/task3-shortcut";
import { bytes } from "./upload-helpers";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const PACKETS = path.resolve("tests/fixtures/datasets/packets-mini");

/** Imports the fixture packets into a fresh data version with the given pool version; its Task 3 d100 inputs as served. */
async function importWith(poolVersion: Task3PoolVersion | undefined) {
  const benchmark = await db.benchmarkVersion.create({
    data: { slug: `t-pools-${poolVersion ?? "default"}-${Date.now()}`, name: "t", description: "t", source: "t" },
  });
  await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug, ...(poolVersion ? { poolVersion } : {}) });
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
  test("v1: the same dialogue's public Task 2 input names every target; a later import keeps v1 and refuses v2", async () => {
    const { benchmark, gold, shortcut } = await importWith("v1");
    expect(gold.every((g) => (g.instance.meta as { poolSource?: string }).poolSource === SERVER_POOL_LABELS.v1)).toBe(true);
    expect(shortcut.n).toBeGreaterThan(0);
    expect(shortcut).toMatchObject({ linked: shortcut.n, shortcut: 1 });
    // the stored figures were scored on v1: an import that does not ask keeps it, one that asks for v2 is refused
    expect(await storedPoolVersion(db, benchmark.slug)).toBe("v1");
    expect(await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug })).toMatchObject({ inserted: 0, updated: 0 });
    await expect(importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug, poolVersion: "v2" })).rejects.toThrow(
      /holds Task 3 pools server-pools-v1.*--benchmark <new-slug> --pool-version v2/,
    );
    expect(await db.instance.count({ where: { benchmarkVersionId: benchmark.id, benchmarkId: { startsWith: "t3_" } } })).toBe(0);
  });

  test("a fresh data version is imported with v4, the authors' pools, by default (what npm start and alpsbench import build)", async () => {
    expect(DEFAULT_POOL_VERSION).toBe("v4");
    const { benchmark, gold, shortcut, served } = await importWith(undefined);
    expect(gold.every((g) => (g.instance.meta as { poolSource?: string }).poolSource === SERVER_POOL_LABELS.v4)).toBe(true);
    expect(await storedPoolVersion(db, benchmark.slug)).toBe("v4");
    for (const row of served) expect(row.benchmarkId).toMatch(/^t3_[0-9a-f]{24}$/);
    expect(shortcut.linked).toBe(0);
  });

  test("a data version holding v2 keeps it on a re-import without --pool-version, and refuses v3 with the one command that moves it", async () => {
    const { benchmark } = await importWith("v2");
    expect(await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug })).toMatchObject({ inserted: 0, updated: 0 });
    expect(await storedPoolVersion(db, benchmark.slug)).toBe("v2");
    await expect(importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug, poolVersion: "v3" })).rejects.toThrow(
      /holds Task 3 pools server-pools-v2.*--benchmark <new-slug> --pool-version v3/,
    );
  });

  test.each(["v2", "v3"] as const)("a Task 3 file made on the released pools (session ids) is refused on %s with the fix, its ids not mapped", async (version) => {
    const { benchmark, task2 } = await importWith(version);
    const owner = await db.user.create({ data: { email: `released-ids-${Date.now()}@example.org` } });
    // the official harness on the released packets: benchmark_id is the session id, which Task 2 shares
    const rows = task2.map((row) => JSON.stringify({ benchmark_id: row.benchmarkId, selected_memory_id: "m_1", answer: "a", reason: "r" }));
    const answer = await createSubmission(db, {
      ownerId: owner.id,
      track: "task3/d100",
      split: "full",
      benchmark: benchmark.slug,
      system: { name: `Released ids ${Date.now()}`, kind: "general_llm" },
      fileName: "task3_d100.jsonl",
      body: bytes(rows.join("\n")),
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.message).toContain("released pools' session ids");
    expect(answer.message).toContain(SERVER_POOL_LABELS[version]);
    expect(answer.message).toContain(`GET /api/v1/inputs/task3-d100?benchmark=${benchmark.slug}`);
    expect(await db.submission.count({ where: { benchmarkVersionId: benchmark.id } })).toBe(0);
  });

  test("v4: a Task 3 file made on the released inputs (session ids, released candidate ids in upper case) is accepted", async () => {
    const { benchmark, gold } = await importWith("v4");
    const owner = await db.user.create({ data: { email: `released-ids-v4-${Date.now()}@example.org` } });
    // the released ids are the session ids; the server keeps them with the gold only
    const releasedIds = gold.map((g) => (g.gold as { released: { benchmark_id: string } }).released.benchmark_id);
    expect(releasedIds.every((id) => id.startsWith("sess_"))).toBe(true);
    const rows = releasedIds.map((id) => JSON.stringify({ benchmark_id: id, selected_memory_id: "M1", answer: "a", reason: "r" }));
    const answer = await createSubmission(db, {
      ownerId: owner.id,
      track: "task3/d100",
      split: "full",
      benchmark: benchmark.slug,
      system: { name: `Released ids v4 ${Date.now()}`, kind: "general_llm" },
      fileName: "task3_d100.jsonl",
      body: bytes(rows.join("\n")),
    });
    expect(answer.ok, answer.ok ? "" : answer.message).toBe(true);
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
