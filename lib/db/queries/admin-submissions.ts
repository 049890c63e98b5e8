import type { Db } from "@/lib/db/create-client";

/**
 * The admins' worklist (/admin): the latest uploads whatever their visibility, with their moderation state, so
 * an admin can find a private or hidden submission to review. Callers check the admin role; no scores, files
 * or gold here.
 */
export async function getAdminSubmissions(db: Db, take = 100) {
  const rows = await db.submission.findMany({
    where: { source: "upload" },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      status: true,
      tracks: true,
      split: true,
      visibility: true,
      createdAt: true,
      verifiedAt: true,
      hiddenAt: true,
      flaggedAt: true,
      flagReason: true,
      moderationReason: true,
      benchmarkVersion: { select: { slug: true } },
      system: { select: { name: true, slug: true } },
      owner: { select: { email: true, name: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    tracks: row.tracks,
    split: row.split,
    benchmark: row.benchmarkVersion.slug,
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    system: row.system.name,
    owner: row.owner?.name ?? row.owner?.email ?? "(deleted user)",
    verified: row.verifiedAt !== null,
    hidden: row.hiddenAt !== null ? (row.moderationReason ?? "") : null,
    flagged: row.flaggedAt !== null ? (row.flagReason ?? "") : null,
  }));
}
