import type { MetricDefinition, RewardTextsDeclaration, ScoreResult, TrackDefinition } from "../types";
import { evaluationUsers } from "./evaluation-users";
import { rewardsItemRows } from "./item-rows";
import { REWARD_ALIASES, REWARD_MODELS, type RewardAlias } from "./reward-models";
import { RewardsPrediction, scoreField, type EvalUser } from "./schemas";
import { aggregateUsers, meanZMetric, scoreUser, type UserResult } from "./score-users";

interface RewardsInput {
  users: readonly EvalUser[];
}

// every headline metric is higher-is-better; each track gives its own kind
const headline: Pick<MetricDefinition, "id" | "label" | "description" | "decimals" | "scale">[] = [
  {
    id: "total_score",
    label: "Score",
    description: "Mean over users of the persona-weighted sum of z-scored rewards (their total_score).",
    decimals: 4,
    scale: "raw",
  },
  {
    id: "win_rate_vs_best_response",
    label: "Win vs best-of-8",
    description: "Percent of users whose score is strictly greater than the best of the 8 candidate responses.",
    decimals: 1,
    scale: "hundred",
  },
  {
    id: "win_rate_vs_gpt4o",
    label: "Win vs GPT-4o",
    description: "Percent of users whose score is strictly greater than GPT-4o's response.",
    decimals: 1,
    scale: "hundred",
  },
];

/**
 * The metrics of both tracks: the three headline numbers, then each reward model's mean z-score. The ten per-model
 * columns are detail columns: with them the board was 1,829 px wide at a 1280 px window (issue 29), so the page
 * shows the headline and a toggle opens them; the API and the downloads carry all thirteen.
 */
export function personalLlmMetrics(kind: MetricDefinition["kind"]): MetricDefinition[] {
  return [
    ...headline.map(({ id, label, description, decimals, scale }) => ({ id, label, description, direction: "higher" as const, decimals, scale, kind })),
    ...REWARD_ALIASES.map((alias) => ({
      id: meanZMetric(alias),
      label: alias,
      description: `Mean z-score over users of ${REWARD_MODELS[alias].hfModel}.`,
      direction: "higher" as const,
      decimals: 3,
      scale: "raw" as const,
      kind,
      group: "Mean z per reward model",
      detail: true,
    })),
  ];
}

/** The row's 10 raw rewards, or null when any is missing (a response-text row nobody scored). */
function rawRewards(row: RewardsPrediction): Record<RewardAlias, number> | null {
  const out: Partial<Record<RewardAlias, number>> = {};
  for (const alias of REWARD_ALIASES) {
    const value = row[scoreField(alias)];
    if (value === undefined) return null;
    out[alias] = value;
  }
  return out as Record<RewardAlias, number>;
}

export const NOT_SCORED_REASON =
  "Not scored: some rows carry a response text without reward scores, and this server has no reward-model service configured to score them.";

/** Every metric null (never 0): the figures cannot be computed without all 10 rewards of every user. */
function notScored(n: number): ScoreResult<UserResult> {
  const metrics = Object.fromEntries(personalLlmMetrics("reward-model").map((m) => [m.id, { value: null, n, ciLow: null, ciHigh: null }]));
  return { n, metrics, items: [], notScored: NOT_SCORED_REASON };
}

/** Scores a checked upload (every user once); throws on a user without a row, which checkCoverage reports first. */
export function scoreRewards(input: RewardsInput, rows: readonly RewardsPrediction[]): ScoreResult<UserResult> {
  const byId = new Map(rows.map((r) => [r.person_id, r]));
  const rewards = input.users.map((user) => {
    const row = byId.get(user.personId);
    if (!row) throw new Error(`no row for person_id ${user.personId}`);
    return rawRewards(row);
  });
  if (rewards.some((r) => r === null)) return notScored(input.users.length);
  return aggregateUsers(input.users.map((user, i) => scoreUser(user, rewards[i]!)));
}

/** Rows with a response and missing scores: the test prompt of the row's user is what the reward models read. */
const rewardTexts: RewardTextsDeclaration<RewardsInput, RewardsPrediction> = {
  models: Object.fromEntries(REWARD_ALIASES.map((alias) => [alias, REWARD_MODELS[alias].hfModel])),
  missing(input, row) {
    if (typeof row.response !== "string" || row.response.trim() === "") return null;
    const aliases = REWARD_ALIASES.filter((alias) => row[scoreField(alias)] === undefined);
    const user = input.users.find((u) => u.personId === row.person_id);
    if (aliases.length === 0 || !user) return null;
    return { prompt: user.testPrompt, response: row.response, aliases };
  },
  fill(row, scores) {
    const filled = { ...row };
    for (const alias of REWARD_ALIASES) if (filled[scoreField(alias)] === undefined && scores[alias] !== undefined) filled[scoreField(alias)] = scores[alias];
    return filled;
  },
};

/** Re-scored from submitted rewards: the raw rewards are the submitter's, the aggregates the server's. */
export const rewardsTrack: TrackDefinition<RewardsInput, RewardsPrediction, UserResult> = {
  id: "rewards",
  title: "Re-scored from submitted rewards",
  description:
    "Per user, the raw score of the method's response by each of the 10 reward models; the server recomputes every aggregate from the evaluation set's weights and baselines.",
  kind: "reward-model",
  predictionRow: RewardsPrediction,
  rowFormat: {
    summary: "One row per evaluation user: the raw score of your method's response to the user's test prompt by each of the 10 reward models (not z-scored).",
    columns: [
      { name: "person_id", type: "string", required: true, description: "the user's person_id in PersonalLLM_Eval; every user exactly once" },
      ...REWARD_ALIASES.map((alias) => ({
        name: scoreField(alias),
        type: "number",
        required: false,
        description: `raw reward by ${REWARD_MODELS[alias].hfModel}; required unless the row has a response`,
      })),
      {
        name: "response",
        type: "string",
        required: false,
        description: 'the response text; when scores are left out, a server with a reward-model service scores it (otherwise the upload shows "not scored")',
      },
    ],
    example: { person_id: "0", ...Object.fromEntries(REWARD_ALIASES.map((alias) => [scoreField(alias), 0.5])), response: "…" },
  },
  metrics: personalLlmMetrics("reward-model"),
  headline: "win_rate_vs_best_response",
  // 2: ties with the baselines' rewards decided as eval.py decides them (score-users.ts, beats)
  scorerVersion: "2",
  itemRows: rewardsItemRows,
  items: evaluationUsers,
  score: scoreRewards,
  rewardTexts,
  // the response text is read only to fill missing scores: with all 10 scores given, it changes nothing
  scoredRow(row) {
    if (REWARD_ALIASES.some((alias) => row[scoreField(alias)] === undefined)) return row;
    const { response: _unread, ...scored } = row;
    return scored;
  },
};
