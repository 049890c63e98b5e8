import { z } from "zod";
import { sha256Hex, stableStringify } from "@/lib/llm-judge/stable-json";

/**
 * A reward profile names everything that can change a reward model's score: the service that runs the models,
 * each model's exact id and revision, the token limit texts are truncated to and the batch size (reward models
 * change their scores with batch size through padding; PersonalLLM's config pins 16 and says so). Scores from
 * different profiles are never mixed: the cache is keyed by the profile hash, like the judge's.
 */
export const RewardModelPin = z.object({
  /** Hugging Face model id, e.g. "OpenAssistant/reward-model-deberta-v3-large-v2" */
  model: z.string().min(1),
  /** the exact revision (commit sha or tag) the service loads; "main" is allowed but does not pin anything */
  revision: z.string().min(1),
});
export type RewardModelPin = z.infer<typeof RewardModelPin>;

export const RewardProfile = z.object({
  /** free-form label for people; not part of the hash */
  label: z.string().min(1).optional(),
  /** the reward service's base URL (requests go to `${baseURL}/score`) */
  baseURL: z.string().url(),
  /** by alias (the benchmark's short name of a reward model, e.g. "gemma_2b") */
  models: z.record(z.string().min(1), RewardModelPin),
  /** tokens of prompt + response the service keeps (longer texts are truncated by the service) */
  maxLength: z.number().int().positive().max(1_000_000).default(8192),
  /** texts per request: one request is one forward batch on the service */
  batchSize: z.number().int().positive().max(1024).default(16),
});
export type RewardProfile = z.infer<typeof RewardProfile>;
type RewardProfileInput = z.input<typeof RewardProfile>;

/** Bumped only if the set of hashed fields changes, so old hashes are never silently reinterpreted. */
const PROFILE_HASH_SCHEME = "alpsbench-reward-profile-v1";

/** Stable hash of the fields that can change a score (the label is left out). */
export function rewardProfileHash(profile: RewardProfile): string {
  return sha256Hex(
    stableStringify({ scheme: PROFILE_HASH_SCHEME, baseURL: profile.baseURL, models: profile.models, maxLength: profile.maxLength, batchSize: profile.batchSize }),
  );
}

export function defineRewardProfile(input: RewardProfileInput): RewardProfile {
  return RewardProfile.parse(input);
}

/** Cache key of one text: sha256 over the exact prompt and response (the profile hash and alias are separate key columns). */
export function rewardTextKey(text: { prompt: string; response: string }): string {
  return sha256Hex(stableStringify({ prompt: text.prompt, response: text.response }));
}
