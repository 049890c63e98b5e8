import { confidenceScoreOf } from "./confidence-score";
import { labelSimilarityOfParts } from "./label-similarity";
import { prepareMemoryItems, type PreparedMemoryItem } from "./prepare-memory-item";
import { createProblemLog } from "./problem-log";
import { pythonEquals } from "./python-equals";
import { valueSimilarityPrepared, valueSimilarityUpperBound } from "./value-similarity";

interface PairScoreParts {
  /** weighted sum clamped to [0, 1], unrounded */
  score: number;
  label: number;
  value: number;
  type: number;
  confidence: number;
}

// SCORING.md step 6. Label and value carry the meaning; type and confidence
// only refine it, hence 0.4/0.4/0.1/0.1. The sum is evaluated left to right,
// as in the authors' code, so the doubles (and their rounding) are identical.
const W_LABEL = 0.4;
const W_VALUE = 0.4;
const W_TYPE = 0.1;
const W_CONFIDENCE = 0.1;

export function pairScorePrepared(g: PreparedMemoryItem, p: PreparedMemoryItem): PairScoreParts {
  const label = labelSimilarityOfParts(g.labelParts, p.labelParts);
  const value = valueSimilarityPrepared(g.value, p.value);
  const type = pythonEquals(g.type, p.type) ? 1.0 : 0.0;
  const confidence = confidenceScoreOf(g.confidence, p.confidence);
  let score = W_LABEL * label + W_VALUE * value + W_TYPE * type + W_CONFIDENCE * confidence;
  score = score < 0.0 ? 0.0 : score > 1.0 ? 1.0 : score;
  return { score, label, value, type, confidence };
}

/**
 * The pair score when it can reach `min`, else -1. Most gold–prediction
 * pairs are far apart; bounding the value similarity first (no
 * SequenceMatcher) settles about half of them cheaply. A pair is skipped only
 * when even its upper bound is below `min` by more than any rounding error,
 * so every pair that could be accepted gets its exact score.
 */
export function pairScoreIfAtLeast(g: PreparedMemoryItem, p: PreparedMemoryItem, min: number): number {
  const label = labelSimilarityOfParts(g.labelParts, p.labelParts);
  const type = pythonEquals(g.type, p.type) ? 1.0 : 0.0;
  const confidence = confidenceScoreOf(g.confidence, p.confidence);
  const bound = W_LABEL * label + W_VALUE * valueSimilarityUpperBound(g.value, p.value) + W_TYPE * type + W_CONFIDENCE * confidence;
  if (bound < min - 1e-9) return -1;
  const value = valueSimilarityPrepared(g.value, p.value);
  const score = W_LABEL * label + W_VALUE * value + W_TYPE * type + W_CONFIDENCE * confidence;
  return score < 0.0 ? 0.0 : score > 1.0 ? 1.0 : score;
}

/** Pair score of one gold item and one predicted item (unrounded); 0 parts if either is not an object. */
export function pairScore(gold: unknown, pred: unknown): PairScoreParts {
  const log = createProblemLog();
  const [g] = prepareMemoryItems([gold], "gold", log);
  const [p] = prepareMemoryItems([pred], "pred", log);
  if (!g || !p || !g.valid || !p.valid) return { score: 0, label: 0, value: 0, type: 0, confidence: 0 };
  return pairScorePrepared(g, p);
}
