import { MIN_PAIR_SCORE } from "./min-pair-score";
import { pairScorePrepared } from "./pair-score";
import type { PreparedMemoryItem } from "./prepare-memory-item";
import type { MatchedIndexPair } from "./greedy-match";

/** Above this side length the O(n³) assignment is refused (the caller falls back to greedy). */
export const HUNGARIAN_MAX_SIZE = 500;

/**
 * The authors' optional global matcher: maximum total score via the
 * Hungarian algorithm on a square cost matrix (cost = 1 − score), where
 * padding rows/columns stand for "unmatched" and cost 1 − (0.30 − 0.01), so
 * leaving an item unmatched is slightly better than a sub-threshold pair.
 * Assigned pairs below 0.30 are dropped afterwards. Pairs are returned in
 * prediction-index order, the order in which the authors sum them.
 * Returns null when the problem is too large to solve here.
 */
export function hungarianMatch(gold: readonly PreparedMemoryItem[], pred: readonly PreparedMemoryItem[]): MatchedIndexPair[] | null {
  const ng = gold.length;
  const np = pred.length;
  const n = Math.max(ng, np);
  if (n === 0) return [];
  if (n > HUNGARIAN_MAX_SIZE) return null;
  const scores = new Float64Array(ng * np);
  for (let i = 0; i < ng; i++) {
    const g = gold[i]!;
    if (!g.valid) continue;
    for (let j = 0; j < np; j++) {
      const p = pred[j]!;
      if (p.valid) scores[i * np + j] = pairScorePrepared(g, p).score;
    }
  }
  const dummy = Math.max(MIN_PAIR_SCORE - 0.01, 0.0);
  const cost = (i: number, j: number): number => (i < ng && j < np ? 1.0 - scores[i * np + j]! : 1.0 - dummy);
  const rowOfCol = minCostAssignment(n, cost);
  const out: MatchedIndexPair[] = [];
  for (let j = 0; j < n; j++) {
    const i = rowOfCol[j]!;
    if (i < 0 || i >= ng || j >= np) continue;
    const s = scores[i * np + j]!;
    if (s < MIN_PAIR_SCORE) continue;
    out.push({ goldIndex: i, predIndex: j, score: s });
  }
  return out;
}

/**
 * Classic O(n³) Hungarian method with row/column potentials (rows added one
 * at a time, shortest augmenting path by Dijkstra-like relaxation). Returns,
 * for each column, the row assigned to it.
 */
function minCostAssignment(n: number, cost: (i: number, j: number) => number): Int32Array {
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1); // p[j] = row (1-based) matched to column j; column 0 is a sentinel
  const way = new Int32Array(n + 1);
  const minv = new Float64Array(n + 1);
  const used = new Uint8Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    for (;;) {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          const r = p[j]!;
          u[r] = u[r]! + delta;
          v[j] = v[j]! - delta;
        } else {
          minv[j] = minv[j]! - delta;
        }
      }
      j0 = j1;
      if (p[j0] === 0) break;
    }
    for (;;) {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
      if (j0 === 0) break;
    }
  }
  const rowOfCol = new Int32Array(n).fill(-1);
  for (let j = 1; j <= n; j++) if (p[j]! !== 0) rowOfCol[j - 1] = p[j]! - 1;
  return rowOfCol;
}
