import { describe, expect, it } from "vitest";
import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { goldLeaks } from "@/tests/helpers/alpsbench/data/gold-leaks";
import { NormalizedInstance, type Task3Instance } from "../normalized-instance";
import { countByTrack, countByTrackAndSplit, splitMembership } from "@/tests/helpers/alpsbench/data/counts";
import { DEMO_NOTICE, DEMO_SEED, getDemoDataset } from "./index";
import { buildDistractorBank, buildDemoInstances } from "./build-instances";

const demo = getDemoDataset();

describe("demo dataset", () => {
  it("is deterministic: a fresh build from the same seed is identical", () => {
    expect(getDemoDataset(DEMO_SEED)).toBe(demo); // memoised per seed
    const rebuilt = buildDemoInstances(demo.seed).instances;
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(demo.instances.map(({ split: _split, ...rest }) => rest)));
    const other = getDemoDataset("another-seed");
    expect(JSON.stringify(other.instances)).not.toBe(JSON.stringify(demo.instances));
    expect(JSON.stringify(getDemoDataset("another-seed"))).toBe(JSON.stringify(other));
  });

  it("covers every track with a few dozen instances, split by the official rule", () => {
    const counts = countByTrack(demo.instances);
    for (const track of TRACK_IDS) expect(counts[track], track).toBeGreaterThanOrEqual(20);
    expect(countByTrackAndSplit(demo.instances).task1).toEqual({ dev: 6, validation: 6, test: 18 });
    for (const track of TRACK_IDS) {
      const ofTrack = demo.instances.filter((i) => i.track === track);
      const expected = splitMembership(ofTrack.map((i) => i.benchmarkId));
      for (const instance of ofTrack) expect(instance.split).toBe(expected.get(instance.benchmarkId));
    }
  });

  it("is valid, labelled synthetic, and uses AlpsBench id shapes", () => {
    expect(DEMO_NOTICE).toMatch(/synthetic/i);
    const ids = new Set<string>();
    for (const instance of demo.instances) {
      expect(NormalizedInstance.safeParse(instance).success, `${instance.track} ${instance.benchmarkId}`).toBe(true);
      expect(instance.meta).toMatchObject({ source: "demo", synthetic: true });
      expect(instance.gold).not.toBeNull();
      const key = `${instance.track} ${instance.benchmarkId}`;
      expect(ids.has(key), key).toBe(false);
      ids.add(key);
      if (instance.track === "task1") expect(instance.benchmarkId).toMatch(/^sess_[0-9a-f]{12}__\d+$/);
      if (instance.track === "task2" || instance.track.startsWith("task3/")) expect(instance.benchmarkId).toMatch(/^sess_[0-9a-f]{12}$/);
      if (instance.track === "task4/ability5") expect(instance.benchmarkId).toMatch(/^(english|chinese)_\d+$/);
    }
  });

  it("has dialogues in several languages, Chinese included", () => {
    const languages = new Set(demo.instances.filter((i) => i.track === "task1").map((i) => i.meta.language));
    expect(languages).toEqual(new Set(["English", "Chinese", "French", "Spanish"]));
    const chinese = demo.instances.find((i) => i.track === "task1" && i.meta.language === "Chinese");
    expect(chinese?.track === "task1" && chinese.input.dialogue.some((t) => /[\u4e00-\u9fff]/.test(t.text))).toBe(true);
  });

  it("builds Task 3 pools of the right size with opaque, unique ids and distinct values", () => {
    expect(buildDistractorBank().length).toBeGreaterThan(1000);
    const task3 = demo.instances.filter((i): i is Task3Instance => i.track.startsWith("task3/"));
    expect(task3).toHaveLength(150);
    for (const instance of task3) {
      const candidates = instance.input.candidate_memories;
      expect(candidates).toHaveLength((instance.meta.poolSize ?? 0) + 1);
      expect(new Set(candidates.map((c) => c.memory_id)).size).toBe(candidates.length);
      expect(new Set(candidates.map((c) => c.value)).size).toBe(candidates.length);
      for (const c of candidates) expect(c.memory_id).toMatch(/^c[0-9a-f]{10}$/);
    }
  });

  it("keeps gold out of every input, dialogues included", () => {
    for (const instance of demo.instances) expect(goldLeaks(instance, { includeDialogue: true }), `${instance.track} ${instance.benchmarkId}`).toEqual([]);
  });

  it("has Task 2 gold with retention, modification and addition", () => {
    for (const instance of demo.instances) {
      if (instance.track !== "task2" || !instance.gold) continue;
      const ids = instance.gold.memory_items.map((m) => m.memory_id);
      expect(ids).toContain(`${instance.gold.selected_memory_id}_updated`);
      expect(ids).toContain("m_new_1");
      expect(ids.filter((id) => instance.input.memory.some((m) => m.memory_id === id)).length).toBe(instance.input.memory.length - 1);
    }
  });
});

describe("demo systems", () => {
  it("are invented, labelled demo, and cover every track with valid rows", () => {
    expect(demo.systems.length).toBeGreaterThanOrEqual(3);
    expect(new Set(demo.systems.map((s) => s.slug)).size).toBe(demo.systems.length);
    for (const system of demo.systems) {
      expect(system.name).toMatch(/demo/i);
      for (const track of TRACK_IDS) {
        const rows = system.predictions[track];
        expect(rows.length, `${system.slug} ${track}`).toBeGreaterThan(0);
        const instanceIds = new Set(demo.instances.filter((i) => i.track === track).map((i) => i.benchmarkId));
        for (const row of rows) {
          const checked = validatePredictionRow(track, row);
          expect(checked.ok && checked.problems, `${system.slug} ${track}`).toEqual([]);
          if (checked.ok) expect(instanceIds.has(checked.row.benchmark_id)).toBe(true);
        }
      }
    }
  });

  it("spread in quality (Task 3 d100 hit rate and Task 1 exact-value recall differ)", () => {
    const task3Hits = (slug: string, track: TrackId) => {
      const system = demo.systems.find((s) => s.slug === slug);
      const gold = new Map(
        demo.instances.filter((i) => i.track === track).map((i) => [i.benchmarkId, (i.gold as { selected_memory_id: string }).selected_memory_id]),
      );
      const rows = (system?.predictions[track] ?? []) as { benchmark_id: string; selected_memory_id: string }[];
      return rows.filter((r) => gold.get(r.benchmark_id) === r.selected_memory_id).length / gold.size;
    };
    const rates = demo.systems.map((s) => task3Hits(s.slug, "task3/d100"));
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThan(0.4);
    // a system that drops rows exists, to exercise "missing row = empty prediction"
    expect(demo.systems.some((s) => TRACK_IDS.some((t) => s.predictions[t].length < demo.instances.filter((i) => i.track === t).length))).toBe(true);
    // harder pools do not make the strongest system better
    expect(task3Hits("demo-atlas-memory", "task3/d1000")).toBeLessThanOrEqual(task3Hits("demo-atlas-memory", "task3/d100") + 0.1);
  });
});
