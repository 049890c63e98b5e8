import type { RewardTextsDeclaration } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { PostgresRewardCache } from "@/lib/db/postgres-reward-cache";
import { env } from "@/lib/env";
import { scoreTextsCached, type RewardCache } from "@/lib/rewards/cache";
import type { RewardClient, RewardText } from "@/lib/rewards/client";
import { rewardServiceFromEnv } from "@/lib/rewards/from-env";
import type { RewardProfile } from "@/lib/rewards/profile";

export type RewardSetup = { client: RewardClient; profile: RewardProfile; cache: RewardCache };

type FillOutcome<P> = {
  rows: P[];
  /** rows that lacked a score and had a text */
  needed: number;
  /** (row, model) scores taken from the cache, and sent to the service */
  cached: number;
  scored: number;
};

/**
 * The worker-side shell around a track's pure `rewardTexts` declaration: for each reward model, the rows that
 * lack its score are scored from their (prompt, response) through the cache and the service; the rows come back
 * filled, ready for the track's pure scorer. Without a service (null) the rows come back as they were and the
 * scorer reports "not scored". A service that fails after its retries throws: the job is retried later.
 */
export async function fillRewardScores<I, P>(decl: RewardTextsDeclaration<I, P>, input: I, rows: readonly P[], setup: RewardSetup | null): Promise<FillOutcome<P>> {
  const needs = rows.map((row) => decl.missing(input, row));
  const needed = needs.filter((n) => n !== null).length;
  if (needed === 0 || setup === null) return { rows: [...rows], needed, cached: 0, scored: 0 };
  const filled: Record<string, number>[] = rows.map(() => ({}));
  let cached = 0;
  let scored = 0;
  await Promise.all(
    Object.keys(decl.models).map(async (alias) => {
      const at: number[] = [];
      const texts: RewardText[] = [];
      needs.forEach((need, i) => {
        if (need?.aliases.includes(alias)) {
          at.push(i);
          texts.push({ prompt: need.prompt, response: need.response });
        }
      });
      if (texts.length === 0) return;
      const out = await scoreTextsCached(setup.client, setup.cache, setup.profile, alias, texts);
      cached += out.cached;
      scored += out.scored;
      at.forEach((rowIndex, j) => (filled[rowIndex]![alias] = out.scores[j]!));
    }),
  );
  return { rows: rows.map((row, i) => (needs[i] ? decl.fill(row, filled[i]!) : row)), needed, cached, scored };
}

/** The service configured by REWARD_SERVICE_* with the PostgreSQL cache, or null when none is configured. */
export function rewardSetupFromEnv(db: Db, models: Record<string, string>): RewardSetup | null {
  const service = rewardServiceFromEnv(env(), models);
  return service ? { ...service, cache: new PostgresRewardCache(db) } : null;
}
