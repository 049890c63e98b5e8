import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { createIndexedBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import { lookupPositions, releasedTask3Of } from "./public-lookup";
import { opaqueTask3Id, SERVER_POOL_LABELS, withCompactServerPools } from "./server-pools";
import type { PooledInstance } from "../data/import/write-instances";

/**
 * server-pools-v3 (the default before v4): other users' memories drawn uniformly, de-duplicated, (distractors from other users' memories) under opaque ids, on
 * the real packets when they are here, else the fixture packets. It measures what docs/task3-pools.md states: the
 * open book (a lookup through the released packets finds the target) and BM25 beside the paper's reported figure.
 */
const real = path.resolve(import.meta.dirname, "../../../../../shared/data/alpsbench");
const isReal = existsSync(path.join(real, "packets/manifest.json"));
const dir = isReal ? real : path.resolve(import.meta.dirname, "../../../../tests/fixtures/datasets/packets-mini");
const SEED = "server-pools-test-seed";

/**
 * The authors' BM25 (bm25-select.ts: NLTK tokens, Porter stemming, BM25Okapi) on v3 pools of the real data, recorded with SEED, and how far
 * a figure may stray: a pool draw under another seed moves it by about one standard error (sqrt(0.2 * 0.8 / 2272)
 * ≈ 0.008), so 0.025 is three; a change to the tokeniser, the scorer or the draw moves it further. The paper's
 * nltk+bm25 (Porter stemming) reports 0.2592 at d100 and 0.1393 at d1000; the gap is explained in docs/task3-pools.md
 * (lib/benchmarks/alpsbench/bench/task3-pool-figures.ts prints these figures).
 */
const BM25_RECORDED: Record<number, number> = { 100: 0.232, 300: 0.1633, 500: 0.136, 700: 0.1206, 1000: 0.1039 };
const BM25_TOLERANCE = 0.025;

let instances: NormalizedInstance[] = [];
let pools: PooledInstance[] = [];
beforeAll(async () => {
  instances = await readPacketsLayout(dir);
  pools = withCompactServerPools(instances, SEED, undefined, "v3").filter((i): i is PooledInstance => "pool" in i);
}, 600_000);

const released = () => instances.filter((i) => i.track === "task3/d100");
const key = (v: unknown) => normalize(v).trim();

/** A track's pools as distinct values and index lists (the shape the server's readers use). */
function indexed(track: string) {
  const values: string[] = [];
  const at = new Map<object, number>();
  const list = pools.filter((p) => p.track === track);
  const refs = list.map((p) => ({
    query: p.pool.query,
    gold: p.pool.goldIndex,
    memoryIndexes: p.pool.members.map((m) => {
      let k = at.get(m);
      if (k === undefined) at.set(m, (k = values.push(m.value) - 1));
      return k;
    }),
  }));
  return { values, refs };
}

describe(`server-pools-v3, the paper's protocol (${isReal ? "real packets" : "fixture packets"})`, () => {
  test("opaque instance ids; distractors never from the target's own session; larger pools extend smaller ones", { timeout: 600_000 }, () => {
    const own = new Map<string, Set<string>>();
    for (const i of instances) {
      if (i.track !== "task1" || i.gold === null) continue;
      own.set(i.sessionId ?? i.benchmarkId, new Set(i.gold.memory_items.map((m) => key(m.value))));
    }
    const bySession = new Map<string, PooledInstance[]>();
    for (const p of pools) {
      expect(p.benchmarkId).toBe(opaqueTask3Id(SEED, p.sessionId!, "v3"));
      expect(p.benchmarkId).not.toBe(opaqueTask3Id(SEED, p.sessionId!, "v2"));
      expect(p.meta).toMatchObject({ poolSource: SERVER_POOL_LABELS.v3 });
      const target = p.pool.members[p.pool.goldIndex]!;
      expect(target.value).toBe(p.gold!.selected_memory.value);
      const mine = own.get(p.sessionId!) ?? new Set();
      for (const m of p.pool.members) if (m !== target) expect(mine.has(key(m.value))).toBe(false);
      bySession.set(p.sessionId!, [...(bySession.get(p.sessionId!) ?? []), p]);
    }
    for (const list of bySession.values()) {
      const sets = list.sort((a, b) => a.pool.size - b.pool.size).map((p) => new Set(p.pool.members));
      for (let k = 1; k < sets.length; k++) for (const m of sets[k - 1]!) expect(sets[k]!.has(m)).toBe(true);
    }
    expect(bySession.size).toBe(released().length);
  });

  test.each(POOL_SIZES)("d%i: the lookup through the released packets (query -> task3_selected_memory) finds the target", (size) => {
    const { values, refs } = indexed(`task3/d${size}`);
    const picks = lookupPositions(releasedTask3Of(instances), values, refs);
    const recall = picks.filter((k, i) => k === refs[i]!.gold).length / refs.length;
    process.stderr.write(`[v3] d${size}: lookup recall ${recall.toFixed(4)} (n ${refs.length})\n`);
    expect(refs.length).toBe(released().length);
    expect(recall).toBeGreaterThan(0.95);
  });

  test.runIf(isReal)("BM25 computed here on v3 pools stays within the stated tolerance of its recorded figure at every size", { timeout: 600_000 }, () => {
    const off: string[] = [];
    for (const size of POOL_SIZES) {
      const { values, refs } = indexed(`task3/d${size}`);
      const select = createIndexedBm25Selector(values);
      const bm25 = refs.filter((r) => select(r.query, r.memoryIndexes).selectedIndex === r.gold).length / refs.length;
      const first = refs.filter((r) => r.gold === 0).length / refs.length;
      const random = refs.reduce((s, r) => s + 1 / r.memoryIndexes.length, 0) / refs.length;
      process.stderr.write(`[v3] d${size}: BM25 ${bm25.toFixed(4)}, first candidate ${first.toFixed(4)}, random (expected) ${random.toFixed(4)}\n`);
      if (Math.abs(bm25 - BM25_RECORDED[size]!) > BM25_TOLERANCE) off.push(`d${size}: ${bm25.toFixed(4)} against ${BM25_RECORDED[size]}`);
    }
    expect(off).toEqual([]);
  });
});
