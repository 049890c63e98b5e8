import { describe, expect, test } from "vitest";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { measureContamination, MIN_VALUES } from "./measure-contamination";
import { buildPublicValueIndex, publicItemsByDialogue } from "./public-value-index";
import { STRUCTURE_ONLY_THRESHOLD, structureOnlyBySplit, structureOnlyCounts, withStructureOnly } from "./structure-only";

// 12 dialogues of 3 public memories each (Task 2's input pool of the session = the Task 1 row's gold)
const LABELS = ["Personal_Background/Identity", "Preferences/Food", "Lifestyle/Hobbies"];
const TYPES = ["direct", "indirect", "direct"];
const sessions = Array.from({ length: 12 }, (_, s) => `sess_${s}`);
const memoryOf = (s: number) =>
  LABELS.map((label, k) => ({
    memory_id: `m_${k}`,
    label,
    type: TYPES[k],
    value: `the user ${["is a nurse", "loves spicy ramen", "climbs on weekends"][k]} in city ${s}`,
    confidence: 0.9,
  }));
const instances = sessions.flatMap((session, s) => [
  { track: "task1", benchmarkId: `${session}__t1`, sessionId: session, input: {} },
  { track: "task2", benchmarkId: session, sessionId: session, input: { memory: memoryOf(s) } },
]);
const items = publicItemsByDialogue(instances);
const itemsOf = (id: string) => items.get(id);
/** The reported attack: each public memory's label, type and confidence, its value replaced by junk. */
const junkRows = sessions.map((session, s) => ({
  benchmark_id: `${session}__t1`,
  memory_items: memoryOf(s).map((m, k) => ({ label: m.label, type: m.type, confidence: m.confidence, value: `qzx ${k} vlorp` })),
}));
/** An honest system: the facts in its own words, some labels wrong. */
const honestRows = sessions.map((session, s) => ({
  benchmark_id: `${session}__t1`,
  memory_items: [
    { label: "Personal_Background/Occupation", type: "direct", confidence: 0.8, value: `user is a nurse in city ${s}` },
    { label: "Preferences/Food", type: "direct", confidence: 0.7, value: `user loves spicy ramen` },
  ],
}));
const base = () => measureContamination(new Map(), buildPublicValueIndex([]), null);

describe("Task 1 items paired on label and type alone", () => {
  test("the authors' scorer gives the junk-value copy F1 1.0 and an algo score above 76: a property of the metric", () => {
    const result = scoreMemorySet(itemsOf(junkRows[0]!.benchmark_id)! as unknown[], junkRows[0]!.memory_items);
    expect(result.f1).toBe(1);
    expect(result.algoScore100).toBeGreaterThan(76);
    expect(result.pairs.every((pair) => pair.value < 0.2 && pair.label === 1 && pair.type === 1)).toBe(true);
  });

  test("the junk-value copy is flagged; an honest file, whose pairs carry content, is not", () => {
    const junk = structureOnlyCounts(junkRows, itemsOf);
    expect(junk).toEqual({ rows: 12, publicValues: 36, structureOnly: 36 });
    expect(junk.publicValues).toBeGreaterThanOrEqual(MIN_VALUES);
    const flagged = withStructureOnly(base(), structureOnlyBySplit(new Map([["", junkRows]]), items));
    expect(flagged).toMatchObject({ flagged: true, structureOnly: { publicValues: 36, share: 1 } });

    expect(structureOnlyCounts(honestRows, itemsOf).structureOnly).toBe(0);
    const honest = withStructureOnly(base(), structureOnlyBySplit(new Map([["", honestRows]]), items));
    expect(honest).toMatchObject({ flagged: false, structureOnly: { share: 0 } });
  });

  test("junk copied on one split's rows is flagged even when honest rows of another split dilute the whole file", () => {
    const parts = new Map<string, unknown[]>([
      ["test", junkRows.slice(0, 8)],
      ["dev", honestRows.slice(8)],
    ]);
    const figures = withStructureOnly(base(), structureOnlyBySplit(parts, items));
    expect(figures.flagged).toBe(true);
    expect(figures.structureOnly?.share).toBeCloseTo(24 / 36, 10);
    // half the junk items dropped still pairs half the public memories, at the threshold's side it reaches
    const half = junkRows.map((r) => ({ ...r, memory_items: r.memory_items.filter((_, k) => k !== 1) }));
    expect(structureOnlyCounts(half, itemsOf).structureOnly / 36).toBeGreaterThanOrEqual(STRUCTURE_ONLY_THRESHOLD);
  });

  test("too few public memories prove nothing: never flagged", () => {
    const figures = withStructureOnly(base(), structureOnlyBySplit(new Map([["", junkRows.slice(0, 2)]]), items));
    expect(figures).toMatchObject({ flagged: false, structureOnly: { publicValues: 6, share: 1 } });
  });
});
