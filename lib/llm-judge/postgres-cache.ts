import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CachedJudgeCall, type JudgeCache } from "./cache";
import { ensureJudgeProfileRow } from "./profile-row";

/**
 * The judge cache in PostgreSQL (table JudgeCall). The stored entry is validated on the way out too, so a row
 * written by an older version that no longer fits the schema is treated as a miss, never trusted.
 */
export class PostgresJudgeCache implements JudgeCache {
  private readonly profileIds = new Map<string, string>();

  constructor(private readonly db: Db) {}

  async get(key: string): Promise<CachedJudgeCall | null> {
    const row = await this.db.judgeCall.findUnique({ where: { key }, select: { entry: true } });
    if (!row) return null;
    const parsed = CachedJudgeCall.safeParse(row.entry);
    return parsed.success ? parsed.data : null;
  }

  async put(entry: CachedJudgeCall): Promise<void> {
    const checked = CachedJudgeCall.parse(entry);
    let profileId = this.profileIds.get(checked.profileHash);
    if (!profileId) {
      // the entry's hash is the one judge() keyed it by, under the caller's hash scheme
      profileId = (await ensureJudgeProfileRow(this.db, checked.profile, checked.profileHash)).id;
      this.profileIds.set(checked.profileHash, profileId);
    }
    const data = {
      profileId,
      verdictKind: checked.verdictKind,
      templateVersion: checked.templateVersion,
      rawCompletion: checked.rawText,
      parseOk: checked.parseError === null,
      inputTokens: checked.inputTokens,
      outputTokens: checked.outputTokens,
      costUsd: checked.costUsd,
      latencyMs: Math.round(checked.latencyMs),
      entry: checked as unknown as Prisma.InputJsonValue,
    };
    // Idempotent: two workers racing on the same prompt keep the first answer.
    await this.db.judgeCall.upsert({ where: { key: checked.key }, create: { key: checked.key, ...data }, update: {} });
  }
}
