import type { JudgeProfile } from "./profile";
import type { JudgeProvider } from "./provider";

/**
 * A configured LLM judge as the platform hands it to a benchmark's scoring: the live one of JUDGE_* (from-env.ts)
 * or a test double. Which prompts it is asked and how its verdicts score is the benchmark's business.
 */
export type JudgeSetup = { provider: JudgeProvider; profileFor(promptTemplateVersion: string): JudgeProfile };
