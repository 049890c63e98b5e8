import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { seedBm25Baseline } from "@/lib/benchmarks/alpsbench/data/seeds/seed-bm25-baseline";
import { bm25Select } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const WORDS = "tea coffee bern zurich likes lives cat dog runs piano guitar python rust hiking ski chocolate".split(" ");
/**
 * Task 3 pools at every size with real BM25 choices to make (the mini packets' pools hold 2-3 candidates that
 * all score 0): shared memories across pools, duplicate values (exact ties), token-less values, unmatched queries.
 */
function generatedPools(): NormalizedInstance[] {
  const rand = seededRandom("bm25-baseline-test");
  const phrase = (n: number) => Array.from({ length: n }, () => WORDS[randomInt(rand, WORDS.length)]).join(" ");
  const memories = Array.from({ length: 120 }, (_, i) => ({
    value: i % 13 === 0 ? "" : i % 11 === 0 ? "likes tea" : phrase(1 + randomInt(rand, 6)),
    label: `label ${i % 4}`,
  }));
  const instances: NormalizedInstance[] = [];
  for (const size of POOL_SIZES) {
    for (let k = 0; k < 12; k++) {
      const candidates = Array.from({ length: 5 + randomInt(rand, 40) }, (_, i) => ({
        memory_id: `m${size}-${k}-${i}`,
        ...memories[randomInt(rand, memories.length)]!,
      }));
      instances.push({
        track: `task3/d${size}` as Extract<TrackId, `task3/${string}`>,
        benchmarkId: `q${k}`,
        split: "dev",
        sessionId: `s${k}`,
        input: { query: k % 5 === 4 ? "nothing matches" : phrase(1 + randomInt(rand, 4)), candidate_memories: candidates },
        gold: { selected_memory_id: candidates[0]!.memory_id, selected_memory: candidates[0]! },
        meta: { source: "demo", poolSize: size },
      } as NormalizedInstance);
    }
  }
  return instances;
}

describe("the server's BM25 baseline", () => {
  test("selects, on every stored pool, what bm25Select picks from the pool's candidates as every reader rebuilds them", async () => {
    const benchmark = await db.benchmarkVersion.create({ data: { slug: `t-bm25-${Date.now()}`, name: "t", description: "t", source: "t" } });
    const generated = generatedPools();
    await importInstances(db, generated, { benchmark: benchmark.slug, layout: "demo", sourcePath: "generated" });
    expect(await seedBm25Baseline(db, benchmark.id, benchmark.slug)).toBe("created");
    const stored = await db.instanceResult.findMany({
      where: { submissionId: `seed-bm25-${benchmark.slug}` },
      select: { detail: true, instance: { select: { trackId: true, benchmarkId: true } } },
    });
    const selected = new Map(stored.map((r) => [`${r.instance.trackId} ${r.instance.benchmarkId}`, (r.detail as { selected: string | null }).selected]));
    let compared = 0;
    let notFirst = 0;
    for (const size of POOL_SIZES) {
      const track = `task3/d${size}` as TrackId;
      for (const instance of await getScorableInstances(db, benchmark.id, track)) {
        const input = instance.input as { query: string; candidate_memories: { memory_id: string; value: string }[] };
        const expected = bm25Select(input.query, input.candidate_memories);
        // what the importer was given, not only what it stored
        const original = generated.find((i) => i.track === track && i.benchmarkId === instance.benchmarkId)!;
        expect(bm25Select(input.query, (original.input as typeof input).candidate_memories)).toEqual(expected);
        expect(selected.get(`${track} ${instance.benchmarkId}`), `${track} ${instance.benchmarkId}`).toBe(expected.selectedMemoryId);
        if (expected.selectedIndex !== 0) notFirst += 1;
        compared += 1;
      }
    }
    expect(compared).toBe(stored.length);
    expect(compared).toBeGreaterThan(0);
    // the pick is not trivially the first candidate
    expect(notFirst).toBeGreaterThan(0);
    expect(await seedBm25Baseline(db, benchmark.id, benchmark.slug)).toBe("unchanged");
  });
});
