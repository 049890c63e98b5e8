import { beforeAll, describe, expect, test } from "vitest";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import type { NormalizedInstance, Task3Instance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { createBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { foldTask3Text } from "@/lib/benchmarks/alpsbench/scoring/task3-hit";
import { requireSharedData, SHARED_DATA_DIR } from "@/tests/shared-data";
import type { PooledInstance } from "../data/import/write-instances";
import { scoreTrack } from "./score-track";
import { DEFAULT_POOL_VERSION, SERVER_POOL_LABELS, withCompactServerPools } from "./server-pools";

/**
 * server-pools-v4 on the real packets: d100 holds exactly the released lists, larger sizes extend them the
 * authors' way, and a file made on the released inputs (released ids, answers as the authors' checker accepts
 * them) scores what the checker gives it, and what the same picks under this server's ids score.
 */
const SEED = "server-pools-v4-test-seed";

let released: Task3Instance[] = [];
let pools: PooledInstance[] = [];
/** each Task 1 gold value: the sessions holding it (a value may be in several) */
const sessionsOf = new Map<string, Set<string>>();
beforeAll(async () => {
  const instances: NormalizedInstance[] = await readPacketsLayout(SHARED_DATA_DIR);
  released = instances.filter((i): i is Task3Instance => i.track === "task3/d100");
  pools = withCompactServerPools(instances, SEED, undefined, "v4").filter((i): i is PooledInstance => "pool" in i);
  for (const i of instances) {
    if (i.track !== "task1" || !i.gold) continue;
    for (const m of i.gold.memory_items) sessionsOf.set(m.value, (sessionsOf.get(m.value) ?? new Set()).add(i.sessionId ?? ""));
  }
}, 600_000);

const ofSize = (size: number) => pools.filter((p) => p.pool.size === size);
const releasedGold = (p: PooledInstance) => p.gold!.released!;

describe.skipIf(!requireSharedData)("server-pools-v4 on the real packets", () => {
  test("is the default for a new data version, with opaque instance ids", () => {
    expect(DEFAULT_POOL_VERSION).toBe("v4");
    expect(ofSize(100)).toHaveLength(released.length);
    for (const p of ofSize(100)) {
      expect(p.benchmarkId).toMatch(/^t3_[0-9a-f]{24}$/);
      expect(p.meta.poolSource).toBe(SERVER_POOL_LABELS.v4);
    }
  });

  test("d100 is the released candidate list, value for value and label for label, in the authors' order", () => {
    const bySession = new Map(released.map((r) => [r.benchmarkId, r]));
    for (const p of ofSize(100)) {
      const r = bySession.get(releasedGold(p).benchmark_id)!;
      expect(p.pool.members.map((m) => [m.value, m.label])).toEqual(r.input.candidate_memories.map((c) => [c.value, c.label]));
      expect(releasedGold(p).selected_memory_id).toBe(r.gold!.selected_memory_id);
      // the target sits where the released list has it, under an opaque id
      expect(r.input.candidate_memories[p.pool.goldIndex]!.memory_id).toBe(r.gold!.selected_memory_id);
      expect(p.pool.goldCandidateId).toMatch(/^c[0-9a-f]{10}$/);
    }
  }, 600_000);

  test("larger sizes extend d100, keep duplicates, and draw no memory of the target's own session", () => {
    const d100 = new Map(ofSize(100).map((p) => [p.benchmarkId, p]));
    let duplicates = 0;
    for (const size of [300, 500, 700, 1000]) {
      for (const p of ofSize(size)) {
        expect(p.pool.members).toHaveLength(size + 1);
        const small = d100.get(p.benchmarkId)!;
        const counts = new Map<object, number>();
        for (const m of p.pool.members) counts.set(m, (counts.get(m) ?? 0) + 1);
        for (const m of small.pool.members) expect(counts.get(m)).toBeGreaterThan(0);
        if (new Set(p.pool.members.map((m) => m.value)).size < p.pool.members.length) duplicates += 1;
        const own = releasedGold(p).benchmark_id;
        const inSmall = new Set<object>(small.pool.members);
        const extra = p.pool.members.filter((m) => !inSmall.has(m));
        for (const m of extra) expect([...sessionsOf.get(m.value)!].some((s) => s !== own)).toBe(true);
      }
    }
    expect(duplicates).toBeGreaterThan(0);
  }, 600_000);

  test("a file keyed by the released ids (upper-case ids, value-only answers) scores as the authors' checker, and the same picks under the server's ids the same", () => {
    const select = createBm25Selector();
    const d100 = ofSize(100);
    const bySession = new Map(released.map((r) => [r.benchmarkId, r]));
    const releasedRows: { line: number; value: unknown }[] = [];
    const serverRows: { line: number; value: unknown }[] = [];
    let checker = 0;
    d100.forEach((p, k) => {
      const r = bySession.get(releasedGold(p).benchmark_id)!;
      const pick = select(r.input.query, r.input.candidate_memories);
      const chosen = r.input.candidate_memories[pick.selectedIndex!]!;
      const serverId = p.pool.candidateIds.split(",")[pick.selectedIndex!]!;
      // every third row gives only the chosen memory's value, with other spacing and case; the rest an upper-case id
      const valueOnly = k % 3 === 0;
      const spaced = `  ${chosen.value.toUpperCase().replace(/ /g, "   ")} `;
      releasedRows.push({
        line: k + 1,
        value: valueOnly
          ? { benchmark_id: r.benchmarkId, answer: "", reason: "", selected_memory: { value: spaced } }
          : { benchmark_id: r.benchmarkId, answer: "", reason: "", selected_memory_id: chosen.memory_id.toUpperCase() },
      });
      serverRows.push({
        line: k + 1,
        value: valueOnly
          ? { benchmark_id: p.benchmarkId, answer: "", reason: "", selected_memory_value: spaced }
          : { benchmark_id: p.benchmarkId, answer: "", reason: "", selected_memory_id: serverId.toUpperCase() },
      });
      // the checker (metrics.py): id match or value match, both through normalize_text
      const idMatch = !valueOnly && foldTask3Text(chosen.memory_id.toUpperCase()) === foldTask3Text(r.gold!.selected_memory_id);
      const valueMatch = valueOnly && foldTask3Text(spaced) === foldTask3Text(r.gold!.selected_memory.value);
      if (idMatch || valueMatch) checker += 1;
    });
    const instances = d100.map((p) => ({ benchmarkId: p.benchmarkId, input: p.input, gold: p.gold }));
    const viaReleased = scoreTrack("task3/d100", instances, releasedRows);
    const viaServer = scoreTrack("task3/d100", instances, serverRows);
    expect(viaReleased.coverage).toMatchObject({ scored: d100.length, unknown: 0, missing: 0 });
    expect(viaReleased.metrics.recall!.value).toBeCloseTo(checker / d100.length, 12);
    expect(viaServer.instances.map((i) => i.metrics.recall)).toEqual(viaReleased.instances.map((i) => i.metrics.recall));
    // and it is BM25's figure on these pools: 571 of 2,272
    expect(checker).toBe(571);
  }, 600_000);
});
