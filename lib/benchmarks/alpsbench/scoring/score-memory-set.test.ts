import { describe, expect, test } from "vitest";
import { scoreMemorySet } from "./score-memory-set";
import { pairScore } from "./pair-score";
import { pythonRound } from "./python-round";
import { randomInt, seededRandom, type Random } from "@/lib/stats/seeded-random";
import { oracleScores } from "@/tests/helpers/alpsbench/scoring/memory-set-oracle";
import { mixedAlphabet, mutate, pick, randomString } from "@/tests/helpers/alpsbench/scoring/random-text";

const LABELS = [
  "Personal_Background/Identity",
  "Preferences/Food",
  "Preferences/Interaction_Preferences",
  "Thoughts/Curiosity",
  "Work/Experience",
  "UNMAPPED",
  "Work",
];
const WORDS = ["likes", "tea", "coffee", "works", "as", "nurse", "in", "Berlin", "Lisbon", "prefers", "short", "answers", "has", "two", "cats", "咖啡", "café"];

function sentence(r: Random): string {
  return Array.from({ length: 2 + randomInt(r, 10) }, () => pick(r, WORDS)).join(" ");
}

function item(r: Random, base?: Record<string, unknown>, wild = false): unknown {
  if (wild && randomInt(r, 25) === 0) return pick(r, ["just text", 3, null, ["a"]]);
  const value =
    base && randomInt(r, 3)
      ? mutate(
          r,
          String(base.value),
          WORDS.map((w) => w[0]!),
          randomInt(r, 6),
        )
      : sentence(r);
  const out: Record<string, unknown> = {
    memory_id: `m${randomInt(r, 100)}`,
    type: pick(r, ["direct", "indirect", "direct", "implied"]),
    label: base && randomInt(r, 2) ? base.label : pick(r, LABELS),
    value,
    confidence: pick(r, [0.9, 0.8, 0.5, 0.95, 0.3]),
  };
  if (wild) {
    const k = randomInt(r, 12);
    if (k === 0) delete out.type;
    if (k === 1) out.confidence = pick(r, ["high", "0.7", null, true, 7, -1, "nan", [0.5]]);
    if (k === 2) out.label = pick(r, [["Work", "Job"], null, 4, { a: "b" }]);
    if (k === 3) out.value = pick(r, [["tea", "coffee"], 42, { likes: "tea" }, "", null, "!!!", " "]);
    if (k === 4) delete out.value;
    if (k === 5) out.type = pick(r, [null, 1, ["direct"]]);
    if (k === 6) out.value = randomString(r, mixedAlphabet(r), 250, 200);
  }
  return out;
}

function randomCase(r: Random, wild: boolean): [unknown[], unknown[]] {
  const gold = Array.from({ length: randomInt(r, 8) }, () => item(r, undefined, wild));
  const pred = Array.from({ length: randomInt(r, 10) }, () => {
    const base = gold.length && randomInt(r, 3) ? gold[randomInt(r, gold.length)] : undefined;
    return item(r, base && typeof base === "object" && !Array.isArray(base) ? (base as Record<string, unknown>) : undefined, wild);
  });
  return [gold, pred];
}

const families: [string, [unknown[], unknown[]][]][] = [
  ["well-formed random sets", Array.from({ length: 300 }, (_, i) => randomCase(seededRandom(`ms:clean:${i}`), false))],
  ["sets with odd fields and non-object items", Array.from({ length: 300 }, (_, i) => randomCase(seededRandom(`ms:wild:${i}`), true))],
];
const expected = families.map(([, cases]) => oracleScores(cases));

describe("scoreMemorySet equals the Python rendering of SCORING.md", () => {
  test.each(families.map(([name, cases], k) => ({ name, cases, want: expected[k]! })))("$name", ({ cases, want }) => {
    const bad: unknown[] = [];
    cases.forEach(([gold, pred], i) => {
      const r = scoreMemorySet(gold, pred);
      const got = {
        precision: r.precision,
        recall: r.recall,
        f1: r.f1,
        algo: r.algoScore100,
        avg: r.avgPairScore,
        pairs: r.pairs.map((p) => [p.goldIndex, p.predIndex, p.score]),
        missing: r.missingGold,
        extra: r.extraPred,
      };
      if (JSON.stringify(got) !== JSON.stringify(want[i])) bad.push({ gold, pred, got, want: want[i] });
    });
    expect(bad.slice(0, 2)).toEqual([]);
  });
});

const g = (over: Record<string, unknown> = {}) => ({
  memory_id: "g1",
  type: "direct",
  label: "Work/Experience",
  value: "Works as a nurse",
  confidence: 0.9,
  ...over,
});

describe("scoreMemorySet edge cases never throw and report problems", () => {
  test.each([
    ["both empty", [], [], { tp: 0, f1: 0, algoScore100: 0, problems: 0 }],
    ["empty prediction (also what a missing row scores)", [g()], [], { tp: 0, recall: 0, algoScore100: 0, problems: 0 }],
    ["prediction is not a list", [g()], "oops" as unknown as unknown[], { tp: 0, nPred: 0, problems: 1 }],
    ["null prediction", [g()], null as unknown as unknown[], { tp: 0, nPred: 0, problems: 0 }],
    ["non-object items are counted, never matched", [g()], ["Works as a nurse", 5, null], { tp: 0, nPred: 3, precision: 0, problems: 3 }],
    ["confidence 'high' is read as 1.0", [g({ confidence: 1 })], [g({ confidence: "high" })], { tp: 1, algoScore100: 100, problems: 1 }],
    ["label that is a list", [g()], [g({ label: ["Work", "Experience"] })], { tp: 1, problems: 1 }],
    ["numeric value", [g({ value: 42 })], [g({ value: "42" })], { tp: 1, problems: 1 }],
    ["missing value scores value 0 but may still match on label", [g()], [g({ value: undefined })], { tp: 1, problems: 1 }],
    ["all fields missing", [{}], [{}], { tp: 0, problems: 2 }],
  ] as const)("%s", (_n, gold, pred, want) => {
    const r = scoreMemorySet(gold as unknown as unknown[], pred as unknown as unknown[]);
    const { problems, ...rest } = want as Record<string, number>;
    expect(r).toMatchObject(rest);
    expect(r.problems.length).toBe(problems);
  });

  test("10,000 predicted items are scored, and the problem list stays short", () => {
    const r0 = seededRandom("big");
    const gold = Array.from({ length: 12 }, () => item(r0));
    const pred = Array.from({ length: 10_000 }, () => (randomInt(r0, 10) === 0 ? { confidence: "high" } : item(r0)));
    const r = scoreMemorySet(gold, pred);
    expect(r.nPred).toBe(10_000);
    expect(r.tp).toBeLessThanOrEqual(12);
    expect(r.extraPred.length).toBe(10_000 - r.tp);
    expect(r.problems.length).toBeLessThanOrEqual(26);
    expect(r.problems.at(-1)).toMatch(/more problem/);
  });
});

describe("scoreMemorySet semantics", () => {
  test("a perfect copy scores 100 with every gold item matched", () => {
    const gold = [g(), g({ memory_id: "g2", type: "indirect", label: "Preferences/Food", value: "Prefers tea" })];
    const r = scoreMemorySet(gold, structuredClone(gold));
    expect(r).toMatchObject({ precision: 1, recall: 1, f1: 1, algoScore100: 100, directGold: 1, directMatched: 1, indirectGold: 1, indirectMatched: 1 });
    expect(r.pairs.map((p) => [p.goldId, p.predId])).toEqual([
      ["g1", "g1"],
      ["g2", "g2"],
    ]);
  });

  test("pairs below 0.30 are never accepted", () => {
    const gold = [g({ label: "A/B", value: "alpha", type: "direct", confidence: 1 })];
    const pred = [g({ label: "X/Y", value: "zzz", type: "indirect", confidence: 0 })];
    expect(pairScore(gold[0], pred[0]).score).toBeLessThan(0.3);
    expect(scoreMemorySet(gold, pred)).toMatchObject({ tp: 0, missingGold: [0], extraPred: [0] });
  });

  test("'implied' gold items count as indirect", () => {
    const r = scoreMemorySet([g({ type: "implied" })], []);
    expect(r).toMatchObject({ indirectGold: 1, directGold: 0 });
  });

  test("greedy takes the best pair first; hungarian maximises the total", () => {
    // gold0 fits pred0 best, but pred0 is gold1's only acceptable partner.
    const gold = [g({ memory_id: "a", label: "A/B", value: "likes tea and coffee" }), g({ memory_id: "b", label: "A/B", value: "likes tea" })];
    const pred = [g({ memory_id: "x", label: "A/B", value: "likes tea and coffee" }), g({ memory_id: "y", label: "A/C", value: "and coffee too" })];
    const s = (i: number, j: number) => pairScore(gold[i], pred[j]).score;
    const greedy = scoreMemorySet(gold, pred);
    const hung = scoreMemorySet(gold, pred, { matcher: "hungarian" });
    const total = (r: typeof greedy) => r.pairs.reduce((t, p) => t + s(p.goldIndex, p.predIndex), 0);
    expect(greedy.pairs[0]).toMatchObject({ goldIndex: 0, predIndex: 0 });
    expect(total(hung)).toBeGreaterThanOrEqual(total(greedy));
    // The brute-force optimum over both one-to-one assignments.
    const best = Math.max(s(0, 0) + s(1, 1), s(0, 1) + s(1, 0));
    expect(total(hung)).toBeCloseTo(best, 12);
  });

  test("F1 comes from unrounded P and R, and algo uses the rounded F1", () => {
    // 2 of 3 gold matched, 2 of 7 predictions: P = 2/7, R = 2/3.
    const gold = [
      g({ memory_id: "a", value: "one two" }),
      g({ memory_id: "b", label: "X/Y", value: "three four" }),
      g({ memory_id: "c", label: "Q/R", value: "zz", type: "indirect", confidence: 0 }),
    ];
    const pred = [
      g({ value: "one two" }),
      g({ label: "X/Y", value: "three four" }),
      ...Array.from({ length: 5 }, () => ({ label: "N/N", value: "qqq", type: "x", confidence: 1 })),
    ];
    const r = scoreMemorySet(gold, pred);
    const P = 2 / 7;
    const R = 2 / 3;
    expect(r).toMatchObject({ tp: 2, precision: pythonRound(P, 4), recall: pythonRound(R, 4), f1: pythonRound((2 * P * R) / (P + R), 4) });
    expect(r.algoScore100).toBe(pythonRound(100 * 0.6 * 1 + 100 * 0.4 * r.f1, 4));
  });
});
