import type { Db, Tx } from "@/lib/db/create-client";
import { refundCharge } from "@/lib/submissions/upload-ledger";

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
  // our fault: the upload's slot in the limits ledger is given back (nothing else gives it back)
  if (count > 0 && isOurs) await refundCharge(db, submissionId, now);
  return count > 0;
}

/**
 * PostgreSQL "data exception" codes (SQLSTATE class 22) that a stored value raised: a NUL in a string (22P05 in
 * jsonb, 22021 in text), a lone surrogate in jsonb (22P02, "invalid input syntax for type json"), an out-of-range
 * number, a string too long. They come from the submitter's rows, not from
 * us, so retrying cannot help and the failure is not refunded.
 */
const DATA_EXCEPTION_TEXT =
  /\b22P05\b|\b22021\b|invalid input syntax for type json|Unicode low surrogate must follow|\b22003\b|\b22001\b|unsupported Unicode escape sequence|invalid byte sequence for encoding|\\u0000 cannot be converted|out of range for type|value too long for type/i;

function sqlStateOf(error: unknown, depth = 0): string | null {
  if (error === null || typeof error !== "object" || depth > 4) return null;
  const e = error as { code?: unknown; originalCode?: unknown; meta?: unknown; cause?: unknown };
  for (const code of [e.originalCode, e.code]) if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return code;
  return sqlStateOf(e.cause, depth + 1) ?? sqlStateOf(e.meta, depth + 1);
}

/** Whether an error (or a recorded error message) is a data exception raised by the submitter's values. */
export function isSubmitterDataError(error: unknown): boolean {
  if (typeof error === "string") return DATA_EXCEPTION_TEXT.test(error);
  if (sqlStateOf(error) !== null) return true;
  return error instanceof Error && DATA_EXCEPTION_TEXT.test(`${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`);
}

export const SUBMITTER_DATA_REASON =
  "Your file holds a value the database cannot store (for example a NUL character, \\u0000, or a lone surrogate such as \\ud800, inside a string). Remove it and upload again; this failure counts against your daily limit.";
