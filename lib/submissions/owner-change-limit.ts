import type { Tx } from "@/lib/db/create-client";

/**
 * How often one account may make its submissions public or private, or delete them: OWNER_CHANGES_PER_DAY in any
 * 24 hours, counted from the audit rows those changes write (actor = the account). Why: each such change bumps the
 * leaderboard version (a trigger on the visibility column, and on deletes), which empties every cached page and
 * the stored Every Eval Ever export, so a loop of toggles made the whole site render and rebuild on every visit.
 * Admins are not limited (their deletions are moderation). A change that changes nothing is not counted.
 */
const OWNER_CHANGES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Audit actions of an owner's own visibility changes and deletions (set-visibility.ts, delete-submission.ts). */
const OWNER_CHANGE_ACTIONS = ["submission.visibility", "submission.delete.own"] as const;

type OwnerChangeRefusal = { ok: false; code: "rate_limited"; message: string; retryAfterSeconds: number };

/** Inside the change's transaction, before it is written: null when the account may make one more change. */
export async function ownerChangeRefusal(tx: Tx, actorId: string, now = Date.now()): Promise<OwnerChangeRefusal | null> {
  // one account's changes are counted one at a time, so parallel requests cannot all pass on the same count
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`owner-changes:${actorId}`}))`;
  const recent = await tx.auditLog.findMany({
    where: { actorId, action: { in: [...OWNER_CHANGE_ACTIONS] }, createdAt: { gt: new Date(now - DAY_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: OWNER_CHANGES_PER_DAY,
  });
  if (recent.length < OWNER_CHANGES_PER_DAY) return null;
  // the next change is allowed once the oldest of the last OWNER_CHANGES_PER_DAY leaves the 24 hours
  const retryAfterSeconds = Math.max(1, Math.ceil((recent[recent.length - 1]!.createdAt.getTime() + DAY_MS - now) / 1000));
  const hours = Math.ceil(retryAfterSeconds / 3600);
  return {
    ok: false,
    code: "rate_limited",
    retryAfterSeconds,
    message: `You have made ${OWNER_CHANGES_PER_DAY} visibility changes or deletions of your submissions in the last 24 hours, the most allowed (each one refreshes every leaderboard page). Try again in ${retryAfterSeconds} s (about ${hours} h); nothing was changed.`,
  };
}
