import { describe, expect, test } from "vitest";
import { bm25Select, createBm25Selector, createIndexedBm25Selector } from "./bm25-select";
import { readPacketsOnce } from "@/tests/helpers/alpsbench/data/real-packets";
import { requireSharedData, SHARED_DATA_DIR } from "@/tests/shared-data";
import { seededRandom, randomInt } from "@/lib/stats/seeded-random";

/**
 * The server scores its BM25 baseline from pools stored as memory indexes (createIndexedBm25Selector); the
 * picks and scores must be exactly those of bm25Select over the same candidates, ties included.
 */
const WORDS = "tea coffee bern zurich likes lives cat dog runs piano guitar python rust hiking ski chocolate the and of".split(" ");

function values(rand: () => number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = randomInt(rand, 10);
    if (kind === 0)
      out.push(""); // no tokens: scores 0
    else if (kind === 1 && out.length > 0)
      out.push(out[randomInt(rand, out.length)]!); // a duplicate value: an exact tie
    else out.push(Array.from({ length: 1 + randomInt(rand, 8) }, () => WORDS[randomInt(rand, WORDS.length)]).join(" "));
  }
  return out;
}

describe("createIndexedBm25Selector", () => {
  test("picks the same candidate with the same score as bm25Select on generated pools, ties included", () => {
    const rand = seededRandom("bm25-indexed");
    const memories = values(rand, 300);
    const select = createIndexedBm25Selector(memories);
    let ties = 0;
    let zero = 0;
    for (let pool = 0; pool < 400; pool++) {
      const size = 1 + randomInt(rand, 60);
      const indexes = Int32Array.from({ length: size }, () => randomInt(rand, memories.length));
      const query = pool % 7 === 0 ? "nothing matches here" : Array.from({ length: 1 + randomInt(rand, 5) }, () => WORDS[randomInt(rand, WORDS.length)]).join(" ");
      const candidates = Array.from(indexes, (m, i) => ({ memory_id: `c${i}`, value: memories[m]! }));
      const expected = bm25Select(query, candidates);
      const got = select(query, indexes);
      expect(got.selectedIndex, `pool ${pool}`).toBe(expected.selectedIndex);
      expect(Object.is(got.score, expected.score), `pool ${pool}: ${got.score} vs ${expected.score}`).toBe(true);
      // a tie: a later candidate with the chosen one's value (same document, same score), or nothing matched
      const chosen = expected.selectedIndex!;
      if (candidates.some((c, j) => j > chosen && c.value === candidates[chosen]!.value) || (expected.score === 0 && size > 1)) ties += 1;
      if (expected.score === 0) zero += 1;
    }
    // the sample really exercises ties (first candidate wins) and pools where nothing matches
    expect(ties).toBeGreaterThan(10);
    expect(zero).toBeGreaterThan(10);
  });

  test("an empty pool selects nothing", () => {
    expect(createIndexedBm25Selector(["a b"])("a", [])).toEqual({ selectedIndex: null, score: 0 });
  });
});

/**
 * The authors' BM25 on their released d100 pools (the packets' 101 candidates in their order, the pools that
 * server-pools-v4 serves at d100). The paper reports 0.2592 for nltk+bm25 at d100. Their pipeline (NLTK 3.10,
 * rank_bm25 0.2.2, numpy argmax) run outside this project on the same 2,272 pools picks exactly these candidates:
 * 571 hits, 0.2513. The remaining 0.008 is not in the code (every variant tried, older NLTK rules included, moves it
 * by at most 4 hits); the paper's run may have had other rows (the release lists 2,381 Task 3 rows).
 */
describe.skipIf(!requireSharedData)("the authors' BM25 on the released d100 pools", () => {
  test("recall 571 / 2,272 = 0.2513, within 0.01 of the paper's 0.2592", async () => {
    const instances = (await readPacketsOnce(SHARED_DATA_DIR)).filter((i) => i.track === "task3/d100");
    expect(instances).toHaveLength(2272);
    const select = createBm25Selector();
    let hits = 0;
    for (const instance of instances) {
      if (instance.track !== "task3/d100" || instance.gold === null) continue;
      const pick = select(instance.input.query, instance.input.candidate_memories);
      if (pick.selectedMemoryId === instance.gold.selected_memory_id) hits += 1;
    }
    expect(hits).toBe(571);
    expect(Math.abs(hits / instances.length - 0.2592)).toBeLessThan(0.01);
  }, 300_000);
});
