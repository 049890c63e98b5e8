import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import type { ScoreResult, TrackDefinition } from "../types";
import { selectionItemRows } from "./item-rows";
import { evaluationUsers } from "./evaluation-users";
import { REWARD_ALIASES, type RewardAlias } from "./reward-models";
import { personalLlmMetrics } from "./rewards-track";
import { CANDIDATES, SelectionPrediction, type EvalUser, type PromptCandidates } from "./schemas";
import { aggregateUsers, scoreUser, type SelectionResult } from "./score-users";

/**
 * Selection track (ours, deterministic): per user, pick one of the 8 candidate responses of the user's test
 * prompt; the user's score uses the main dataset's precomputed reward columns of that response, then the
 * same aggregates as the rewards track. Users meet their prompt by prompt text (the evaluation set carries
 * the test prompt, not its id).
 */
export interface SelectionInput {
  users: readonly EvalUser[];
  prompts: readonly PromptCandidates[];
}

/** Each user's test prompt with its candidates, by prompt text. */
function promptFinder(input: SelectionInput): (user: EvalUser) => PromptCandidates {
  const prompts = new Map(input.prompts.map((p) => [p.prompt, p]));
  return (user) => {
    const prompt = prompts.get(user.testPrompt);
    if (!prompt) throw new Error(`no test-split prompt matches person_id ${user.personId}'s test_prompt`);
    return prompt;
  };
}

function candidateRewards(prompt: PromptCandidates, choice: number): Record<RewardAlias, number> {
  const candidate = prompt.candidates[choice - 1];
  if (!candidate) throw new Error(`prompt ${prompt.promptId} has no candidate ${choice}`);
  return Object.fromEntries(REWARD_ALIASES.map((a) => [a, candidate.rewards[a]!])) as Record<RewardAlias, number>;
}

/** Scores one choice per user (1-based), by person_id. */
export function scoreChoices(input: SelectionInput, choices: ReadonlyMap<string, number>): ScoreResult<SelectionResult> {
  const promptOf = promptFinder(input);
  const results = input.users.map((user) => {
    const prompt = promptOf(user);
    const choice = choices.get(user.personId);
    if (choice === undefined) throw new Error(`no choice for person_id ${user.personId}`);
    return { ...scoreUser(user, candidateRewards(prompt, choice)), choice };
  });
  return { ...aggregateUsers(results), items: results };
}

export const selectionTrack: TrackDefinition<SelectionInput, SelectionPrediction, SelectionResult> = {
  id: "selection",
  title: "Selection among the 8 candidates",
  description: "Per user, the index (1-8) of the candidate response chosen for the user's test prompt; scored with the dataset's precomputed rewards.",
  kind: "deterministic",
  predictionRow: SelectionPrediction,
  rowFormat: {
    summary: "One row per evaluation user: which of the 8 candidate responses of the user's test prompt your method picks.",
    columns: [
      { name: "person_id", type: "string", required: true, description: "the user's person_id in PersonalLLM_Eval; every user exactly once" },
      { name: "choice", type: "integer 1-8", required: true, description: "the chosen candidate: response_<choice> of the test prompt's row in the main dataset" },
    ],
    example: { person_id: "0", choice: 3 },
  },
  metrics: personalLlmMetrics("deterministic"),
  // not the win rate against the best of 8: a pick among those same 8 can at best tie it, so it is 0 for every pick
  headline: "total_score",
  // 2: ties with the baselines' rewards decided as eval.py decides them (score-users.ts, beats)
  scorerVersion: "2",
  itemRows: selectionItemRows,
  items: evaluationUsers,
  score: (input, rows) => scoreChoices(input, new Map(rows.map((r) => [r.person_id, r.choice]))),
};

const RANDOM_BASELINE_SEED = "personalllm-random-v1";

interface Baseline {
  id: string;
  name: string;
  description: string;
  result: ScoreResult<SelectionResult>;
}

/**
 * Baselines of the selection track, computed in-app: each source model alone (the candidate it wrote; a user
 * whose prompt lacks that model counts with its first candidate, named in the description), a seeded random
 * pick, and the per-user oracle (the candidate with the user's highest score).
 */
export function selectionBaselines(input: SelectionInput): Baseline[] {
  const promptOf = promptFinder(input);
  const models = [...new Set(input.prompts.flatMap((p) => p.candidates.map((c) => c.model)))].sort();
  const baselines: Baseline[] = models.map((model) => {
    let fallbacks = 0;
    const choices = new Map(
      input.users.map((user) => {
        const index = promptOf(user).candidates.findIndex((c) => c.model === model);
        if (index < 0) fallbacks++;
        return [user.personId, index < 0 ? 1 : index + 1];
      }),
    );
    return {
      id: `model:${model}`,
      name: `Always ${model}`,
      description: `The candidate written by ${model}${fallbacks ? ` (${fallbacks} user(s) without one take candidate 1)` : ""}.`,
      result: scoreChoices(input, choices),
    };
  });
  const rand = seededRandom(RANDOM_BASELINE_SEED);
  const random = new Map(input.users.map((u) => [u.personId, 1 + randomInt(rand, CANDIDATES)]));
  baselines.push({ id: "random", name: "Random candidate", description: `Uniform pick, seed "${RANDOM_BASELINE_SEED}".`, result: scoreChoices(input, random) });
  const oracle = new Map(
    input.users.map((user) => {
      const prompt = promptOf(user);
      let best = 1;
      let bestScore = -Infinity;
      for (let i = 1; i <= CANDIDATES; i++) {
        const s = scoreUser(user, candidateRewards(prompt, i)).score;
        if (s > bestScore) [best, bestScore] = [i, s];
      }
      return [user.personId, best];
    }),
  );
  baselines.push({
    id: "oracle",
    name: "Per-user oracle",
    description: "The candidate with the user's highest score (an upper bound for selection).",
    result: scoreChoices(input, oracle),
  });
  return baselines;
}
