/**
 * Part of the benchmark contract: a scoring step (a module's scorer, a pipeline's `scoreStep`) throws this for a
 * failure that retrying cannot fix (the stored file no longer reads, nothing to score...). The worker fails the
 * upload with `reason`, shown to the submitter as is, so it says what happened and what to do; `isOurs` refunds the
 * daily quota (the limits ledger, lib/submissions/upload-ledger.ts, refunds only failures that were ours).
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

/** Appended to the reason of a failure that is ours (`isOurs`). */
export const REFUND_NOTE = "This is a failure on our side: it does not count against your daily limit.";
