import type { MemorySetResult } from "@/lib/benchmarks/alpsbench/scoring/memory-set-result";

/**
 * The algo score before its 4-decimal rounding, which is what the authors blend into the final score
 * (final = round(0.5*algo + 0.5*judge, 4) with algo unrounded). The scorer reports algoScore100
 * rounded, so the unrounded value is rebuilt from its own parts with the same operations in the same
 * order (SCORING.md step 10), and checked against the rounded value it reports.
 */
export function unroundedAlgoScore(result: MemorySetResult): number {
  let sum = 0;
  for (const pair of result.pairs) sum += pair.score;
  const avg = sum / Math.max(result.tp, 1);
  const raw = 100.0 * 0.6 * avg + 100.0 * 0.4 * result.f1;
  const clipped = raw < 0 ? 0 : raw > 100 ? 100 : raw;
  if (Math.abs(clipped - result.algoScore100) > 5e-5 + 1e-9) {
    throw new Error(`unrounded algo score ${clipped} disagrees with the scorer.s ${result.algoScore100}`);
  }
  return clipped;
}
