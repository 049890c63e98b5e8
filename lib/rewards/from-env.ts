import { createRewardClient, type RewardClient } from "./client";
import { defineRewardProfile, type RewardModelPin, type RewardProfile } from "./profile";

/** The REWARD_SERVICE_* settings of lib/env.ts, passed in (lib/rewards never reads process.env itself). */
type RewardEnv = {
  REWARD_SERVICE_URL?: string;
  REWARD_SERVICE_API_KEY?: string;
  /** a commit sha or tag every model is loaded at, unless REWARD_SERVICE_REVISIONS names one per alias */
  REWARD_SERVICE_REVISION?: string;
  /** JSON object alias -> revision, for models pinned at different commits */
  REWARD_SERVICE_REVISIONS?: string;
  REWARD_SERVICE_MAX_LENGTH: number;
  REWARD_SERVICE_BATCH_SIZE: number;
  REWARD_SERVICE_CONCURRENCY: number;
  REWARD_SERVICE_TIMEOUT_MS: number;
};

type RewardService = { client: RewardClient; profile: RewardProfile };

/**
 * The reward service configured by the environment, for the given models (alias -> Hugging Face id, from the
 * benchmark), or null when REWARD_SERVICE_URL is unset: response-text-only uploads then show "not scored".
 */
export function rewardServiceFromEnv(e: RewardEnv, models: Record<string, string>): RewardService | null {
  if (!e.REWARD_SERVICE_URL) return null;
  let revisions: Record<string, unknown> = {};
  if (e.REWARD_SERVICE_REVISIONS) {
    try {
      revisions = JSON.parse(e.REWARD_SERVICE_REVISIONS) as Record<string, unknown>;
    } catch {
      throw new Error("REWARD_SERVICE_REVISIONS must be a JSON object of alias -> revision");
    }
  }
  const pins: Record<string, RewardModelPin> = {};
  for (const [alias, model] of Object.entries(models)) {
    const revision = revisions[alias];
    const pinned = typeof revision === "string" && revision !== "" ? revision : e.REWARD_SERVICE_REVISION;
    // a profile without a revision would not pin anything: refuse rather than guess "main"
    if (!pinned) throw new Error(`REWARD_SERVICE_URL is set but no revision pins ${alias} (${model}): set REWARD_SERVICE_REVISION or REWARD_SERVICE_REVISIONS`);
    pins[alias] = { model, revision: pinned };
  }
  const profile = defineRewardProfile({
    baseURL: e.REWARD_SERVICE_URL,
    models: pins,
    maxLength: e.REWARD_SERVICE_MAX_LENGTH,
    batchSize: e.REWARD_SERVICE_BATCH_SIZE,
  });
  const client = createRewardClient({
    baseURL: e.REWARD_SERVICE_URL,
    apiKey: e.REWARD_SERVICE_API_KEY,
    concurrency: e.REWARD_SERVICE_CONCURRENCY,
    timeoutMs: e.REWARD_SERVICE_TIMEOUT_MS,
  });
  return { client, profile };
}
