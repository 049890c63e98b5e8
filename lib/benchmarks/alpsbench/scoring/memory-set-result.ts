/** One accepted gold–prediction pair with its component similarities (each rounded to 4 decimals). */
export interface MemoryPair {
  goldIndex: number;
  predIndex: number;
  goldId: string | null;
  predId: string | null;
  /** pair score, Python-rounded to 4 decimals; these rounded values are what gets averaged */
  score: number;
  label: number;
  value: number;
  /** 1 when the two `type` values are equal (two missing types are equal), else 0 */
  type: number;
  confidence: number;
}

export interface MemorySetResult {
  /** P, R, F1 rounded to 4 decimals; F1 is computed from the unrounded P and R */
  precision: number;
  recall: number;
  f1: number;
  /** clip(0..100, 60·avgPairScore + 40·F1), rounded to 4 decimals */
  algoScore100: number;
  /** mean of the rounded pair scores over max(TP, 1), rounded to 4 decimals */
  avgPairScore: number;
  tp: number;
  nGold: number;
  nPred: number;
  /** accepted pairs in acceptance order (greedy: descending score) */
  pairs: MemoryPair[];
  /** gold indices left unmatched, ascending */
  missingGold: number[];
  /** prediction indices left unmatched, ascending */
  extraPred: number[];
  /** gold items of type "direct" and how many of them were matched */
  directGold: number;
  directMatched: number;
  /** gold items of type "indirect" (or "implied") and how many were matched */
  indirectGold: number;
  indirectMatched: number;
  /** what in the input could not be scored as given, and what was done instead */
  problems: string[];
}

export type Matcher = "greedy" | "hungarian";
