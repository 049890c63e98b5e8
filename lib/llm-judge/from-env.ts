import { createOpenAICompatibleProvider, type OpenAICompatibleProvider } from "./openai-provider";
import { defineJudgeProfile, type JudgePricing } from "./profile";
import type { JudgeSetup } from "./setup";

/** The JUDGE_* settings of lib/env.ts, passed in (lib/llm-judge never reads process.env itself). */
export type JudgeEnv = {
  JUDGE_BASE_URL?: string;
  JUDGE_MODEL?: string;
  JUDGE_API_KEY?: string;
  JUDGE_PROVIDER: string;
  JUDGE_CONCURRENCY: number;
  JUDGE_TIMEOUT_MS: number;
};

/** `profileFor`: the profile for one prompt template on this endpoint and model */
type LiveJudge = JudgeSetup & { provider: OpenAICompatibleProvider };

/**
 * The live judge configured by the environment, or null when no base URL and model are set (judge
 * metrics then show "not judged"). Only the OpenAI-compatible protocol is implemented.
 */
export function liveJudgeFromEnv(e: JudgeEnv, options: { maxTokens?: number; pricing?: JudgePricing; maxRetries?: number } = {}): LiveJudge | null {
  if (!e.JUDGE_BASE_URL || !e.JUDGE_MODEL) return null;
  if (e.JUDGE_PROVIDER !== "openai-compatible") {
    throw new Error(`JUDGE_PROVIDER "${e.JUDGE_PROVIDER}" is not supported (only "openai-compatible")`);
  }
  const baseURL = e.JUDGE_BASE_URL;
  const model = e.JUDGE_MODEL;
  const provider = createOpenAICompatibleProvider({
    baseURL,
    apiKey: e.JUDGE_API_KEY,
    concurrency: e.JUDGE_CONCURRENCY,
    timeoutMs: e.JUDGE_TIMEOUT_MS,
    maxRetries: options.maxRetries,
  });
  return {
    provider,
    profileFor: (promptTemplateVersion) =>
      defineJudgeProfile({
        provider: "openai-compatible",
        baseURL,
        model,
        promptTemplateVersion,
        maxTokens: options.maxTokens ?? 4096,
        pricing: options.pricing,
      }),
  };
}
