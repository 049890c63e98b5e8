import { MIN_PAIR_SCORE } from "./min-pair-score";
import { pairScorePrepared } from "./pair-score";
import { prepareMemoryItems } from "./prepare-memory-item";
import { createProblemLog } from "./problem-log";
import { pythonRound } from "./python-round";
import { scoreMemorySet } from "./score-memory-set";
import type { MemorySetResult } from "./memory-set-result";
import type { GoldFate, PairFate, PairParts, PredFate } from "./match-fates";

/**
 * Why a Task 1 / Task 2 instance scored what it did: every gold and predicted item's fate in the greedy
 * matching (SCORING.md step 7), with the similarity components of the pair that decided it.
 *
 * The explanation replays the matcher over the same prepared items and pair scores as the scorer
 * (prepareMemoryItems, pairScorePrepared, MIN_PAIR_SCORE) and carries the scorer's own result; `consistent`
 * says whether the replayed acceptances equal the scorer's pairs, so a page can never show an explanation
 * that disagrees with the number beside it without saying so. Pure: no I/O.
 */

export type MatchExplanation = {
  /** the scorer's result on the same inputs (the numbers shown) */
  result: MemorySetResult;
  threshold: number;
  gold: GoldFate[];
  pred: PredFate[];
  /** accepted pairs in acceptance order, from the replay */
  accepted: PairParts[];
  /** whether the replay's accepted pairs equal result.pairs (always true unless the scorer changed) */
  consistent: boolean;
  /** pairs scored; 0 when the explanation was skipped because there were more than `maxPairs` */
  pairsScored: number;
  skipped: boolean;
};

type ExplainOptions = {
  /** beyond this many gold × prediction pairs only the scorer's result is returned (a page must stay fast) */
  maxPairs?: number;
};

const DEFAULT_MAX_PAIRS = 10_000;

function round4(n: number): number {
  return pythonRound(n, 4);
}

/** Scores a pair the way the scorer does and rounds it the way it stores it. */
function partsOf(goldIndex: number, predIndex: number, raw: { score: number; label: number; value: number; type: number; confidence: number }): PairParts {
  return {
    goldIndex,
    predIndex,
    score: round4(raw.score),
    label: round4(raw.label),
    value: round4(raw.value),
    type: raw.type,
    confidence: round4(raw.confidence),
  };
}

export function explainMemorySetMatch(gold: unknown[], pred: unknown[], options: ExplainOptions = {}): MatchExplanation {
  const result = scoreMemorySet(gold, pred);
  const log = createProblemLog();
  const g = prepareMemoryItems(gold, "gold", log);
  const p = prepareMemoryItems(pred, "pred", log);
  const maxPairs = options.maxPairs ?? DEFAULT_MAX_PAIRS;

  const validG = g.filter((item) => item.valid);
  const validP = p.filter((item) => item.valid);
  if (validG.length * validP.length > maxPairs) {
    return { result, threshold: MIN_PAIR_SCORE, gold: [], pred: [], accepted: [], consistent: true, pairsScored: 0, skipped: true };
  }

  // Every valid pair in i-major order, as the matcher enumerates them.
  type Candidate = { raw: number; parts: PairParts; order: number; fate: PairFate };
  const candidates: Candidate[] = [];
  for (const gi of validG) {
    for (const pj of validP) {
      const raw = pairScorePrepared(gi, pj);
      candidates.push({ raw: raw.score, parts: partsOf(gi.index, pj.index, raw), order: candidates.length, fate: "below_threshold" });
    }
  }

  // The greedy walk: stable sort by unrounded score, descending; stop at the first score under the threshold.
  const walk = [...candidates].sort((a, b) => b.raw - a.raw || a.order - b.order);
  type Pairs = Map<number, { pair: PairParts; rank: number }>;
  const goldPair: Pairs = new Map();
  const predPair: Pairs = new Map();
  const accepted: PairParts[] = [];
  for (const c of walk) {
    if (!(c.raw >= MIN_PAIR_SCORE)) break;
    if (goldPair.has(c.parts.goldIndex)) c.fate = "gold_taken";
    else if (predPair.has(c.parts.predIndex)) c.fate = "pred_taken";
    else {
      c.fate = "accepted";
      const entry = { pair: c.parts, rank: accepted.length + 1 };
      goldPair.set(c.parts.goldIndex, entry);
      predPair.set(c.parts.predIndex, entry);
      accepted.push(c.parts);
    }
  }

  // The best pair per item (first in walk order), and the pair that took its best partner.
  const bestForGold = new Map<number, Candidate>();
  const bestForPred = new Map<number, Candidate>();
  for (const c of walk) {
    if (!bestForGold.has(c.parts.goldIndex)) bestForGold.set(c.parts.goldIndex, c);
    if (!bestForPred.has(c.parts.predIndex)) bestForPred.set(c.parts.predIndex, c);
  }

  const fates = (items: typeof g, own: Pairs, bestFor: Map<number, Candidate>, partners: Pairs, partner: "goldIndex" | "predIndex"): GoldFate[] =>
    items.map((item) => {
      if (!item.valid) return { kind: "invalid" };
      const hit = own.get(item.index);
      if (hit) return { kind: "matched", pair: hit.pair, rank: hit.rank };
      const best = bestFor.get(item.index);
      if (!best) return { kind: "no_candidates" };
      if (!(best.raw >= MIN_PAIR_SCORE)) return { kind: "below_threshold", best: best.parts };
      return { kind: "taken", best: best.parts, takenBy: partners.get(best.parts[partner])!.pair };
    });
  const goldFates = fates(g, goldPair, bestForGold, predPair, "predIndex");
  const predFates: PredFate[] = fates(p, predPair, bestForPred, goldPair, "goldIndex");
  const keys = ["goldIndex", "predIndex", "score", "label", "value", "type", "confidence"] as const;
  const consistent = accepted.length === result.pairs.length && accepted.every((a, k) => keys.every((key) => a[key] === result.pairs[k]![key]));

  return { result, threshold: MIN_PAIR_SCORE, gold: goldFates, pred: predFates, accepted, consistent, pairsScored: candidates.length, skipped: false };
}

// the sentences are read in the browser too (the submission page renders an opened instance there): a file of their own
