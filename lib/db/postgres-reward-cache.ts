import type { Db } from "@/lib/db/create-client";
import type { RewardCache } from "@/lib/rewards/cache";

/** lib/rewards' cache in PostgreSQL (table RewardScore). */
export class PostgresRewardCache implements RewardCache {
  constructor(private readonly db: Db) {}

  async get(profileHash: string, alias: string, textKeys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    // chunks keep the IN list well under PostgreSQL's bind-parameter limit
    for (let i = 0; i < textKeys.length; i += 5000) {
      const rows = await this.db.rewardScore.findMany({
        where: { profileHash, alias, textKey: { in: textKeys.slice(i, i + 5000) } },
        select: { textKey: true, score: true },
      });
      for (const r of rows) out.set(r.textKey, r.score);
    }
    return out;
  }

  async put(profileHash: string, alias: string, entries: readonly { textKey: string; score: number }[]): Promise<void> {
    if (entries.length === 0) return;
    // two workers racing on the same text keep the first score
    await this.db.rewardScore.createMany({ data: entries.map((e) => ({ profileHash, alias, textKey: e.textKey, score: e.score })), skipDuplicates: true });
  }
}
