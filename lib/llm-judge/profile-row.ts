import type { Db } from "@/lib/db/create-client";
import { judgeProfileName, type JudgeProfile } from "./profile";

/**
 * The JudgeProfile row of a profile (created on first use); every judge Score points at one. `hash` is the
 * profile's hash under the caller's scheme (profile.ts), the row's identity.
 */
export async function ensureJudgeProfileRow(db: Db, profile: JudgeProfile, hash: string): Promise<{ id: string; hash: string; name: string }> {
  const name = profile.label ?? judgeProfileName(profile, hash);
  const existing = await db.judgeProfile.findUnique({ where: { hash }, select: { id: true, hash: true, name: true } });
  if (existing) return existing;
  try {
    return await create(db, profile, hash, name);
  } catch (error) {
    // Two workers meeting a new profile at once: one insert wins (unique hash), the other reads its row.
    if (isUniqueViolation(error)) return db.judgeProfile.findUniqueOrThrow({ where: { hash }, select: { id: true, hash: true, name: true } });
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}

async function create(db: Db, profile: JudgeProfile, hash: string, name: string) {
  return db.judgeProfile.create({
    data: {
      hash,
      name,
      provider: profile.provider,
      baseUrl: profile.baseURL ?? "",
      model: profile.model,
      promptTemplateVersion: profile.promptTemplateVersion,
      temperature: profile.temperature,
      maxTokens: profile.maxTokens,
    },
    select: { id: true, hash: true, name: true },
  });
}
