import type { RewardCache } from "@/lib/rewards/cache";

/** A reward cache in a Map (lib/rewards/cache.ts), for tests: `size` says how many scores it holds. */
export class InMemoryRewardCache implements RewardCache {
  private readonly entries = new Map<string, number>();
  async get(profileHash: string, alias: string, textKeys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const key of textKeys) {
      const score = this.entries.get(`${profileHash}/${alias}/${key}`);
      if (score !== undefined) out.set(key, score);
    }
    return out;
  }
  async put(profileHash: string, alias: string, entries: readonly { textKey: string; score: number }[]): Promise<void> {
    for (const e of entries) if (!this.entries.has(`${profileHash}/${alias}/${e.textKey}`)) this.entries.set(`${profileHash}/${alias}/${e.textKey}`, e.score);
  }
  get size(): number {
    return this.entries.size;
  }
}
