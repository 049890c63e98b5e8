import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * AlpsBench's record of the uploads scored without the judge their track's judge metrics need (its JudgeWaiting
 * table: a row while one waits). The platform learns of them through the declaration only: an upload's status
 * (uploadFacts: `awaitingJudge`, the API's `judgeWaiting` field), the queue and the worker's start (`uploadsAwaitingJudge`).
 */

/** Records whether a submission's scoring ended waiting for a judge, in the scoring step's transaction. */
export async function setJudgeWaiting(tx: Prisma.TransactionClient, submissionId: string, waiting: boolean): Promise<void> {
  if (waiting) await tx.judgeWaiting.upsert({ where: { submissionId }, create: { submissionId }, update: {} });
  else await tx.judgeWaiting.deleteMany({ where: { submissionId } });
}

/** The filter of finished uploads waiting for a judge, and of `where` besides. */
export const waitingUploadsWhere = (where: Prisma.SubmissionWhereInput = {}): Prisma.SubmissionWhereInput => ({
  judgeWaiting: { isNot: null },
  status: "done",
  source: "upload",
  ...where,
});

/** The finished uploads waiting for a judge (of `among` when given), oldest first: what a worker started with a judge re-queues. */
export async function uploadsAwaitingJudge(db: Db, among?: readonly string[]): Promise<string[]> {
  const where = waitingUploadsWhere(among ? { id: { in: [...among] } } : {});
  const rows = await db.submission.findMany({ where, orderBy: { createdAt: "asc" }, select: { id: true } });
  return rows.map((r) => r.id);
}
