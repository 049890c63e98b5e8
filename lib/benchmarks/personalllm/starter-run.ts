import { REWARD_ALIASES, REWARD_MODELS } from "./reward-models";
import { RewardsPrediction, SelectionPrediction, scoreField, type EvalUser, type PromptCandidates } from "./schemas";

/**
 * PersonalLLM's starter files, one per track, from the imported evaluation set (never anything a method should
 * not see): honest floors to upload as is and see the loop.
 *  - rewards: every reward model's training mean (z = 0 on every model: "an average response");
 *  - selection: the candidate with the best mean raw reward over the 10 reward models (no personalisation), or
 *    candidate 1 when the user's test prompt is not among the imported prompts.
 * Each row passes the track's own row schema. Pure.
 */
export function personalLlmStarterRows(users: readonly EvalUser[], prompts: readonly PromptCandidates[]) {
  const byPrompt = new Map(prompts.map((p) => [p.prompt, p]));
  const rewards = users.map((user) =>
    RewardsPrediction.parse({ person_id: user.personId, ...Object.fromEntries(REWARD_ALIASES.map((a) => [scoreField(a), REWARD_MODELS[a].trainMean])) }),
  );
  const selection = users.map((user) => {
    const candidates = byPrompt.get(user.testPrompt)?.candidates ?? [];
    const mean = (rewards: Record<string, number>) => REWARD_ALIASES.reduce((sum, a) => sum + (rewards[a] ?? 0), 0) / REWARD_ALIASES.length;
    let choice = 1;
    candidates.forEach((candidate, i) => {
      if (mean(candidate.rewards) > mean(candidates[choice - 1]!.rewards)) choice = i + 1;
    });
    return SelectionPrediction.parse({ person_id: user.personId, choice });
  });
  return { rewards, selection };
}
