import { describe, expect, test } from "vitest";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { describeGoldFate, describePredFate } from "./describe-fate";
import { explainMemorySetMatch, type MatchExplanation } from "./explain-match";
import { scoreMemorySet } from "./score-memory-set";
import { pythonRound } from "./python-round";
import { randomInt, seededRandom, type Random } from "@/lib/stats/seeded-random";
import { pick } from "@/tests/helpers/alpsbench/scoring/random-text";

const item = (id: string, label: string, value: string, type = "direct", confidence: unknown = 0.9) => ({ memory_id: id, label, value, type, confidence });

/** The explanation must agree with the scorer item by item, not only in total. */
function expectAgreesWithScorer(gold: unknown[], pred: unknown[], explanation: MatchExplanation) {
  const scored = scoreMemorySet(gold, pred);
  expect(explanation.consistent).toBe(true);
  expect(explanation.result).toEqual(scored);
  expect(explanation.accepted.map((p) => [p.goldIndex, p.predIndex, p.score, p.label, p.value, p.type, p.confidence])).toEqual(
    scored.pairs.map((p) => [p.goldIndex, p.predIndex, p.score, p.label, p.value, p.type, p.confidence]),
  );
  const missing = explanation.gold.flatMap((fate, i) => (fate.kind === "matched" ? [] : [i]));
  const extra = explanation.pred.flatMap((fate, j) => (fate.kind === "matched" ? [] : [j]));
  expect(missing).toEqual(scored.missingGold);
  expect(extra).toEqual(scored.extraPred);
  // The mean of the explained pair scores is the scorer's avgPairScore (SCORING.md step 10).
  const sum = explanation.accepted.reduce((s, p) => s + p.score, 0);
  expect(pythonRound(sum / Math.max(explanation.accepted.length, 1), 4)).toBe(scored.avgPairScore);
}

type Case = { name: string; gold: unknown[]; pred: unknown[]; gold0: string; pred0?: string };

const cases: Case[] = [
  {
    name: "identical items match with score 1",
    gold: [item("g1", "Preferences/Food", "likes green tea")],
    pred: [item("p1", "Preferences/Food", "likes green tea")],
    gold0: "matched",
    pred0: "matched",
  },
  {
    name: "no predictions: every gold item missed",
    gold: [item("g1", "Preferences/Food", "likes green tea")],
    pred: [],
    gold0: "no_candidates",
  },
  {
    name: "far apart: under the 0.30 threshold",
    gold: [item("g1", "Work/Experience", "works as a nurse in Lisbon", "direct", 0.9)],
    pred: [item("p1", "Preferences/Food", "zzz", "indirect", 0.1)],
    gold0: "below_threshold",
    pred0: "below_threshold",
  },
  {
    name: "two gold items want one prediction: the better pair wins, the other is taken",
    gold: [item("g1", "Preferences/Food", "likes tea a lot"), item("g2", "Preferences/Food", "likes green tea")],
    pred: [item("p1", "Preferences/Food", "likes green tea")],
    gold0: "taken",
    pred0: "matched",
  },
  {
    name: "a prediction that is not an object is counted, never matched",
    gold: [item("g1", "Preferences/Food", "likes tea")],
    pred: ["just text", item("p1", "Preferences/Food", "likes tea")],
    gold0: "matched",
    pred0: "invalid",
  },
  {
    name: "type and confidence differ: still a match, with lower components",
    gold: [item("g1", "Preferences/Food", "likes tea", "direct", 0.9)],
    pred: [item("p1", "Preferences/Food", "likes tea", "indirect", 0.2)],
    gold0: "matched",
    pred0: "matched",
  },
  {
    name: "ties keep i-major order",
    gold: [item("g1", "A/B", "same words"), item("g2", "A/B", "same words")],
    pred: [item("p1", "A/B", "same words"), item("p2", "A/B", "same words")],
    gold0: "matched",
    pred0: "matched",
  },
];

describe("explainMemorySetMatch agrees with scoreMemorySet", () => {
  test.each(cases)("$name", ({ gold, pred, gold0, pred0 }) => {
    const explanation = explainMemorySetMatch(gold, pred);
    expectAgreesWithScorer(gold, pred, explanation);
    expect(explanation.gold[0]?.kind).toBe(gold0);
    if (pred0 !== undefined) expect(explanation.pred[0]?.kind).toBe(pred0);
  });

  test("the threshold sentence names the score and 0.30", () => {
    const explanation = explainMemorySetMatch(cases[2]!.gold, cases[2]!.pred);
    expect(describeGoldFate(explanation.gold[0]!)).toMatch(/^missed: best prediction #1 scores 0\.\d{4} < 0\.30$/);
    expect(describePredFate(explanation.pred[0]!)).toMatch(/^extra: best gold #1 scores 0\.\d{4} < 0\.30$/);
  });

  test("the taken sentence names who took the prediction", () => {
    const explanation = explainMemorySetMatch(cases[3]!.gold, cases[3]!.pred);
    const fate = explanation.gold[0]!;
    expect(fate.kind).toBe("taken");
    expect(describeGoldFate(fate)).toMatch(/was matched to gold #2 first/);
  });

  test("too many pairs: the scorer's result only, marked skipped", () => {
    const gold = Array.from({ length: 5 }, (_, i) => item(`g${i}`, "A/B", `v ${i}`));
    const pred = Array.from({ length: 5 }, (_, i) => item(`p${i}`, "A/B", `v ${i}`));
    const explanation = explainMemorySetMatch(gold, pred, { maxPairs: 24 });
    expect(explanation.skipped).toBe(true);
    expect(explanation.result).toEqual(scoreMemorySet(gold, pred));
  });
});

const LABELS = ["Preferences/Food", "Preferences/Interaction_Preferences", "Work/Experience", "Work", "Thoughts/Curiosity", "UNMAPPED"];
const WORDS = ["likes", "tea", "coffee", "works", "nurse", "Berlin", "prefers", "short", "answers", "cats", "咖啡", "café"];

function randomItem(r: Random): unknown {
  if (randomInt(r, 20) === 0) return pick(r, ["text", 3, null]);
  const words = Array.from({ length: 1 + randomInt(r, 5) }, () => pick(r, WORDS)).join(" ");
  return item(`m${randomInt(r, 50)}`, pick(r, LABELS), words, pick(r, ["direct", "indirect", "implied"]), pick(r, [0.9, 0.5, 0.2, "high", undefined]));
}

describe("explainMemorySetMatch on many inputs", () => {
  test.each(Array.from({ length: 200 }, (_, k) => ({ k })))("random set $k", ({ k }) => {
    const r = seededRandom(`explain:${k}`);
    const gold = Array.from({ length: randomInt(r, 7) }, () => randomItem(r));
    const pred = Array.from({ length: randomInt(r, 8) }, () => randomItem(r));
    expectAgreesWithScorer(gold, pred, explainMemorySetMatch(gold, pred));
  });

  test("every demo Task 1 and Task 2 instance, for every demo system", () => {
    const dataset = getDemoDataset();
    let checked = 0;
    for (const system of dataset.systems) {
      for (const track of ["task1", "task2"] as const) {
        const rows = new Map((system.predictions[track] as { benchmark_id: string; memory_items?: unknown[] }[]).map((row) => [row.benchmark_id, row]));
        for (const instance of dataset.instances.filter((i) => i.track === track)) {
          const gold = ((instance.gold as { memory_items?: unknown[] } | null)?.memory_items ?? []) as unknown[];
          const pred = rows.get(instance.benchmarkId)?.memory_items ?? [];
          expectAgreesWithScorer(gold, pred, explainMemorySetMatch(gold, pred));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
