import type { BenchmarkView } from "../types";

/**
 * PersonalLLM's leaderboard views (`/api/v1/leaderboards/personalllm[/<id>]`): the default shows the paper's
 * plotted runs beside re-scored submissions; `rewards` and `selection` one track each (selection with its
 * in-app baselines); `logged` all 126 logged runs with the per-reward-model means.
 */
export const PERSONALLLM_VIEWS: BenchmarkView[] = [
  {
    id: "",
    title: "PersonalLLM · paper runs and re-scored submissions",
    tab: "Paper runs + submissions",
    track: "rewards",
    defaultSort: "win_rate_vs_best_response",
  },
  { id: "rewards", title: "PersonalLLM · re-scored from submitted rewards", tab: "Rewards", track: "rewards", defaultSort: "win_rate_vs_best_response" },
  // ranked by score: "Win vs best-of-8" cannot exceed 0 for a pick among the same 8 candidates, so it ties every row
  { id: "selection", title: "PersonalLLM · selection among 8 candidates", tab: "Selection", track: "selection", defaultSort: "total_score" },
  { id: "logged", title: "PersonalLLM · all logged runs", tab: "All logged runs", track: "rewards", defaultSort: "total_score" },
];
