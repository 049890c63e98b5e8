import { mean } from "@/lib/metrics/aggregate";
import { bootstrapCI } from "@/lib/stats/bootstrap-ci";
import type { MetricValue, ScoreResult } from "../types";
import { REWARD_ALIASES, zScore, type RewardAlias } from "./reward-models";
import type { EvalUser } from "./schemas";

/**
 * PersonalLLM's scoring (their eval.py, restated in shared/docs/PERSONALLLM.md), shared by both tracks:
 * for each user, z_a = (r_a - mean_a) / sd_a per reward model; the user's score = sum over the aliases in
 * SORTED order of person_weight[k] * z_k; then the mean score, the two win rates (percent, STRICTLY greater
 * than the baseline's reward: a tie, to the last bits a summation order moves, is not a win; see beats) and each reward model's mean z. Pure: no I/O, and the
 * bootstrap seed is fixed per metric so the same rows always give the same intervals.
 */

const BOOTSTRAP_SEED = "personalllm-v1";
const BOOTSTRAP_RESAMPLES = 2000;

export interface UserResult {
  personId: string;
  score: number;
  /** z-score per reward model, in REWARD_ALIASES order */
  z: number[];
  winVsBest: boolean;
  winVsGpt4o: boolean;
}

/** A user's result on the selection track: the figures of the candidate they chose (1-based). */
export type SelectionResult = UserResult & { choice: number };

export const meanZMetric = (alias: RewardAlias) => `mean_z_${alias}`;

/** The persona-weighted sum of z-scores, left to right over the aliases in sorted order. */
export function personaScore(weights: readonly number[], z: readonly number[]): number {
  let score = 0;
  REWARD_ALIASES.forEach((_, k) => {
    score += weights[k]! * z[k]!;
  });
  return score;
}

/**
 * Ties as eval.py decides them. The evaluation set's best_response_reward and gpt4o_reward were summed by
 * eval.py's `np.dot`, whose BLAS kernel adds the 10 products in partial sums, not left to right as
 * personaScore does: the same 10 products then differ by about one unit in the last place, and a strict ">"
 * turned such ties into wins. Reordering a 10-term sum moves it by at most ~10 ulp of the sum of |terms|
 * (about 1e-14 here: weights sum to 1 and |z| stays below ~20), while two different responses' rewards differ
 * far more (reward models score in float32, ~1e-7 relative). So a score within TIE_TOLERANCE (relative to the
 * larger magnitude, at least 1) of the baseline ties it, and only a score above that margin wins.
 */
const TIE_TOLERANCE = 1e-9;

/** eval.py's `score > reward`, with sums that differ only by summation order counted as equal. */
function beats(score: number, reward: number): boolean {
  return score - reward > TIE_TOLERANCE * Math.max(1, Math.abs(score), Math.abs(reward));
}

/** One user's persona-weighted score of raw rewards. */
export function scoreUser(user: EvalUser, raw: Readonly<Record<RewardAlias, number>>): UserResult {
  const z = REWARD_ALIASES.map((alias) => zScore(alias, raw[alias]));
  const score = personaScore(user.weights, z);
  return {
    personId: user.personId,
    score,
    z,
    winVsBest: beats(score, user.bestResponseReward),
    winVsGpt4o: beats(score, user.gpt4oReward),
  };
}

/** Every metric of a set of scored users, with n and 95% bootstrap intervals. */
export function aggregateUsers(results: readonly UserResult[], seed: string = BOOTSTRAP_SEED): ScoreResult<UserResult> {
  const n = results.length;
  const ci = (name: string, values: number[], exact: number | null): MetricValue => {
    const interval = bootstrapCI(values, { seed: `${seed}:${name}`, resamples: BOOTSTRAP_RESAMPLES });
    return { value: exact, n, ciLow: interval.low, ciHigh: interval.high };
  };
  const scores = results.map((r) => r.score);
  const winsBest = results.map((r) => (r.winVsBest ? 100 : 0));
  const winsGpt = results.map((r) => (r.winVsGpt4o ? 100 : 0));
  const count = (xs: boolean[]) => xs.filter(Boolean).length;
  const metrics: Record<string, MetricValue> = {
    total_score: ci("total_score", scores, mean(scores)),
    // the share is counted, not averaged, so 2 wins of 3 users is exactly 100 * 2 / 3
    win_rate_vs_best_response: ci("win_rate_vs_best_response", winsBest, n === 0 ? null : (100 * count(results.map((r) => r.winVsBest))) / n),
    win_rate_vs_gpt4o: ci("win_rate_vs_gpt4o", winsGpt, n === 0 ? null : (100 * count(results.map((r) => r.winVsGpt4o))) / n),
  };
  REWARD_ALIASES.forEach((alias, k) => {
    const zs = results.map((r) => r.z[k]!);
    metrics[meanZMetric(alias)] = ci(meanZMetric(alias), zs, mean(zs));
  });
  return { n, metrics, items: [...results] };
}
