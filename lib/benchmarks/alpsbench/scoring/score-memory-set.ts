import { greedyMatch } from "./greedy-match";
import { HUNGARIAN_MAX_SIZE, hungarianMatch } from "./hungarian-match";
import { pairScorePrepared } from "./pair-score";
import { prepareMemoryItems } from "./prepare-memory-item";
import { createProblemLog } from "./problem-log";
import { pythonRound } from "./python-round";
import type { Matcher, MemoryPair, MemorySetResult } from "./memory-set-result";

interface ScoreMemorySetOptions {
  /** "greedy" (default, the leaderboard's) or "hungarian" (the authors' optional global matcher) */
  matcher?: Matcher;
}

/**
 * Task 1 / Task 2 memory-set score of one instance (SCORING.md steps 1–10).
 * Never throws: anything that is not a list is scored as empty, items that
 * are not objects are counted but never matched, odd field values are read
 * the way the authors' Python reads them; each such case is in `problems`.
 */
export function scoreMemorySet(gold: unknown[], pred: unknown[], opts: ScoreMemorySetOptions = {}): MemorySetResult {
  const problems = createProblemLog();
  const g = prepareMemoryItems(gold, "gold", problems);
  const p = prepareMemoryItems(pred, "pred", problems);

  let matched = opts.matcher === "hungarian" ? hungarianMatch(g, p) : greedyMatch(g, p);
  if (matched === null) {
    problems.add(`hungarian matcher: more than ${HUNGARIAN_MAX_SIZE} items on one side; greedy matching used instead`);
    matched = greedyMatch(g, p);
  }

  const pairs: MemoryPair[] = [];
  const usedG = new Uint8Array(g.length);
  const usedP = new Uint8Array(p.length);
  // Summed in acceptance order with plain left-to-right addition, as Python
  // 3.11's sum() does (3.12+ compensates; the difference is ~1e-16).
  let sumRounded = 0;
  for (const m of matched) {
    const gi = g[m.goldIndex]!;
    const pj = p[m.predIndex]!;
    const parts = pairScorePrepared(gi, pj);
    const score = pythonRound(parts.score, 4);
    sumRounded += score;
    usedG[m.goldIndex] = 1;
    usedP[m.predIndex] = 1;
    pairs.push({
      goldIndex: m.goldIndex,
      predIndex: m.predIndex,
      goldId: gi.id,
      predId: pj.id,
      score,
      label: pythonRound(parts.label, 4),
      value: pythonRound(parts.value, 4),
      type: parts.type,
      confidence: pythonRound(parts.confidence, 4),
    });
  }

  const tp = pairs.length;
  const nGold = g.length;
  const nPred = p.length;
  const pr = nPred ? tp / nPred : 0.0;
  const rc = nGold ? tp / nGold : 0.0;
  const f1Raw = pr + rc ? (2 * pr * rc) / (pr + rc) : 0.0;
  const precision = pythonRound(pr, 4);
  const recall = pythonRound(rc, 4);
  const f1 = pythonRound(f1Raw, 4);

  const avgRaw = sumRounded / Math.max(tp, 1);
  // Same operand order as the authors (100·w·avg + 100·w·F1, F1 already
  // rounded) so the double, and therefore its 4-decimal rounding, is theirs.
  const algoRaw = 100.0 * 0.6 * avgRaw + 100.0 * 0.4 * f1;
  const algo = algoRaw < 0 ? 0 : algoRaw > 100 ? 100 : algoRaw;

  const missingGold: number[] = [];
  const extraPred: number[] = [];
  let directGold = 0;
  let directMatched = 0;
  let indirectGold = 0;
  let indirectMatched = 0;
  for (const item of g) {
    const hit = usedG[item.index] === 1;
    if (!hit) missingGold.push(item.index);
    if (item.kind === "direct") {
      directGold++;
      if (hit) directMatched++;
    } else if (item.kind === "indirect") {
      indirectGold++;
      if (hit) indirectMatched++;
    }
  }
  for (const item of p) if (usedP[item.index] !== 1) extraPred.push(item.index);

  return {
    precision,
    recall,
    f1,
    algoScore100: pythonRound(algo, 4),
    avgPairScore: pythonRound(avgRaw, 4),
    tp,
    nGold,
    nPred,
    pairs,
    missingGold,
    extraPred,
    directGold,
    directMatched,
    indirectGold,
    indirectMatched,
    problems: problems.list(),
  };
}
