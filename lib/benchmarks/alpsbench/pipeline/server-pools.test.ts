import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { expandTask3Pool } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { readPacketsOnce } from "@/tests/helpers/alpsbench/data/real-packets";
import { task3ShortcutRecall, type ShortcutPool } from "@/tests/helpers/alpsbench/scoring/task3-shortcut";
import { opaqueTask3Id, SERVER_POOL_LABELS, withCompactServerPools } from "./server-pools";
import type { PooledInstance } from "../data/import/write-instances";

/**
 * Issue 19 #3 on the real packets when they are here (the shared data folder, never copied into the repo), else
 * on the fixture packets: the shortcut "pick the candidate that the same dialogue's public Task 2 input shows"
 * against the server's pools of each version.
 */
const real = path.resolve(import.meta.dirname, "../../../../../shared/data/alpsbench");
const dir = existsSync(path.join(real, "packets/manifest.json")) ? real : path.resolve(import.meta.dirname, "../../../../tests/fixtures/datasets/packets-mini");
const SEED = "server-pools-test-seed";

let instances: readonly NormalizedInstance[] = [];
const built = new Map<Task3PoolVersion, PooledInstance[]>();
beforeAll(async () => {
  instances = await readPacketsOnce(dir);
  for (const version of ["v1", "v2"] as const) {
    built.set(
      version,
      withCompactServerPools(instances, SEED, undefined, version).filter((i): i is PooledInstance => "pool" in i),
    );
  }
}, 600_000);

const task2 = () =>
  instances.filter((i) => i.track === "task2").map((i) => ({ benchmarkId: i.benchmarkId, memory: (i.input as { memory: { value?: unknown }[] }).memory }));
const poolsOf = (version: Task3PoolVersion, track: string): ShortcutPool[] =>
  built
    .get(version)!
    .filter((i) => i.track === track)
    .map((i) => {
      const pool = expandTask3Pool(i.pool);
      return { benchmarkId: i.benchmarkId, candidates: pool.candidates, goldId: pool.goldCandidateId };
    });

describe(`the Task 3 shortcut through the public Task 2 inputs (${path.basename(path.dirname(dir)) === "data" ? "real packets" : "fixture packets"})`, () => {
  test.each(["task3/d100", "task3/d1000"])(
    "v1 pools: the shortcut finds every target of %s",
    (track) => {
      const figures = task3ShortcutRecall(poolsOf("v1", track), task2());
      console.info(`v1 ${track}: ${JSON.stringify(figures)}`);
      expect(figures.n).toBe(instances.filter((i) => i.track === "task3/d100").length);
      expect(figures.linked).toBe(figures.n);
      expect(figures.shortcut).toBe(1);
    },
    300_000,
  );

  test.each(["task3/d100", "task3/d1000"])(
    "v2 pools: the shortcut scores exactly like a random pick on %s",
    (track) => {
      const pools = poolsOf("v2", track);
      const figures = task3ShortcutRecall(pools, task2());
      console.info(`v2 ${track}: ${JSON.stringify(figures)}`);
      expect(figures.n).toBe(instances.filter((i) => i.track === "task3/d100").length);
      expect(figures.linked).toBe(0); // no public id names the dialogue any more
      expect(figures.shortcut).toBeCloseTo(figures.random, 12);
      // were the session known all the same, its other memories are candidates too: a pick among them, not the target
      const session = new Map(built.get("v2")!.map((i) => [i.benchmarkId, i.sessionId ?? ""]));
      const knowing = task3ShortcutRecall(pools, task2(), (id) => session.get(id)!);
      console.info(`v2 ${track}, session known: ${JSON.stringify(knowing)}`);
      expect(knowing.linked).toBe(knowing.n);
      expect(knowing.shortcut).toBeLessThan(1);
    },
    300_000,
  );

  test("v2 instances: opaque ids (secret-seeded, never the session), the target in every pool, the version recorded", () => {
    const v2 = built.get("v2")!;
    // collected and asserted once: an expect() per instance and field (11,360 instances) cost more than the checks
    const problems: string[] = [];
    for (const instance of v2) {
      const at = `${instance.track} ${instance.sessionId}`;
      if (!/^t3_[0-9a-f]{24}$/.test(instance.benchmarkId)) problems.push(`${at}: ${instance.benchmarkId} is not an opaque id`);
      if (instance.benchmarkId !== opaqueTask3Id(SEED, instance.sessionId!)) problems.push(`${at}: not the seed's id`);
      if (instance.benchmarkId.includes(instance.sessionId!.replace(/^sess_/, ""))) problems.push(`${at}: the id holds the session`);
      if (instance.pool.members[instance.pool.goldIndex]!.value !== instance.gold!.selected_memory.value) problems.push(`${at}: the target is not in the pool`);
      if (instance.meta.poolSource !== SERVER_POOL_LABELS.v2) problems.push(`${at}: poolSource ${String(instance.meta.poolSource)}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(v2.length).toBe(5 * instances.filter((i) => i.track === "task3/d100").length);
    expect(opaqueTask3Id("another seed", v2[0]!.sessionId!)).not.toBe(v2[0]!.benchmarkId);
    expect(built.get("v1")!.every((i) => i.meta.poolSource === SERVER_POOL_LABELS.v1 && i.benchmarkId === i.sessionId)).toBe(true);
  });
});
