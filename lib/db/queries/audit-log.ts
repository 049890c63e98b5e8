import type { Db } from "@/lib/db/create-client";
import type { Viewer } from "./submission-status";

/**
 * The moderation log as /audit shows it. What is public, and why:
 *  - every admin moderation action (verify, hide, flag and their undos), its time and its reason: moderation of
 *    a public leaderboard should itself be open to scrutiny;
 *  - the submission's id and system name only while the submission is publicly visible: a hidden or private
 *    submission stays unnamed ("a submission that is not public");
 *  - the admin as "an admin": moderators are not exposed to pressure over single decisions. Admins see names.
 * Owners' own visibility changes are logged too, but listed to admins only (they are not moderation).
 */

const PUBLIC_AUDIT_ACTIONS = [
  "submission.verify",
  "submission.unverify",
  "submission.hide",
  "submission.unhide",
  "submission.flag",
  "submission.unflag",
  // an admin deleting another user's public submission (lib/submissions/delete-submission.ts)
  "submission.delete",
] as const;

export async function getAuditLog(db: Db, viewer: Viewer, options: { take?: number } = {}) {
  const isAdmin = viewer?.role === "admin";
  const rows = await db.auditLog.findMany({
    where: { targetType: "submission", ...(isAdmin ? {} : { action: { in: [...PUBLIC_AUDIT_ACTIONS] } }) },
    orderBy: { createdAt: "desc" },
    take: options.take ?? 200,
    select: { id: true, action: true, targetId: true, reason: true, createdAt: true, actor: { select: { name: true, email: true } } },
  });
  const submissions = await db.submission.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.targetId))] } },
    select: { id: true, visibility: true, hiddenAt: true, system: { select: { name: true, slug: true } } },
  });
  const byId = new Map(submissions.map((s) => [s.id, s]));
  return rows.map((row) => {
    const target = byId.get(row.targetId);
    const named = target && (isAdmin || (target.visibility === "public" && target.hiddenAt === null));
    return {
      id: row.id,
      action: row.action,
      createdAt: row.createdAt.toISOString(),
      reason: row.reason,
      actor: isAdmin ? (row.actor?.name ?? row.actor?.email ?? "a deleted user") : "an admin",
      submission: named ? { id: target.id, system: target.system.name, systemSlug: target.system.slug } : null,
    };
  });
}
