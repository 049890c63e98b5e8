import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { syntheticPromptPrefix } from "../synthetic/synthetic-rows";

/**
 * Whether the imported evaluation set is the synthetic one (`personalllm-synthetic`, never real data): then the
 * rows this server scores on it are marked "synthetic data" and are not ranked beside the paper's runs, and the
 * page does not claim the dataset's licence for it.
 */
export async function evaluationSetIsSynthetic(db: Db | Prisma.TransactionClient): Promise<boolean> {
  const synthetic = await db.pllmEvalUser.findFirst({ where: { testPrompt: { startsWith: syntheticPromptPrefix("test") } }, select: { personId: true } });
  return synthetic !== null;
}

/**
 * Inside the module worker's transaction (PersonalLLM's onScored): whether the upload just scored was scored on the
 * synthetic evaluation set, kept in pllm_upload so its row stays marked whatever is imported later.
 */
export async function recordUploadScoring(tx: Prisma.TransactionClient, submissionId: string): Promise<void> {
  const syntheticData = await evaluationSetIsSynthetic(tx);
  await tx.pllmUpload.upsert({ where: { submissionId }, create: { submissionId, syntheticData }, update: { syntheticData } });
}

/** The uploads among `submissionIds` that were scored on the synthetic evaluation set (no row: on the real data). */
export async function syntheticUploads(db: Db, submissionIds: readonly string[]): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await db.pllmUpload.findMany({ where: { submissionId: { in: [...submissionIds] }, syntheticData: true }, select: { submissionId: true } });
  return new Set(rows.map((r) => r.submissionId));
}
