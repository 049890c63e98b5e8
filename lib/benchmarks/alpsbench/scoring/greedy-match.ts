import { MIN_PAIR_SCORE } from "./min-pair-score";
import { pairScoreIfAtLeast } from "./pair-score";
import type { PreparedMemoryItem } from "./prepare-memory-item";

export interface MatchedIndexPair {
  goldIndex: number;
  predIndex: number;
  score: number;
}

/**
 * The authors' default one-to-one matching (SCORING.md step 7): score every
 * (gold i, pred j) pair in i-major order, stable-sort by score descending,
 * accept a pair when neither side is taken, stop at the first score < 0.30.
 * Pairs below the threshold can never be accepted, so they are not kept;
 * the stable order of the rest is unchanged by dropping them.
 */
export function greedyMatch(gold: readonly PreparedMemoryItem[], pred: readonly PreparedMemoryItem[]): MatchedIndexPair[] {
  let cap = 64;
  let scores = new Float64Array(cap);
  let gi = new Int32Array(cap);
  let pj = new Int32Array(cap);
  let n = 0;
  for (const g of gold) {
    if (!g.valid) continue;
    for (const p of pred) {
      if (!p.valid) continue;
      const s = pairScoreIfAtLeast(g, p, MIN_PAIR_SCORE);
      if (!(s >= MIN_PAIR_SCORE)) continue;
      if (n === cap) {
        cap *= 2;
        scores = copied(scores, new Float64Array(cap));
        gi = copied(gi, new Int32Array(cap));
        pj = copied(pj, new Int32Array(cap));
      }
      scores[n] = s;
      gi[n] = g.index;
      pj[n] = p.index;
      n++;
    }
  }
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  // Ties keep i-major order, as Python's stable sort(reverse=True) does.
  order.sort((x, y) => scores[y]! - scores[x]! || x - y);

  const usedG = new Uint8Array(gold.length);
  const usedP = new Uint8Array(pred.length);
  const out: MatchedIndexPair[] = [];
  const limit = Math.min(gold.length, pred.length);
  for (let k = 0; k < n && out.length < limit; k++) {
    const c = order[k]!;
    const i = gi[c]!;
    const j = pj[c]!;
    if (usedG[i] || usedP[j]) continue;
    usedG[i] = 1;
    usedP[j] = 1;
    out.push({ goldIndex: i, predIndex: j, score: scores[c]! });
  }
  return out;
}

/** `into` with `from` copied to its start. */
function copied<T extends Float64Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}
