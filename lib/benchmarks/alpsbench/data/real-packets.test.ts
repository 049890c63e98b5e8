import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { goldLeaks } from "@/tests/helpers/alpsbench/data/gold-leaks";
import { readPacketsOnce } from "@/tests/helpers/alpsbench/data/real-packets";
import { NormalizedInstance } from "./normalized-instance";
import { countByTrack, countByTrackAndSplit } from "@/tests/helpers/alpsbench/data/counts";

/**
 * The real AlpsBench packets (read from the shared data folder, never copied into the repo). Runs
 * when the folder exists, which it does on the team machines and in CI.
 */
const dataDir = path.resolve(import.meta.dirname, "../../../../../shared/data/alpsbench");

describe.runIf(existsSync(path.join(dataDir, "packets/manifest.json")))("real packets layout", () => {
  let instances: readonly NormalizedInstance[] = [];

  // how long the read takes is printed by lib/benchmarks/alpsbench/bench/read-packets.ts, not asserted here; the
  // read is shared with the other files of the worker that need the real packets (readPacketsOnce)
  beforeAll(async () => {
    instances = await readPacketsOnce(dataDir);
  }, 120_000);

  it("reads 2,272 instances for task1, task2 and task3/d100, and the Task 4 union of packets + records", () => {
    expect(countByTrack(instances)).toEqual({
      task1: 2272,
      task2: 2272,
      "task3/d100": 2272,
      // packets hold 2,506 ability 1-4 entries; task4-records.jsonl holds 2,501 of them plus 57 EI rows
      "task4/ability1": 548,
      "task4/ability2": 1172,
      "task4/ability3": 470,
      "task4/ability4": 316,
      "task4/ability5": 57,
    });
  });

  it("splits each track by the official rule over the ids present (unit = floor(n/5))", () => {
    const counts = countByTrackAndSplit(instances);
    expect(counts.task1).toEqual({ dev: 454, validation: 454, test: 1364 });
    expect(counts["task4/ability5"]).toEqual({ dev: 11, validation: 11, test: 35 });
  });

  it("produces valid normalized instances with id shapes as documented", () => {
    for (const instance of instances) {
      const parsed = NormalizedInstance.safeParse(instance);
      if (!parsed.success) throw new Error(`${instance.track} ${instance.benchmarkId}: ${parsed.error.message}`);
      if (instance.track === "task1") expect(instance.benchmarkId).toMatch(/^sess_[0-9a-f]{12}__.+$/);
      else if (instance.track === "task2" || instance.track === "task3/d100") expect(instance.benchmarkId).toMatch(/^sess_[0-9a-f]{12}$/);
      else if (instance.track === "task4/ability5") expect(instance.benchmarkId).toMatch(/^(english|chinese)_\d+$/);
      else expect(instance.benchmarkId).toMatch(new RegExp(`^${instance.track.slice(6)}_\\d+$`));
      if (instance.track.startsWith("task4/")) {
        for (const q of (instance.input as { queries: { query_id: string }[] }).queries) expect(q.query_id.startsWith(`${instance.benchmarkId}:`)).toBe(true);
      }
    }
  });

  it("keeps gold out of every model input", () => {
    const leaks = instances.flatMap((instance) => goldLeaks(instance).map((p) => `${instance.track} ${instance.benchmarkId}: ${p}`));
    expect(leaks).toEqual([]);
  });

  it("gives ability 1 the memory and abilities 2-5 the dialogue", () => {
    for (const instance of instances) {
      if (instance.track === "task4/ability1") expect(instance.input.selected_memory?.value).toBe(instance.gold?.selected_memory?.value);
      else if (instance.track.startsWith("task4/")) expect(instance.input).toHaveProperty("dialogue_history");
    }
  });

  it("has the Task 3 gold among the candidates, and the known id leak of the released pools", () => {
    let onlyUniqueId = 0;
    for (const instance of instances) {
      if (instance.track !== "task3/d100" || !instance.gold) continue;
      const ids = instance.input.candidate_memories.map((c) => c.memory_id);
      const gold = instance.gold.selected_memory_id;
      expect(ids.filter((id) => id === gold)).toHaveLength(1);
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      if ([...counts.values()].filter((n) => n === 1).length === 1) onlyUniqueId += 1;
    }
    // ../shared/docs/SCORING.md: in 542 of 2,272 d100 lists the target is the only unique id
    expect(onlyUniqueId).toBe(542);
  });
});
