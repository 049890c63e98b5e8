import { z } from "zod";
import { sha256Hex, stableStringify } from "./stable-json";

/**
 * A judge profile names everything that can change a judge's answer: who serves it, the exact model
 * snapshot, the prompt template version and the decoding parameters. Every judge score carries the
 * profile it was produced with, so scores from different profiles are never ranked against each other.
 */
export const JudgePricing = z.object({
  /** USD per 1M prompt (input) tokens */
  inputPerMillionUsd: z.number().nonnegative(),
  /** USD per 1M completion (output) tokens */
  outputPerMillionUsd: z.number().nonnegative(),
});
export type JudgePricing = z.infer<typeof JudgePricing>;

export const JudgeProfile = z.object({
  /** free-form label for people ("deepseek-chat / review-v1"); not part of the hash */
  label: z.string().min(1).optional(),
  /** "openai-compatible" for live calls, "replay" for recorded outputs; any other name is allowed */
  provider: z.string().min(1),
  /** chat-completions base URL (ending before /chat/completions); null for the replay provider */
  baseURL: z.string().url().nullable(),
  /** the exact model snapshot id as the provider names it (not an alias such as "latest" if avoidable) */
  model: z.string().min(1),
  /** the caller's name for its prompt wording; a changed wording is a new version (and a new profile hash) */
  promptTemplateVersion: z.string().min(1),
  /** judging is deterministic by policy: a different temperature would be a different kind of metric */
  temperature: z.literal(0).default(0),
  maxTokens: z.number().int().positive().max(200_000),
  /** optional prices, used only for cost accounting; not part of the hash */
  pricing: JudgePricing.optional(),
});
export type JudgeProfile = z.infer<typeof JudgeProfile>;
type JudgeProfileInput = z.input<typeof JudgeProfile>;

/**
 * Names the set of hashed fields. A caller keeps its own scheme for as long as it has hashes stored (score
 * versions, cache keys), so they are never silently reinterpreted; bump it only if the hashed fields change.
 */
const DEFAULT_PROFILE_HASH_SCHEME = "llm-judge-profile-v1";

/**
 * Stable hash of the fields that can change a verdict. Label and pricing are left out: renaming a
 * profile or updating a price list must not invalidate cached calls or split a leaderboard.
 */
export function judgeProfileHash(profile: JudgeProfile, scheme: string = DEFAULT_PROFILE_HASH_SCHEME): string {
  const identity = {
    scheme,
    provider: profile.provider,
    baseURL: profile.baseURL,
    model: profile.model,
    promptTemplateVersion: profile.promptTemplateVersion,
    temperature: profile.temperature,
    maxTokens: profile.maxTokens,
  };
  return sha256Hex(stableStringify(identity));
}

/** Parse (and default) a profile; throws a ZodError naming the bad field. */
export function defineJudgeProfile(input: JudgeProfileInput): JudgeProfile {
  return JudgeProfile.parse(input);
}

/** Short form for tables and logs: `model@template#hash8`. */
export function judgeProfileName(profile: JudgeProfile, profileHash: string): string {
  return `${profile.model}@${profile.promptTemplateVersion}#${profileHash.slice(0, 8)}`;
}

/** Cost in USD of one call, or null when the profile has no prices or the provider reported no usage. */
export function costUsd(pricing: JudgePricing | undefined, inputTokens: number | null, outputTokens: number | null): number | null {
  if (!pricing || inputTokens === null || outputTokens === null) return null;
  return (inputTokens * pricing.inputPerMillionUsd + outputTokens * pricing.outputPerMillionUsd) / 1_000_000;
}
