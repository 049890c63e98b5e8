import { pythonFloat } from "./python-float";

/**
 * A confidence in [0, 1] as the authors read it: Python float(); missing or
 * unparsable → 1.0 (do not penalise what was not stated); clamped to [0, 1].
 * NaN ("nan" is valid Python float text) passes the clamp unchanged, as in
 * Python, and then costs nothing in confidenceScoreOf.
 */
export function confidenceValue(value: unknown): number {
  const f = value === undefined || value === null ? null : pythonFloat(value);
  if (f === null) return 1.0;
  if (f < 0.0) return 0.0;
  if (f > 1.0) return 1.0;
  return f;
}

/**
 * Confidence agreement (SCORING.md step 5) of two confidences read by confidenceValue: differences up to 0.2 are
 * free, beyond that the score falls linearly to 0 at a difference of 1.0.
 */
export function confidenceScoreOf(ca: number, cb: number): number {
  const diff = Math.abs(ca - cb);
  // Python's max(0.0, x) keeps 0.0 unless x > 0.0, so a NaN difference is no penalty.
  const penalty = diff - 0.2 > 0.0 ? diff - 0.2 : 0.0;
  const score = 1.0 - (penalty > 0 ? penalty / 0.8 : 0.0);
  return score < 0.0 ? 0.0 : score;
}
