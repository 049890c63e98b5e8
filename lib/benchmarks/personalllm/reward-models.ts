/**
 * The 10 reward models of PersonalLLM with the fixed train mean and sd that z-normalise each raw reward.
 * Transcribed from namkoong-lab/Private_PersonalLLM PersonalLLM/eval/constants.py @0fd9a3c (Apache-2.0), as
 * restated in shared/data/personalllm/PersonalLLM_reward_model_normalization.json (a test compares the two
 * when that folder is present).
 *
 * Order matters: a user's `person_weight[k]` weights the k-th alias in SORTED alias order (their eval.py:
 * `sorted(REWARD_MODELS.keys())`), not the order models are listed in constants.py.
 */
export const REWARD_ALIASES = [
  "beaver_7b",
  "gemma_2b",
  "gemma_7b",
  "llama3_sfairx",
  "mistral_raft",
  "mistral_ray",
  "mistral_weqweasdas",
  "oasst_deberta_v3",
  "oasst_pythia_1b",
  "oasst_pythia_7b",
] as const;
export type RewardAlias = (typeof REWARD_ALIASES)[number];

interface RewardModelNorm {
  hfModel: string;
  trainMean: number;
  trainSd: number;
}

export const REWARD_MODELS: Record<RewardAlias, RewardModelNorm> = {
  beaver_7b: { hfModel: "PKU-Alignment/beaver-7b-v1.0-cost", trainMean: 6.233516894340515, trainSd: 3.012641148973965 },
  gemma_2b: { hfModel: "weqweasdas/RM-Gemma-2B", trainMean: 4.3304170169830325, trainSd: 2.038611338958803 },
  gemma_7b: { hfModel: "weqweasdas/RM-Gemma-7B", trainMean: 1.6259730467796325, trainSd: 2.6096741570264976 },
  llama3_sfairx: { hfModel: "sfairXC/FsfairX-LLaMA3-RM-v0.1", trainMean: 1.0637639780044557, trainSd: 2.953017385451928 },
  mistral_raft: { hfModel: "hendrydong/Mistral-RM-for-RAFT-GSHF-v0", trainMean: 8.309211883544922, trainSd: 3.0728436748484533 },
  mistral_ray: { hfModel: "Ray2333/reward-model-Mistral-7B-instruct-Unified-Feedback", trainMean: 3.0136284782886507, trainSd: 1.6902981149232585 },
  mistral_weqweasdas: { hfModel: "weqweasdas/RM-Mistral-7B", trainMean: 7.071075622558594, trainSd: 2.578636650248985 },
  oasst_deberta_v3: { hfModel: "OpenAssistant/reward-model-deberta-v3-large-v2", trainMean: 2.8976835689097644, trainSd: 1.7207868789061331 },
  oasst_pythia_1b: { hfModel: "OpenAssistant/oasst-rm-2.1-pythia-1.4b-epoch-2.5", trainMean: 4.293944010734558, trainSd: 2.3018268820938133 },
  oasst_pythia_7b: { hfModel: "OpenAssistant/oasst-rm-2-pythia-6.9b-epoch-1", trainMean: 4.706351243972779, trainSd: 1.3659142113789966 },
};

/** z = (raw - train mean) / train sd, their normalisation. */
export function zScore(alias: RewardAlias, raw: number): number {
  const norm = REWARD_MODELS[alias];
  return (raw - norm.trainMean) / norm.trainSd;
}
