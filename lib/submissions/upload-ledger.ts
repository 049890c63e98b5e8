import type { Db, Tx } from "@/lib/db/create-client";
import { accountKeyOf } from "@/lib/auth/email-key";

type LedgerDb = Pick<Db, "uploadCharge" | "user">;

/**
 * The limits ledger (table UploadCharge): what the upload limits count (lib/submissions/upload-limits.ts). A row
 * per stored submission is written in the transaction that accepts the upload, so the count cannot be lowered by
 * anything the submitter does afterwards: deleting the submission (the row has no foreign key and stays), hiding
 * or making it private, or making it fail on their own data. Only a failure that was ours (failureIsOurs, set by
 * the worker: lib/worker/submission-failure.ts) refunds it. Before the ledger the limits counted the submissions
 * that still existed, so upload → read the test figures → delete gave the slot back (issue 30 #1).
 *
 * Rows are keyed by the owner's normalised e-mail address (lib/auth/email-key.ts): the accounts of one mailbox
 * (`eve+1@`, `eve+2@`) count into one set of limits.
 */

/** The limits key of a user, read from the database. */
export async function accountKeyOfUser(db: Pick<Db, "user">, ownerId: string): Promise<string> {
  const user = await db.user.findUnique({ where: { id: ownerId }, select: { id: true, email: true } });
  return user ? accountKeyOf(user) : `user:${ownerId}`;
}

/** `at`: the submission's createdAt, so the refusal's "next allowed" time is the one its page shows */
export type ChargedSubmission = { id: string; at: Date; tracks: readonly string[]; touchesTest: boolean };

/** Charges an accepted upload (one run, or one file): inside the transaction that stores its submissions. */
export async function chargeUpload(
  tx: Tx,
  input: { accountKey: string; ownerId: string; uploadKey: string; benchmarkVersionId: string; submissions: readonly ChargedSubmission[] },
): Promise<void> {
  await tx.uploadCharge.createMany({
    data: input.submissions.map((s) => ({
      accountKey: input.accountKey,
      ownerId: input.ownerId,
      submissionId: s.id,
      uploadKey: input.uploadKey,
      benchmarkVersionId: input.benchmarkVersionId,
      tracks: [...s.tracks],
      touchesTest: s.touchesTest,
      acceptedAt: s.at,
    })),
  });
}

/** Gives a submission's slot back: only for a failure that was ours. */
export async function refundCharge(db: Pick<Db, "uploadCharge">, submissionId: string, at = new Date()): Promise<void> {
  await db.uploadCharge.updateMany({ where: { submissionId, refundedAt: null }, data: { refundedAt: at } });
}

/**
 * One counted upload: a run's charges grouped (its key is the run), or a single-file upload. `testTracks`: the
 * track of each of its test-bearing submissions, once per submission (a run that held a track twice, before runs
 * were refused for it, lists it twice), so the test limits can count its answers per hidden test set.
 */
export type CountedUpload = { at: Date; tracks: Set<string>; testTracks: string[] };

function group(rows: readonly { uploadKey: string; acceptedAt: Date; tracks: readonly string[]; touchesTest: boolean }[]): CountedUpload[] {
  const byKey = new Map<string, CountedUpload>();
  for (const row of rows) {
    const entry = byKey.get(row.uploadKey) ?? { at: row.acceptedAt, tracks: new Set<string>(), testTracks: [] };
    if (row.acceptedAt < entry.at) entry.at = row.acceptedAt;
    for (const track of row.tracks) entry.tracks.add(track);
    if (row.touchesTest) entry.testTracks.push(...row.tracks);
    byKey.set(row.uploadKey, entry);
  }
  return [...byKey.values()];
}

/** The account's counted uploads since `since` (all, or the test uploads to one data version). */
export async function chargedUploads(db: LedgerDb, accountKey: string, since: Date, testOf?: { benchmarkVersionId: string }): Promise<CountedUpload[]> {
  const rows = await db.uploadCharge.findMany({
    where: {
      accountKey,
      acceptedAt: { gt: since },
      refundedAt: null,
      ...(testOf ? { benchmarkVersionId: testOf.benchmarkVersionId, touchesTest: true } : {}),
    },
    select: { uploadKey: true, acceptedAt: true, tracks: true, touchesTest: true },
  });
  return group(rows);
}
