import { randomInt, seededRandom, type Random } from "@/lib/stats/seeded-random";
import { REWARD_ALIASES, REWARD_MODELS } from "../reward-models";
import { CANDIDATE_INDEXES } from "../schemas";
import { scoreUser } from "../score-users";

/**
 * Synthetic PersonalLLM data in the Hugging Face column layout, for tests and demos. NEVER the real data:
 * prompts and responses are placeholders, rewards are drawn around each model's train mean. Users follow the
 * paper's recipe (weights ~ Dirichlet(0.05) over the 10 reward models); best_response_reward is the user's
 * score of the best of the 8 candidates, so the per-user oracle ties it (and a strict ">" win rate gives 0).
 * Pure: a seed gives the same rows.
 */

const SOURCE_MODELS = [
  "gpt-4o",
  "claude-3-opus",
  "gemini-1.5-pro",
  "llama-3-70b-instruct",
  "mixtral-8x22b-instruct",
  "qwen-2-72b-instruct",
  "command-r-plus",
  "gpt-4-turbo",
] as const;

/**
 * How every synthetic prompt begins ("Synthetic test prompt 3: ..."): an imported evaluation set whose users'
 * test prompts begin so is this generator's, and the rows scored on it are marked "synthetic data"
 * (db/synthetic-data.ts). The real dataset's prompts are people's questions, never numbered so.
 */
export const syntheticPromptPrefix = (split: string) => `Synthetic ${split} prompt `;

export interface SyntheticOptions {
  seed?: string;
  users?: number;
  /** test-split prompts; users cycle through them */
  prompts?: number;
  trainPrompts?: number;
}

export type Row = Record<string, unknown>;

function normal(rand: Random): number {
  // Box-Muller; 1 - u keeps log away from 0
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Gamma(alpha, 1) for alpha < 1 by Marsaglia-Tsang on alpha + 1 and the U^(1/alpha) boost. */
function gamma(rand: Random, alpha: number): number {
  const d = alpha + 1 - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  let x: number;
  for (;;) {
    const z = normal(rand);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    const u = 1 - rand();
    if (Math.log(u) < 0.5 * z * z + d - d * v - d * Math.log(v)) {
      x = d * v;
      break;
    }
  }
  return x * (1 - rand()) ** (1 / alpha);
}

export function dirichlet(rand: Random, alpha: number, k: number): number[] {
  const draws = Array.from({ length: k }, () => gamma(rand, alpha) + 1e-300);
  const total = draws.reduce((s, v) => s + v, 0);
  return draws.map((v) => v / total);
}

function rewardColumns(rand: Random, prefix: string, quality: number): Row {
  return Object.fromEntries(REWARD_ALIASES.map((a) => [`${prefix}${a}`, REWARD_MODELS[a].trainMean + REWARD_MODELS[a].trainSd * (quality + 0.8 * normal(rand))]));
}

function promptRow(rand: Random, split: string, index: number): Row {
  const row: Row = {
    prompt: `${syntheticPromptPrefix(split)}${index + 1}: explain topic ${index + 1} briefly.`,
    subset: ["alpaca", "ultrafeedback", "hh-rlhf"][index % 3],
    prompt_id: `${split}-${index + 1}`,
  };
  const order = [...SOURCE_MODELS].sort(() => rand() - 0.5);
  for (const i of CANDIDATE_INDEXES) {
    row[`response_${i}`] = `Synthetic answer ${i} to ${split} prompt ${index + 1}.`;
    row[`response_${i}_model`] = order[i - 1];
    Object.assign(row, rewardColumns(rand, `response_${i}_`, normal(rand) * 0.5));
  }
  return row;
}

export function syntheticRows(options: SyntheticOptions = {}): { evalRows: Row[]; testRows: Row[]; trainRows: Row[] } {
  const rand = seededRandom(options.seed ?? "personalllm-synthetic");
  const testRows = Array.from({ length: options.prompts ?? 6 }, (_, i) => promptRow(rand, "test", i));
  const trainRows = Array.from({ length: options.trainPrompts ?? 3 }, (_, i) => promptRow(rand, "train", i));
  const evalRows = Array.from({ length: options.users ?? 12 }, (_, u) => {
    const prompt = testRows[u % testRows.length]!;
    const weights = dirichlet(rand, 0.05, REWARD_ALIASES.length);
    const user = { personId: String(u), weights, testPrompt: String(prompt.prompt), bestResponseReward: 0, gpt4oReward: 0 };
    const scores = CANDIDATE_INDEXES.map(
      (i) => scoreUser(user, Object.fromEntries(REWARD_ALIASES.map((a) => [a, prompt[`response_${i}_${a}`] as number])) as never).score,
    );
    const best = scores.indexOf(Math.max(...scores));
    const gpt4o = rewardColumns(rand, "", 0.3);
    return {
      person_id: BigInt(u),
      person_weight: weights,
      test_prompt: prompt.prompt,
      best_response: prompt[`response_${best + 1}`],
      best_response_reward: scores[best],
      gpt4o_response: `Synthetic GPT-4o answer for user ${u}.`,
      gpt4o_reward: scoreUser(user, gpt4o as never).score,
      // a placeholder of the short interaction history; its real column layout is not documented here
      history_prompt_1: `Synthetic earlier prompt of user ${u}.`,
      history_response_1: `Synthetic earlier response ${randomInt(rand, 1000)}.`,
    };
  });
  return { evalRows, testRows, trainRows };
}
