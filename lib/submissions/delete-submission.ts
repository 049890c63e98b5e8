import type { Db } from "@/lib/db/create-client";
import { PGBOSS_SCHEMA, SCORE_QUEUE } from "@/lib/queue/names";
import { ownerChangeRefusal } from "./owner-change-limit";

/**
 * Deleting a submission: its owner, or an admin. The row goes, and with it (foreign keys ON DELETE CASCADE) its
 * scores, split scores, per-instance results, module items and prediction values, so it leaves every board; its
 * waiting scoring jobs are removed (a job already running finds the row gone and stops: score-submission.ts). A
 * system left without any submission goes too, if it was the uploader's. The audit row stays (it names the system,
 * tracks and split in its reason, since the submission it points to no longer exists):
 *  - `submission.delete`: an admin removed another user's publicly visible submission; moderation, listed on /audit;
 *  - `submission.delete.own`: the owner deleted their own, or an admin a submission the public never saw; listed
 *    to admins only (the public learns nothing about a private submission, not even that it was deleted).
 * Seeded and reported rows (no owner) are the server's own data, not uploads: they cannot be deleted here.
 * Whoever cannot see the submission is told it does not exist (404), as everywhere else. An owner's deletions and
 * visibility changes together are limited per day (owner-change-limit.ts: 429 with Retry-After).
 */

const DELETE_AUDIT_ACTIONS = { moderation: "submission.delete", own: "submission.delete.own" } as const;

type DeleteResult =
  | { ok: true; id: string; auditLogId: string }
  | { ok: false; code: "not_found" | "forbidden" | "conflict"; message: string }
  | { ok: false; code: "rate_limited"; message: string; retryAfterSeconds: number };

export async function deleteSubmission(db: Db, input: { submissionId: string; viewer: { id: string; role: "user" | "admin" } }): Promise<DeleteResult> {
  const { submissionId, viewer } = input;
  return db.$transaction(async (tx) => {
    // Row lock: a moderation or visibility change at the same moment is applied before or after, never half.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Submission" WHERE id = ${submissionId} FOR UPDATE`;
    const current =
      locked.length === 0
        ? null
        : await tx.submission.findUnique({
            where: { id: submissionId },
            select: {
              ownerId: true,
              source: true,
              visibility: true,
              hiddenAt: true,
              tracks: true,
              split: true,
              systemId: true,
              system: { select: { name: true, ownerId: true } },
            },
          });
    const isPublic = current !== null && current.visibility === "public" && current.hiddenAt === null;
    const mine = current !== null && current.ownerId === viewer.id;
    if (!current || !(isPublic || mine || viewer.role === "admin"))
      return { ok: false as const, code: "not_found" as const, message: `No submission "${submissionId}" (or it is private).` };
    if (!mine && viewer.role !== "admin")
      return { ok: false as const, code: "forbidden" as const, message: "Only the submission's owner or an admin can delete it." };
    if (current.source !== "upload") {
      return {
        ok: false as const,
        code: "conflict" as const,
        message: `This is a ${current.source} row (the server's own data, not an upload); it cannot be deleted here.`,
      };
    }
    // each deletion empties every cached page: an owner makes at most a few a day (owner-change-limit.ts); admins moderate
    if (viewer.role !== "admin") {
      const limited = await ownerChangeRefusal(tx, viewer.id);
      if (limited) return limited;
    }
    const action = !mine && isPublic ? DELETE_AUDIT_ACTIONS.moderation : DELETE_AUDIT_ACTIONS.own;
    const what = `${current.system.name} (${current.tracks.join(", ")} · ${current.split})`;
    const log = await tx.auditLog.create({
      data: { actorId: viewer.id, action, targetType: "submission", targetId: submissionId, reason: `deleted by ${mine ? "its owner" : "an admin"}: ${what}` },
      select: { id: true },
    });
    // waiting jobs only: an active one is the worker's, and it stops on its own when the row is gone
    await tx.$executeRawUnsafe(
      `DELETE FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND data->>'submissionId' = $2 AND state IN ('created', 'retry')`,
      SCORE_QUEUE,
      submissionId,
    );
    await tx.submission.delete({ where: { id: submissionId } });
    if (current.system.ownerId !== null && (await tx.submission.count({ where: { systemId: current.systemId } })) === 0) {
      await tx.system.delete({ where: { id: current.systemId } });
    }
    return { ok: true as const, id: submissionId, auditLogId: log.id };
  });
}
