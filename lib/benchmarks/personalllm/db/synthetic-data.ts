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
