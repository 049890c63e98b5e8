import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { createIndexedBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import { readPacketsOnce } from "@/tests/helpers/alpsbench/data/real-packets";
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
 * The authors' BM25 (bm25-select.ts: NLTK tokens, Porter stemming, BM25Okapi) on v3's d100 pools of the real data,
 * recorded with SEED, and how far it may stray: a pool draw under another seed moves it by about one standard error
 * (sqrt(0.2 * 0.8 / 2272) ≈ 0.008), so 0.025 is three; a change to the tokeniser, the scorer or the draw moves it
 * further. The paper's nltk+bm25 (Porter stemming) reports 0.2592 at d100; the gap is explained in
 * docs/task3-pools.md. The figures at d300-d1000 (informational, the docs' v3 column) are checked against their
 * record by lib/benchmarks/alpsbench/bench/task3-pool-figures.ts: BM25 over 2,272 pools of up to 1,001 candidates
 * was 15 s of this file, and what moves them is caught here and cheaper: a tokeniser or scorer change by this d100
 * figure and the exact 571 hits of bm25-select.test.ts and server-pools-v4.test.ts, a change of the larger draws by
 * the first test (full size, de-duplicated, other users only, extending the smaller pool).
 */
const BM25_D100_RECORDED = 0.232;
const BM25_TOLERANCE = 0.025;

let instances: readonly NormalizedInstance[] = [];
let pools: PooledInstance[] = [];
beforeAll(async () => {
  instances = await readPacketsOnce(dir);
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
  // Every pool member is checked (5.9 million on the real data), so the loops collect what is wrong and assert once:
  // an expect() per member was 270 s of this file.
  test("opaque instance ids; distractors never from the target's own session, de-duplicated; larger pools extend smaller ones", { timeout: 600_000 }, () => {
    const own = new Map<string, Set<string>>();
    for (const i of instances) {
      if (i.track !== "task1" || i.gold === null) continue;
      own.set(i.sessionId ?? i.benchmarkId, new Set(i.gold.memory_items.map((m) => key(m.value))));
    }
    // a member object is one memory, shared by the pools that drew it: its key is computed once
    const keys = new Map<object, string>();
    const keyOf = (m: { value: string }) => keys.get(m) ?? keys.set(m, key(m.value)).get(m)!;
    const problems: string[] = [];
    const problem = (text: string) => problems.length < 20 && problems.push(text);
    const bySession = new Map<string, PooledInstance[]>();
    for (const p of pools) {
      const at = `${p.track} ${p.sessionId}`;
      if (p.benchmarkId !== opaqueTask3Id(SEED, p.sessionId!, "v3")) problem(`${at}: id ${p.benchmarkId} is not v3's opaque id`);
      if (p.benchmarkId === opaqueTask3Id(SEED, p.sessionId!, "v2")) problem(`${at}: id is v2's`);
      if (p.meta.poolSource !== SERVER_POOL_LABELS.v3) problem(`${at}: poolSource ${String(p.meta.poolSource)}`);
      // the fixture packets hold too few other users' memories to fill a pool: short there, full on the real data
      const full = isReal ? p.pool.members.length === p.pool.size + 1 : p.pool.members.length <= p.pool.size + 1;
      if (!full || p.track !== `task3/d${p.pool.size}`) problem(`${at}: ${p.pool.members.length} members at size ${p.pool.size}`);
      const target = p.pool.members[p.pool.goldIndex]!;
      if (target.value !== p.gold!.selected_memory.value) problem(`${at}: the gold index is not the target`);
      const mine = own.get(p.sessionId!) ?? new Set();
      const values = new Set<string>();
      for (const m of p.pool.members) {
        values.add(keyOf(m));
        if (m !== target && mine.has(keyOf(m))) problem(`${at}: distractor ${JSON.stringify(m.value)} is the target's own session's`);
      }
      if (values.size !== p.pool.members.length) problem(`${at}: ${p.pool.members.length - values.size} repeated (normalized) values`);
      bySession.set(p.sessionId!, [...(bySession.get(p.sessionId!) ?? []), p]);
    }
    for (const [session, list] of bySession) {
      const sets = list.sort((a, b) => a.pool.size - b.pool.size).map((p) => new Set(p.pool.members));
      for (let k = 1; k < sets.length; k++) {
        const lost = [...sets[k - 1]!].filter((m) => !sets[k]!.has(m)).length;
        if (lost > 0) problem(`${session}: d${list[k]!.pool.size} lacks ${lost} members of d${list[k - 1]!.pool.size}`);
      }
    }
    expect(problems).toEqual([]);
    expect(bySession.size).toBe(released().length);
    // not vacuous: every size of every released instance was looked at
    expect(pools).toHaveLength(released().length * POOL_SIZES.length);
  });

  test.each(POOL_SIZES)("d%i: the lookup through the released packets (query -> task3_selected_memory) finds the target", (size) => {
    const { values, refs } = indexed(`task3/d${size}`);
    const picks = lookupPositions(releasedTask3Of(instances), values, refs);
    const recall = picks.filter((k, i) => k === refs[i]!.gold).length / refs.length;
    process.stderr.write(`[v3] d${size}: lookup recall ${recall.toFixed(4)} (n ${refs.length})\n`);
    expect(refs.length).toBe(released().length);
    expect(recall).toBeGreaterThan(0.95);
  });

  test.runIf(isReal)("BM25 computed here on v3's d100 pools stays within the stated tolerance of its recorded figure", () => {
    const { values, refs } = indexed("task3/d100");
    const select = createIndexedBm25Selector(values);
    const bm25 = refs.filter((r) => select(r.query, r.memoryIndexes).selectedIndex === r.gold).length / refs.length;
    process.stderr.write(`[v3] d100: BM25 ${bm25.toFixed(4)} (recorded ${BM25_D100_RECORDED})\n`);
    expect(Math.abs(bm25 - BM25_D100_RECORDED), `BM25 ${bm25.toFixed(4)}`).toBeLessThanOrEqual(BM25_TOLERANCE);
  });
});
