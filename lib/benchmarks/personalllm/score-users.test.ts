import { describe, expect, test } from "vitest";
import { REWARD_ALIASES, REWARD_MODELS, type RewardAlias } from "./reward-models";
import { checkItems } from "../check-items";
import { evaluationUsers } from "./evaluation-users";
import { scoreRewards } from "./rewards-track";
import { RewardsPrediction, type EvalUser } from "./schemas";

/**
 * A hand-computed example (worked on paper, not by this code). Raw rewards are written as mean + z * sd so the
 * z-scores are the round numbers below. Weight index k belongs to the k-th alias in SORTED order:
 * 0 beaver_7b, 1 gemma_2b, 3 llama3_sfairx, 7 oasst_deberta_v3, 9 oasst_pythia_7b (the JSON lists llama3 first).
 *
 *   user 1 (A): w[0]=0.5 (beaver z=2), w[1]=0.5 (gemma_2b z=-1), two extra person_weight entries that must be ignored
 *           score = 0.5*2 + 0.5*(-1) = 0.5;   best 0.4 -> win;  gpt4o 0.6 -> loss
 *   user 2 (B): w[9]=1, every raw reward = train mean -> every z = 0 exactly, score = 0
 *           best 0 and gpt4o 0: TIES, which are NOT wins (strict ">")
 *   user 3 (C): w[3]=0.25 (llama3 z=4), w[7]=0.75 (deberta z=-1)
 *           score = 1 - 0.75 = 0.25;  best -1 -> win;  gpt4o 0.2 -> win
 *
 *   total_score = (0.5 + 0 + 0.25) / 3 = 0.25
 *   win_rate_vs_best_response = 100 * 2/3 = 66.666...;  win_rate_vs_gpt4o = 100 * 1/3 = 33.333...
 *   mean z: beaver 2/3, gemma_2b -1/3, llama3 4/3, deberta -1/3, every other model 0
 */
const weights = (entries: Record<number, number>, extra: number[] = []) => [...Array.from({ length: 10 }, (_, k) => entries[k] ?? 0), ...extra];
const users: EvalUser[] = [
  { personId: "1", weights: weights({ 0: 0.5, 1: 0.5 }, [9, 9]), testPrompt: "p", bestResponseReward: 0.4, gpt4oReward: 0.6 },
  { personId: "2", weights: weights({ 9: 1 }), testPrompt: "p", bestResponseReward: 0, gpt4oReward: 0 },
  { personId: "3", weights: weights({ 3: 0.25, 7: 0.75 }), testPrompt: "p", bestResponseReward: -1, gpt4oReward: 0.2 },
];
const row = (personId: string, z: Partial<Record<RewardAlias, number>>) =>
  RewardsPrediction.parse({
    person_id: personId,
    ...Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, REWARD_MODELS[a].trainMean + (z[a] ?? 0) * REWARD_MODELS[a].trainSd])),
  });
const rows = [row("1", { beaver_7b: 2, gemma_2b: -1 }), row("2", {}), row("3", { llama3_sfairx: 4, oasst_deberta_v3: -1 })];

describe("PersonalLLM scorer, hand-computed example", () => {
  const result = scoreRewards({ users }, rows);

  test("user scores and strict wins", () => {
    const byId = Object.fromEntries(result.items.map((u) => [u.personId, u]));
    expect(byId["1"]!.score).toBeCloseTo(0.5, 9);
    expect(byId["2"]!.score).toBe(0);
    expect(byId["3"]!.score).toBeCloseTo(0.25, 9);
    expect(result.items.map((u) => [u.personId, u.winVsBest, u.winVsGpt4o])).toEqual([
      ["1", true, false],
      ["2", false, false], // exact ties: a ">=" scorer would give true, true
      ["3", true, true],
    ]);
  });

  test.each([
    ["total_score", 0.25],
    ["win_rate_vs_best_response", 200 / 3],
    ["win_rate_vs_gpt4o", 100 / 3],
    ["mean_z_beaver_7b", 2 / 3],
    ["mean_z_gemma_2b", -1 / 3],
    ["mean_z_gemma_7b", 0],
    ["mean_z_llama3_sfairx", 4 / 3],
    ["mean_z_mistral_raft", 0],
    ["mean_z_mistral_ray", 0],
    ["mean_z_mistral_weqweasdas", 0],
    ["mean_z_oasst_deberta_v3", -1 / 3],
    ["mean_z_oasst_pythia_1b", 0],
    ["mean_z_oasst_pythia_7b", 0],
  ])("%s = %d", (metric, expected) => {
    const m = result.metrics[metric]!;
    expect(Math.abs(m.value! - expected)).toBeLessThan(1e-9);
    expect(m.n).toBe(3);
  });

  test("95% bootstrap intervals: fixed seed, bracket the value, reproducible", () => {
    const again = scoreRewards({ users }, rows);
    for (const [name, m] of Object.entries(result.metrics)) {
      expect(again.metrics[name]).toEqual(m);
      expect(m.ciLow!).toBeLessThanOrEqual(m.value! + 1e-12);
      expect(m.ciHigh!).toBeGreaterThanOrEqual(m.value! - 1e-12);
    }
    // resamples of 3 users: the win-rate interval spans from no win to all wins
    expect(result.metrics.win_rate_vs_best_response!.ciLow).toBe(0);
    expect(result.metrics.win_rate_vs_best_response!.ciHigh).toBe(100);
  });

  test("missing, unknown and repeated users are problems with line and field", () => {
    const located = [
      { ...rows[0]!, line: 1 },
      { ...rows[0]!, line: 2 },
      { ...row("99", {}), line: 3 },
    ];
    expect(checkItems({ items: evaluationUsers }, { users }, located).problems).toEqual([
      { line: 2, field: "person_id", message: 'person_id "1" repeated (first on line 1)' },
      { line: 3, field: "person_id", message: 'unknown person_id "99": not in the evaluation set' },
      { line: null, field: "person_id", message: "2 evaluation user(s) missing: 2, 3" },
    ]);
  });

  test.each([
    ["NaN text", "NaN"],
    ["infinity", Infinity],
    ["empty", ""],
    ["word", "high"],
  ])("non-finite score (%s) names the field", (_, value) => {
    const parsed = RewardsPrediction.safeParse({ ...row("1", {}), score_gemma_7b: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["score_gemma_7b"]);
  });
});
