/** The fates of a Task 1 / Task 2 matching's items and pairs (explain-match.ts replays them; describe-fate.ts words them). */

export type PairParts = {
  goldIndex: number;
  predIndex: number;
  /** pair score and components, rounded to 4 decimals as the scorer stores them */
  score: number;
  label: number;
  value: number;
  type: number;
  confidence: number;
};

/** Why a pair was not accepted (or that it was), in the order the greedy walk met it. */
export type PairFate = "accepted" | "gold_taken" | "pred_taken" | "below_threshold";

export type GoldFate =
  | { kind: "matched"; pair: PairParts; rank: number }
  | { kind: "invalid" }
  | { kind: "no_candidates" }
  /** its best pair scored under the threshold */
  | { kind: "below_threshold"; best: PairParts }
  /** every pair at or above the threshold met a partner already matched to another item first */
  | { kind: "taken"; best: PairParts; takenBy: PairParts };

export type PredFate = GoldFate;
