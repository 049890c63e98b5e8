import { rewardProfileHash, rewardTextKey, type RewardProfile } from "./profile";
import { batches, RewardServiceError, type RewardClient, type RewardText } from "./client";

/**
 * The reward cache: one raw score per (profile hash, model alias, text key). A score depends on nothing else,
 * so a text already scored under the same profile is never sent again (a re-score, a re-upload of the same
 * responses, two submissions sharing answers). Only scores the service returned are stored: a failed call
 * leaves nothing behind and is asked again next time.
 */
export interface RewardCache {
  /** the cached scores of these text keys (missing keys are absent from the map) */
  get(profileHash: string, alias: string, textKeys: readonly string[]): Promise<Map<string, number>>;
  /** idempotent: a key already stored keeps its first score */
  put(profileHash: string, alias: string, entries: readonly { textKey: string; score: number }[]): Promise<void>;
}

type CachedScores = { scores: number[]; cached: number; scored: number };

/**
 * Scores texts with one model: cached scores first, then the distinct missing texts through the service, whose
 * answers are stored before they are returned. Scores come back in the order of `texts`.
 */
export async function scoreTextsCached(
  client: RewardClient,
  cache: RewardCache,
  profile: RewardProfile,
  alias: string,
  texts: readonly RewardText[],
): Promise<CachedScores> {
  const profileHash = rewardProfileHash(profile);
  const keys = texts.map(rewardTextKey);
  const known = await cache.get(profileHash, alias, [...new Set(keys)]);
  const missing = new Map<string, RewardText>();
  keys.forEach((key, i) => {
    if (!known.has(key) && !missing.has(key)) missing.set(key, texts[i]!);
  });
  const pin = profile.models[alias];
  if (missing.size > 0 && !pin) throw new RewardServiceError(`the reward profile has no model for ${alias}`, 0);
  // each batch is stored as soon as it is answered: a job cut short (expiry, a later batch failing) keeps what it paid for
  const stop = new AbortController();
  await Promise.all(
    batches([...missing], profile.batchSize).map(async (batch) => {
      let scores: number[];
      try {
        scores = await client.scoreBatch(
          pin!,
          profile.maxLength,
          batch.map(([, text]) => text),
          stop.signal,
        );
      } catch (error) {
        stop.abort("another batch failed");
        throw error;
      }
      const entries = batch.map(([textKey], i) => ({ textKey, score: scores[i]! }));
      await cache.put(profileHash, alias, entries);
      for (const e of entries) known.set(e.textKey, e.score);
    }),
  );
  return { scores: keys.map((key) => known.get(key)!), cached: keys.length - missing.size, scored: missing.size };
}
