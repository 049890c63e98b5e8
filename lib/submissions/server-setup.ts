import { env } from "@/lib/env";
import type { ServerSetup } from "./explain-results";

/** What this server is configured to score with: a missing figure's reason depends on it (explain-results.ts). */
export function serverSetup(): ServerSetup {
  const e = env();
  return { judgeConfigured: Boolean(e.JUDGE_BASE_URL && e.JUDGE_MODEL), rewardServiceConfigured: Boolean(e.REWARD_SERVICE_URL) };
}
