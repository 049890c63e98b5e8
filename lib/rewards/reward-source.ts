import { z } from "zod";
import { rewardProfileHash, type RewardProfile } from "./profile";

/**
 * Where an upload's reward scores came from when the server's reward service filled some of them: the reward
 * profile (its hash, each model's id and revision) and how many (row, model) scores the service supplied (from
 * its cache or a fresh call). Stored in RewardFill.source (no row when every score was uploaded). The board row,
 * the submission page, the API row and the CSV show the profile's short hash, so nobody mistakes such a row for
 * one whose submitter ran the reward models.
 */
export const RewardSource = z.object({
  profileHash: z.string().regex(/^[0-9a-f]{64}$/),
  models: z.array(z.object({ alias: z.string().min(1), model: z.string().min(1), revision: z.string().min(1) })),
  serviceScores: z.number().int().positive(),
});
export type RewardSource = z.infer<typeof RewardSource>;

/** The first 12 hex digits: enough to tell profiles apart on a board, like a short git sha. */
export const shortProfileHash = (hash: string) => hash.slice(0, 12);

export function rewardSourceOf(profile: RewardProfile, serviceScores: number): RewardSource | null {
  if (serviceScores === 0) return null;
  return RewardSource.parse({
    profileHash: rewardProfileHash(profile),
    models: Object.entries(profile.models)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([alias, pin]) => ({ alias, model: pin.model, revision: pin.revision })),
    serviceScores,
  });
}

/** A stored value read back: null when absent or not of this shape (an older row), never a throw on a page. */
export function readRewardSource(value: unknown): RewardSource | null {
  const parsed = RewardSource.safeParse(value);
  return parsed.success ? parsed.data : null;
}
