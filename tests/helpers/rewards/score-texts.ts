import { batches, RewardServiceError, type RewardClient, type RewardText } from "@/lib/rewards/client";
import type { RewardProfile } from "@/lib/rewards/profile";

/** Scores texts with one model of the profile, batch by batch, no cache (the client's limiter bounds the concurrency). */
export async function scoreTexts(client: RewardClient, profile: RewardProfile, alias: string, texts: readonly RewardText[]): Promise<number[]> {
  const pin = profile.models[alias];
  if (!pin) throw new RewardServiceError(`the reward profile has no model for ${alias}`, 0);
  const answers = await Promise.all(batches(texts, profile.batchSize).map((batch) => client.scoreBatch(pin, profile.maxLength, batch)));
  return answers.flat();
}
