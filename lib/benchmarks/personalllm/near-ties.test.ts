import { describe, expect, test } from "vitest";
import { seededRandom } from "@/lib/stats/seeded-random";
import { REWARD_ALIASES, REWARD_MODELS, zScore, type RewardAlias } from "./reward-models";
import { scoreRewards } from "./rewards-track";
import { RewardsPrediction, type EvalUser, type PromptCandidates } from "./schemas";
import { personaScore } from "./score-users";
import { scoreChoices, selectionBaselines } from "./selection-track";
import { dirichlet } from "./synthetic/synthetic-rows";

/**
 * Near ties, generated: the evaluation set's best_response_reward and gpt4o_reward were summed by eval.py's
 * `np.dot`, whose BLAS kernel accumulates in several partial sums, not left to right. A response whose raw
 * rewards equal the best response's must tie it (eval.py: score == reward, no win) even though the two sums
 * can differ in the last bit. `blasDot` below sums as an unrolled 4-accumulator kernel does; the users are
 * drawn as the paper draws them (Dirichlet(0.05) weights), with rewards around each model's train mean.
 */
function blasDot(weights: readonly number[], z: readonly number[]): number {
  const acc = [0, 0, 0, 0];
  let k = 0;
  for (; k + 4 <= z.length; k += 4) for (let j = 0; j < 4; j++) acc[j]! += weights[k + j]! * z[k + j]!;
  let tail = 0;
  for (; k < z.length; k++) tail += weights[k]! * z[k]!;
  return acc[0]! + acc[1]! + (acc[2]! + acc[3]!) + tail;
}

const leftToRight = (weights: readonly number[], z: readonly number[]) => z.reduce((s, v, k) => s + weights[k]! * v, 0);

const USERS = 200;
const rand = seededRandom("personalllm-near-ties");
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const rawAround = (quality: number) =>
  Object.fromEntries(REWARD_ALIASES.map((a) => [a, REWARD_MODELS[a].trainMean + REWARD_MODELS[a].trainSd * (quality + normal())])) as Record<RewardAlias, number>;
const zOf = (raw: Record<RewardAlias, number>) => REWARD_ALIASES.map((a) => zScore(a, raw[a]));

const prompts: PromptCandidates[] = [];
const users: EvalUser[] = [];
for (let u = 0; u < USERS; u++) {
  const weights = dirichlet(rand, 0.05, REWARD_ALIASES.length);
  const raws = Array.from({ length: 8 }, () => rawAround(normal() * 0.5));
  // the best candidate as eval.py ranks them, and its reward as eval.py sums it
  const sums = raws.map((raw) => blasDot(weights, zOf(raw)));
  const best = sums.indexOf(Math.max(...sums));
  prompts.push({
    promptId: `p${u}`,
    prompt: `prompt ${u}`,
    subset: "test",
    candidates: raws.map((raw, i) => ({ text: `answer ${i + 1}`, model: `m${i + 1}`, rewards: raw })),
  });
  // GPT-4o's response equals candidate 1 for every user: a tie with it is not a win either
  users.push({ personId: String(u), weights, testPrompt: `prompt ${u}`, bestResponseReward: sums[best]!, gpt4oReward: sums[0]! });
}
const bestChoice = (user: EvalUser, prompt: PromptCandidates) => {
  const sums = prompt.candidates.map((c) => blasDot(user.weights, zOf(c.rewards as Record<RewardAlias, number>)));
  return 1 + sums.indexOf(Math.max(...sums));
};
const promptOf = (user: EvalUser) => prompts.find((p) => p.prompt === user.testPrompt)!;
const rewardsRow = (personId: string, raw: Record<string, number>) =>
  RewardsPrediction.parse({ person_id: personId, ...Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, raw[a]])) });

// the selection test scores 10 baselines with bootstrap intervals: seconds alone, more beside other work on 2 cores
describe("PersonalLLM near ties are decided as eval.py decides them", { timeout: 120_000 }, () => {
  test("the generated set holds near ties that a left-to-right sum and a strict '>' turn into wins", () => {
    // without these, the test below could not fail: the orders must really disagree on some users
    const disagree = users.filter(
      (u) => leftToRight(u.weights, zOf(promptOf(u).candidates[bestChoice(u, promptOf(u)) - 1]!.rewards as never)) > u.bestResponseReward,
    );
    expect(disagree.length).toBeGreaterThan(USERS / 50);
  });

  test("rewards track: a response scored as the best response wins 0.0 % against it (and against GPT-4o's equal one)", () => {
    const rows = users.map((user) => {
      return rewardsRow(user.personId, promptOf(user).candidates[bestChoice(user, promptOf(user)) - 1]!.rewards);
    });
    const result = scoreRewards({ users }, rows);
    expect(result.metrics.win_rate_vs_best_response!.value).toBe(0);
    const gpt = scoreRewards(
      { users },
      users.map((user) => rewardsRow(user.personId, promptOf(user).candidates[0]!.rewards)),
    );
    expect(gpt.metrics.win_rate_vs_gpt4o!.value).toBe(0);
  });

  test("selection track: picking the best candidate wins 0.0 %, and so does the per-user oracle", () => {
    const picks = new Map(users.map((u) => [u.personId, bestChoice(u, promptOf(u))]));
    expect(scoreChoices({ users, prompts }, picks).metrics.win_rate_vs_best_response!.value).toBe(0);
    const oracle = selectionBaselines({ users, prompts }).find((b) => b.id === "oracle")!;
    expect(oracle.result.metrics.win_rate_vs_best_response!.value).toBe(0);
    expect(oracle.result.items.map((i) => i.choice)).toEqual([...picks.values()]);
  });

  test("a response truly better than the best one still wins, however slightly (1e-6 on the score)", () => {
    // a user who weights one model only: raising its raw reward by 1e-6 * sd raises the score by 1e-6
    const user: EvalUser = { personId: "1", weights: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0], testPrompt: "p", bestResponseReward: 0.25, gpt4oReward: 0.25 + 2e-6 };
    const raw = (z: number) => ({
      person_id: "1",
      ...Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, REWARD_MODELS[a].trainMean + (a === "gemma_7b" ? z : 0) * REWARD_MODELS[a].trainSd])),
    });
    const better = scoreRewards({ users: [user] }, [RewardsPrediction.parse(raw(0.25 + 1e-6))]);
    expect(better.items[0]!.winVsBest).toBe(true);
    expect(better.items[0]!.winVsGpt4o).toBe(false);
    const worse = scoreRewards({ users: [user] }, [RewardsPrediction.parse(raw(0.25 - 1e-6))]);
    expect(worse.items[0]!.winVsBest).toBe(false);
  });

  test("one summation routine: the user score is personaScore of the z-scores, bit for bit", () => {
    const user = users[7]!;
    const raw = promptOf(user).candidates[2]!.rewards as Record<RewardAlias, number>;
    const result = scoreRewards({ users: [user] }, [rewardsRow(user.personId, raw)]);
    expect(result.items[0]!.score).toBe(personaScore(user.weights, zOf(raw)));
  });
});
