import { env } from "@/lib/env";

/** What this server can score with (a judge, a reward-model service). Its own file's type, so the boards can read it without the registry. */
export type ServerSetup = { judgeConfigured: boolean; rewardServiceConfigured: boolean };

/** What this server is configured to score with: a missing figure's reason depends on it (explain-results.ts). */
export function serverSetup(): ServerSetup {
  const e = env();
  return { judgeConfigured: Boolean(e.JUDGE_BASE_URL && e.JUDGE_MODEL), rewardServiceConfigured: Boolean(e.REWARD_SERVICE_URL) };
}
