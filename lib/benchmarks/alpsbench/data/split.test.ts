import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { assignSplits, SPLIT_SALT, splitHash, splitSizes, withOfficialSplits } from "./split";
import { splitMembership } from "@/tests/helpers/alpsbench/data/counts";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const fixtures = path.join(repoRoot, "tests/fixtures/datasets");
const sharedData = path.resolve(repoRoot, "../shared/data/alpsbench");
const splitManifestFile = path.join(sharedData, "release-layout/artifacts/split_manifest.json");

/** Official sizes (split_manifest.json of the public release v1). */
const OFFICIAL = [
  ["task1", 2330, 466, 466, 1398],
  ["task2", 2345, 469, 469, 1407],
  ["task3_d100 (each level)", 2381, 476, 476, 1429],
  ["task4_ability1", 570, 114, 114, 342],
  ["task4_ability2", 1231, 246, 246, 739],
  ["task4_ability3", 500, 100, 100, 300],
  ["task4_ability4", 325, 65, 65, 195],
  ["task4_ability5", 260, 52, 52, 156],
] as const;

const syntheticIds = (n: number) => Array.from({ length: n }, (_, i) => `sess_${i.toString(16).padStart(12, "0")}__${i}`);

describe("split rule", () => {
  it("uses the official salt", () => {
    expect(SPLIT_SALT).toBe("alpsbench-public-split-v1");
  });

  it.each(OFFICIAL)("%s: %i rows → %i / %i / %i", (_track, n, dev, validation, test) => {
    expect(splitSizes(n)).toEqual({ dev, validation, test });
    const counts = { dev: 0, validation: 0, test: 0 };
    for (const split of assignSplits(syntheticIds(n))) counts[split] += 1;
    expect(counts).toEqual({ dev, validation, test });
  });

  it.runIf(existsSync(splitManifestFile))("matches the release's split_manifest.json (salt and every track's sizes)", () => {
    const manifest = z
      .object({
        hash_salt: z.string(),
        weights: z.object({ dev: z.number(), validation: z.number(), test: z.number() }),
        tracks: z.record(z.string(), z.object({ source_rows: z.number(), dev_rows: z.number(), validation_rows: z.number(), test_rows: z.number() })),
      })
      .parse(JSON.parse(readFileSync(splitManifestFile, "utf8")));
    expect(manifest.hash_salt).toBe(SPLIT_SALT);
    expect(manifest.weights).toEqual({ dev: 1, validation: 1, test: 3 });
    expect(Object.keys(manifest.tracks)).toHaveLength(12);
    for (const [track, row] of Object.entries(manifest.tracks)) {
      expect(splitSizes(row.source_rows), track).toEqual({ dev: row.dev_rows, validation: row.validation_rows, test: row.test_rows });
    }
  });

  it("agrees with an independent Python implementation (fixture vectors)", () => {
    const vectors = z
      .object({ salt: z.string(), ids: z.array(z.string()), expected: z.array(z.enum(["dev", "validation", "test"])), sha256: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync(path.join(fixtures, "split-rule-vectors.json"), "utf8")));
    expect(vectors.salt).toBe(SPLIT_SALT);
    for (const [id, hex] of Object.entries(vectors.sha256)) expect(splitHash(id)).toBe(hex);
    expect(assignSplits(vectors.ids)).toEqual(vectors.expected);
  });

  it("depends on the id set, not on the input order", () => {
    const ids = syntheticIds(37);
    const forward = splitMembership(ids);
    const backward = splitMembership([...ids].reverse());
    for (const id of ids) expect(backward.get(id)).toBe(forward.get(id));
  });

  it("orders by the hex hash: the first unit of hashes is dev", () => {
    const ids = syntheticIds(10);
    const sorted = [...ids].sort((a, b) => (splitHash(a) < splitHash(b) ? -1 : 1));
    const splits = splitMembership(ids);
    expect(sorted.slice(0, 2).map((id) => splits.get(id))).toEqual(["dev", "dev"]);
    expect(sorted.slice(2, 4).map((id) => splits.get(id))).toEqual(["validation", "validation"]);
    expect(sorted.slice(4).every((id) => splits.get(id) === "test")).toBe(true);
  });

  it("breaks ties (repeated ids) by original order", () => {
    // 5 copies of one id: unit 1 → the first copy is dev, the second validation, the rest test.
    expect(assignSplits(["same", "same", "same", "same", "same"])).toEqual(["dev", "validation", "test", "test", "test"]);
  });

  it("puts everything in test below 5 rows", () => {
    expect(assignSplits(["a", "b", "c", "d"])).toEqual(["test", "test", "test", "test"]);
    expect(assignSplits([])).toEqual([]);
  });

  it("withOfficialSplits splits each track on its own", () => {
    const rows = [
      ...syntheticIds(10).map((benchmarkId) => ({ track: "task1", benchmarkId })),
      ...syntheticIds(5).map((benchmarkId) => ({ track: "task2", benchmarkId })),
    ];
    const split = withOfficialSplits(rows);
    const count = (track: string, s: string) => split.filter((r) => r.track === track && r.split === s).length;
    expect([count("task1", "dev"), count("task1", "validation"), count("task1", "test")]).toEqual([2, 2, 6]);
    expect([count("task2", "dev"), count("task2", "validation"), count("task2", "test")]).toEqual([1, 1, 3]);
    expect(split.map((r) => r.benchmarkId)).toEqual(rows.map((r) => r.benchmarkId));
  });

  it("rejects impossible sizes", () => {
    expect(() => splitSizes(-1)).toThrow(RangeError);
    expect(() => splitSizes(2.5)).toThrow(RangeError);
  });
});
