import { defineJudgeProfile, judgeProfileHash as hashUnder, judgeProfileName as nameWith, type JudgeProfile } from "@/lib/llm-judge/profile";

/**
 * AlpsBench's profile hash scheme. Every judge Score's version ("judge:<profile hash>"), JudgeProfile row and
 * cached judge call is keyed under it, so it never changes (bump it only if the set of hashed fields changes).
 */
export const ALPSBENCH_PROFILE_HASH_SCHEME = "alpsbench-judge-profile-v1";

/** The profile's hash under AlpsBench's scheme (label and pricing left out, see lib/llm-judge/profile.ts). */
export function judgeProfileHash(profile: JudgeProfile): string {
  return hashUnder(profile, ALPSBENCH_PROFILE_HASH_SCHEME);
}

/** Short form for tables and logs: `model@template#hash8`. */
export function judgeProfileName(profile: JudgeProfile): string {
  return nameWith(profile, judgeProfileHash(profile));
}

/**
 * The profile of the recorded judge outputs in judge-replay/. Those answers came from the authors' own
 * judge prompt and model (their example config names `deepseek-chat`; the exact snapshot is not
 * recorded), not from our templates; `promptTemplateVersion` names the template we render for the
 * request so the replay exercises the same code path as a live call.
 */
const REPLAY_MODEL = "alpsbench-authors-recorded-judge";

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
