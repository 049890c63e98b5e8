import type { Db } from "@/lib/db/create-client";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * A failure that retrying cannot fix (the stored file no longer reads, nothing to score...). `reason` is shown to
 * the submitter as is, so it says what happened and what to do; `isOurs` refunds the daily quota
 * (lib/submissions/limits.ts counts only failures that were not ours).
 */
export class SubmissionScoringError extends Error {
  constructor(
    readonly reason: string,
    readonly isOurs: boolean,
    detail?: string,
  ) {
    super(detail ? `${reason} (${detail})` : reason);
    this.name = "SubmissionScoringError";
  }
}

export const REFUND_NOTE = "This is a failure on our side: it does not count against your daily limit.";

/** The dead-letter reasons: a chunk failed every attempt. */
export function exhaustedReason(attempts: number, lastError: string | null): string {
  if (lastError === null || /timeout|expired/i.test(lastError)) {
    return `The scoring worker stopped ${attempts} times on this submission; we have been alerted and it does not count against your daily limit.`;
  }
  return `Scoring failed ${attempts} times on this submission because of an error on our side; we have been alerted and it does not count against your daily limit.`;
}

/**
 * Marks a submission failed unless it already finished (done or failed), or, given `scoreVersion`, unless it is
 * now being scored under another version (the failure belongs to a stale job). Returns whether it changed.
 */
export async function markSubmissionFailed(db: Db | Tx, submissionId: string, reason: string, isOurs: boolean, scoreVersion?: string): Promise<boolean> {
  const now = new Date();
  const { count } = await db.submission.updateMany({
    where: {
      id: submissionId,
      status: { notIn: ["done", "failed"] },
      ...(scoreVersion ? { OR: [{ scorerVersion: null }, { scorerVersion: scoreVersion }] } : {}),
    },
    data: { status: "failed", failureReason: reason, failureIsOurs: isOurs, finishedAt: now, lastProgressAt: now },
  });
  return count > 0;
}
