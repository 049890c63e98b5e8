import type { RewardTextsDeclaration } from "@/lib/benchmarks/types";
import { batches, type RewardText } from "@/lib/rewards/client";
import { rewardProfileHash, rewardTextKey } from "@/lib/rewards/profile";
import type { RewardSetup } from "./fill-reward-scores";

/** Batches one step sends at most when the caller names no bound: 1,000 users × 10 models at 16 a batch is 630. */
export const DEFAULT_REWARD_BATCHES_PER_STEP = 160;

type RewardChunkOutcome = {
  /** (text, model) pairs the upload needs from the service (distinct texts per model) */
  needed: number;
  /** of those, answered (cached) when the step ends */
  answered: number;
  /** requests' batches this step sent and got answered */
  sentBatches: number;
};

/**
 * One bounded step of the reward work of an upload: the (text, model) pairs its rows lack, minus those the cache
 * already holds, are sent in the profile's batches, at most `maxBatches` of them, and none is started after
 * `budgetMs`; a request still on the wire at twice the budget is aborted (a step must end inside its job's
 * expiry, lib/queue/timing.ts). Each answered batch is stored in the cache as it arrives, so the next step, or a
 * retry after a crash, asks only for what is still missing. Returns how far the upload got; the caller queues
 * another step until `answered === needed`. A service that fails for good throws (the job is retried).
 */
export async function advanceRewardScores<I, P>(
  decl: RewardTextsDeclaration<I, P>,
  input: I,
  rows: readonly P[],
  setup: RewardSetup,
  bounds: { maxBatches: number; budgetMs: number },
): Promise<RewardChunkOutcome> {
  const profileHash = rewardProfileHash(setup.profile);
  // per model: the distinct texts that lack its score (the same answer twice is one text)
  const wanted = new Map<string, Map<string, RewardText>>();
  for (const row of rows) {
    const need = decl.missing(input, row);
    if (!need) continue;
    const text = { prompt: need.prompt, response: need.response };
    const key = rewardTextKey(text);
    for (const alias of need.aliases) {
      if (!wanted.has(alias)) wanted.set(alias, new Map());
      wanted.get(alias)!.set(key, text);
    }
  }
  let needed = 0;
  let cachedBefore = 0;
  const work: { alias: string; batch: [string, RewardText][] }[] = [];
  for (const [alias, texts] of wanted) {
    needed += texts.size;
    const known = await setup.cache.get(profileHash, alias, [...texts.keys()]);
    cachedBefore += known.size;
    const missing = [...texts].filter(([key]) => !known.has(key));
    for (const batch of batches(missing, setup.profile.batchSize)) work.push({ alias, batch });
  }
  const todo = work.slice(0, bounds.maxBatches);
  if (todo.length === 0) return { needed, answered: cachedBefore, sentBatches: 0 };

  const stopSending = new AbortController();
  const abortInFlight = new AbortController();
  const soft = setTimeout(() => stopSending.abort("the step's time budget is spent"), bounds.budgetMs);
  const hard = setTimeout(() => abortInFlight.abort("the step's time is up"), bounds.budgetMs * 2);
  let answered = cachedBefore;
  let sentBatches = 0;
  try {
    await Promise.all(
      todo.map(async ({ alias, batch }) => {
        const pin = setup.profile.models[alias];
        if (!pin) throw new Error(`the reward profile has no model for ${alias}`);
        let scores: number[];
        try {
          scores = await setup.client.scoreBatch(
            pin,
            setup.profile.maxLength,
            batch.map(([, text]) => text),
            stopSending.signal,
            abortInFlight.signal,
          );
        } catch (error) {
          // the step's time is up: this batch is left for the next step, not an error
          if (stopSending.signal.aborted && stopSending.signal.reason === "the step's time budget is spent") return;
          stopSending.abort("another batch failed");
          abortInFlight.abort("another batch failed");
          throw error;
        }
        await setup.cache.put(
          profileHash,
          alias,
          batch.map(([textKey], i) => ({ textKey, score: scores[i]! })),
        );
        answered += batch.length;
        sentBatches += 1;
      }),
    );
  } finally {
    clearTimeout(soft);
    clearTimeout(hard);
  }
  // a step that sent but got nothing back would be queued again forever: a service slower than the step is an error
  if (sentBatches === 0) throw new Error(`the reward service answered none of ${todo.length} batch(es) within the step's ${bounds.budgetMs * 2} ms`);
  return { needed, answered, sentBatches };
}
