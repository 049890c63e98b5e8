import type { Db } from "@/lib/db/create-client";
import { judgeProfileHash, judgeProfileName, type JudgeProfile } from "@/lib/judge";

/** The JudgeProfile row for a lib/judge profile (created on first use); every judge Score points at one. */
export async function ensureJudgeProfileRow(db: Db, profile: JudgeProfile): Promise<{ id: string; hash: string; name: string }> {
  const hash = judgeProfileHash(profile);
  const name = profile.label ?? judgeProfileName(profile);
  const row = await db.judgeProfile.upsert({
    where: { hash },
    create: {
      hash,
      name,
      provider: profile.provider,
      baseUrl: profile.baseURL ?? "",
      model: profile.model,
      promptTemplateVersion: profile.promptTemplateVersion,
      temperature: profile.temperature,
      maxTokens: profile.maxTokens,
    },
    update: {},
    select: { id: true, hash: true, name: true },
  });
  return row;
}
