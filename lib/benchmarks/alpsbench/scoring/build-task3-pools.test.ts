import { describe, expect, test } from "vitest";
import { bm25Select } from "./bm25-select";
import { createTask3PoolSource } from "./build-task3-pools";
import { normalize } from "./normalize";
import { seededRandom } from "@/lib/stats/seeded-random";
import { buildTask3Pools, buildTask3PoolsForInstance } from "@/tests/helpers/alpsbench/scoring/task3-pools";

// 60 users with 30 memories each, some values shared across users and some
// differing only in case/punctuation, so de-duplication has work to do.
const memories = Array.from({ length: 60 * 30 }, (_, k) => {
  const user = `u${Math.floor(k / 30)}`;
  const n = k % 30;
  const value = n < 3 ? `Shared hobby number ${n}` : n === 3 ? `likes TEA!!` : `${user} memory ${n} about topic ${(k * 7) % 13}`;
  return { userKey: user, value, label: `Domain${n % 4}/Aspect` };
});
const instances = Array.from({ length: 8 }, (_, i) => ({
  benchmarkId: `sess_${i}`,
  userKey: `u${i}`,
  query: `question about topic ${i}`,
  target: { value: `u${i} memory 10 about topic ${(i * 30 * 7 + 70) % 13}`, label: "Domain2/Aspect" },
}));
const opts = { seed: "test-seed", sizes: [100, 300, 500, 700, 1000] };
const pools = buildTask3Pools(instances, memories, opts);

/**
 * The candidate ids as they were first defined (string-built, repeats checked on the strings): a stored pool's
 * ids must never change with a faster implementation, or every re-import would see every pool as changed.
 */
function referenceIds(seed: string, benchmarkId: string, size: number, count: number): string[] {
  const rand = seededRandom(`${seed}|${benchmarkId}|${size}|ids`);
  const used = new Set<string>();
  return Array.from({ length: count }, () => {
    let id = "";
    while (!id || used.has(id)) {
      const hi = Math.floor(rand() * 0x100)
        .toString(16)
        .padStart(2, "0");
      const lo = Math.floor(rand() * 0x100000000)
        .toString(16)
        .padStart(8, "0");
      id = `c${hi}${lo}`;
    }
    used.add(id);
    return id;
  });
}

describe("buildTask3Pools", () => {
  test("candidate ids are exactly the reference stream's, in list order", () => {
    for (const pool of pools) {
      expect(
        pool.candidates.map((c) => c.memory_id),
        `${pool.benchmarkId} d${pool.size}`,
      ).toEqual(referenceIds(opts.seed, pool.benchmarkId, pool.size, pool.candidates.length));
    }
  });

  test("one pool per instance and size, in instance-major order", () => {
    expect(pools.map((p) => `${p.benchmarkId}:${p.size}`).slice(0, 6)).toEqual([
      "sess_0:100",
      "sess_0:300",
      "sess_0:500",
      "sess_0:700",
      "sess_0:1000",
      "sess_1:100",
    ]);
  });

  test.each(pools.filter((p) => p.benchmarkId === "sess_0" || p.benchmarkId === "sess_5").map((p) => [`${p.benchmarkId} d${p.size}`, p] as const))(
    "%s: target + N distinct distractors from other users, fresh unique ids",
    (_n, pool) => {
      const inst = instances.find((i) => i.benchmarkId === pool.benchmarkId)!;
      const ownValues = new Set(memories.filter((m) => m.userKey === inst.userKey).map((m) => normalize(m.value).trim()));
      expect(pool.candidates.length).toBe(pool.size + 1);
      const ids = pool.candidates.map((c) => c.memory_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => /^c[0-9a-f]{10}$/.test(id))).toBe(true);
      const gold = pool.candidates.filter((c) => c.memory_id === pool.goldCandidateId);
      expect(gold.map((c) => c.value)).toEqual([inst.target.value]);
      const keys = pool.candidates.map((c) => normalize(c.value).trim());
      expect(new Set(keys).size).toBe(keys.length);
      const distractors = pool.candidates.filter((c) => c.memory_id !== pool.goldCandidateId);
      // No distractor repeats one of the user's own memories (shared values included).
      expect(distractors.filter((c) => ownValues.has(normalize(c.value).trim()))).toEqual([]);
    },
  );

  test("is reproducible, nested across sizes, and changes with the seed", () => {
    expect(buildTask3Pools(instances, memories, opts)).toEqual(pools);
    const byId = (id: string, size: number) => pools.find((p) => p.benchmarkId === id && p.size === size)!;
    const small = new Set(byId("sess_2", 100).candidates.map((c) => c.value));
    const big = new Set(byId("sess_2", 300).candidates.map((c) => c.value));
    expect([...small].every((v) => big.has(v))).toBe(true);
    const other = buildTask3Pools(instances, memories, { ...opts, seed: "other" });
    expect(other[0]!.candidates.map((c) => c.value)).not.toEqual(pools[0]!.candidates.map((c) => c.value));
  });

  test("the gold position is spread over the list (ids do not give the target away)", () => {
    const positions = pools.map((p) => p.candidates.findIndex((c) => c.memory_id === p.goldCandidateId) / p.candidates.length);
    expect(Math.min(...positions)).toBeLessThan(0.4);
    expect(Math.max(...positions)).toBeGreaterThan(0.6);
  });

  test("too few distinct distractors: pool is short and says so", () => {
    const source = createTask3PoolSource(memories.slice(0, 90));
    const [pool] = buildTask3PoolsForInstance(source, instances[0]!, { seed: 1, sizes: [100] });
    expect(pool!.candidates.length).toBeLessThan(101);
    expect(pool!.problems.join()).toMatch(/only \d+ distinct distractors/);
  });
});

describe("BM25 baseline", () => {
  const cands = [
    { memory_id: "a", value: "Enjoys hiking in the Alps on weekends" },
    { memory_id: "b", value: "Works as a data engineer in Munich" },
    { memory_id: "c", value: "Allergic to peanuts" },
  ];
  test.each([
    ["picks the candidate sharing rare query terms", "Which weekend hiking trips would I like?", "a"],
    ["job question", "What does my data engineer job involve?", "b"],
    ["no overlap falls back to the first candidate (argmax of zeros)", "zzz", "a"],
    ["stop words alone do not count", "the and of", "a"],
  ])("%s", (_n, q, want) => {
    expect(bm25Select(q, cands).selectedMemoryId).toBe(want);
  });

  test("empty pool selects nothing", () => {
    expect(bm25Select("q", []).selectedMemoryId).toBeNull();
  });
});
