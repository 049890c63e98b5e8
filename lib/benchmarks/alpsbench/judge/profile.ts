import { z } from "zod";
import { sha256Hex, stableStringify } from "@/lib/llm-judge/stable-json";

/**
 * A judge profile names everything that can change a judge's answer: who serves it, the exact model
 * snapshot, the prompt template version and the decoding parameters. Every judge score carries the
 * profile it was produced with; scores from different profiles are never ranked against each other
 * (SCORING.md, "Two kinds of metric").
 */
export const JudgePricing = z.object({
  /** USD per 1M prompt (input) tokens */
  inputPerMillionUsd: z.number().nonnegative(),
  /** USD per 1M completion (output) tokens */
  outputPerMillionUsd: z.number().nonnegative(),
});
export type JudgePricing = z.infer<typeof JudgePricing>;

export const JudgeProfile = z.object({
  /** free-form label for people ("deepseek-chat / t12-review-v1"); not part of the hash */
  label: z.string().min(1).optional(),
  /** "openai-compatible" for live calls, "replay" for recorded outputs; any other name is allowed */
  provider: z.string().min(1),
  /** chat-completions base URL (ending before /chat/completions); null for the replay provider */
  baseURL: z.string().url().nullable(),
  /** the exact model snapshot id as the provider names it (not an alias such as "latest" if avoidable) */
  model: z.string().min(1),
  /** one of PROMPT_TEMPLATE_VERSIONS; decides the prompt and the verdict parser */
  promptTemplateVersion: z.string().min(1),
  /** judging is deterministic by policy: a different temperature would be a different kind of metric */
  temperature: z.literal(0).default(0),
  maxTokens: z.number().int().positive().max(200_000),
  /** optional prices, used only for cost accounting; not part of the hash */
  pricing: JudgePricing.optional(),
});
export type JudgeProfile = z.infer<typeof JudgeProfile>;
export type JudgeProfileInput = z.input<typeof JudgeProfile>;

/** Bumped only if the set of hashed fields changes, so old hashes are never silently reinterpreted. */
const PROFILE_HASH_SCHEME = "alpsbench-judge-profile-v1";

/**
 * Stable hash of the fields that can change a verdict. Label and pricing are left out: renaming a
 * profile or updating a price list must not invalidate cached calls or split a leaderboard.
 */
export function judgeProfileHash(profile: JudgeProfile): string {
  const identity = {
    scheme: PROFILE_HASH_SCHEME,
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
export function judgeProfileName(profile: JudgeProfile): string {
  return `${profile.model}@${profile.promptTemplateVersion}#${judgeProfileHash(profile).slice(0, 8)}`;
}

/**
 * The profile of the recorded judge outputs in judge-replay/. Those answers came from the authors' own
 * judge prompt and model (their example config names `deepseek-chat`; the exact snapshot is not
 * recorded), not from our templates; `promptTemplateVersion` names the template we render for the
 * request so the replay exercises the same code path as a live call.
 */
export const REPLAY_MODEL = "alpsbench-authors-recorded-judge";

export function replayJudgeProfile(promptTemplateVersion: string): JudgeProfile {
  return defineJudgeProfile({
    label: `recorded AlpsBench judge outputs (${promptTemplateVersion} request)`,
    provider: "replay",
    baseURL: null,
    model: REPLAY_MODEL,
    promptTemplateVersion,
    maxTokens: 8000,
  });
}

/** Cost in USD of one call, or null when the profile has no prices or the provider reported no usage. */
export function costUsd(pricing: JudgePricing | undefined, inputTokens: number | null, outputTokens: number | null): number | null {
  if (!pricing || inputTokens === null || outputTokens === null) return null;
  return (inputTokens * pricing.inputPerMillionUsd + outputTokens * pricing.outputPerMillionUsd) / 1_000_000;
}
