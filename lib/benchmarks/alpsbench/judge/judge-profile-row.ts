import type { Db } from "@/lib/db/create-client";
import type { JudgeProfile } from "@/lib/llm-judge/profile";
import { ensureJudgeProfileRow as ensureRow } from "@/lib/llm-judge/profile-row";
import { judgeProfileHash } from "./profile";

/** The JudgeProfile row of one of AlpsBench's judge profiles (hashed under its scheme), created on first use. */
export async function ensureJudgeProfileRow(db: Db, profile: JudgeProfile): Promise<{ id: string; hash: string; name: string }> {
  return ensureRow(db, profile, judgeProfileHash(profile));
}
