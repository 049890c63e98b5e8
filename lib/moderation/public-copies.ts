import type { Tx } from "@/lib/db/create-client";

/**
 * The rule for a submission that becomes publicly visible (its owner makes it public, or an admin unhides it)
 * while other users hold the same predictions. Uploads refuse a duplicate only against the uploader's own
 * submissions and public ones (create-submission.ts), so a private copy may sit beside another user's public one.
 * When it comes out, the EARLIER upload keeps the place, and the same predictions never rank twice:
 *  - a public copy uploaded earlier than this one exists: the change is refused (409, naming it);
 *  - public copies uploaded later exist: the change is made, and each of them is hidden, with a public reason
 *    naming this submission and an audit row (actor: none, the rule acted), as an admin would hide a copy.
 * "The same predictions" is the same content hash (the scored projection) on a shared track of the same data
 * version; failed submissions do not count. Called in the transaction that makes the change; it takes the same
 * per-content locks as an upload, so a concurrent upload of the content waits for it.
 */
export async function claimPublicPlace(tx: Tx, submissionId: string): Promise<{ ok: true; hidden: string[] } | { ok: false; message: string; existing: string }> {
  const self = await tx.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { benchmarkVersionId: true, contentSha256: true, tracks: true, createdAt: true, ownerId: true, status: true },
  });
  if (!self.contentSha256 || self.status === "failed") return { ok: true, hidden: [] };
  const keys = [...new Set(self.tracks.map((track) => `content:${self.benchmarkVersionId}:${track}:${self.contentSha256}`))].sort();
  for (const key of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
  const copies = await tx.submission.findMany({
    where: {
      id: { not: submissionId },
      benchmarkVersionId: self.benchmarkVersionId,
      contentSha256: self.contentSha256,
      tracks: { hasSome: self.tracks },
      status: { not: "failed" },
      visibility: "public",
      hiddenAt: null,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, createdAt: true },
  });
  const earlier = copies.find((copy) => copy.createdAt < self.createdAt || (copy.createdAt.getTime() === self.createdAt.getTime() && copy.id < submissionId));
  if (earlier) {
    return {
      ok: false,
      existing: earlier.id,
      message: `The same predictions are already public as submission ${earlier.id} (/submissions/${earlier.id}), uploaded earlier; the earlier upload keeps the place, so this one stays as it is.`,
    };
  }
  const now = new Date();
  const reason = `the same predictions as submission ${submissionId}, uploaded earlier, which was made public (the earlier upload keeps the place)`;
  for (const copy of copies) {
    await tx.submission.update({ where: { id: copy.id }, data: { hiddenAt: now, moderationReason: reason } });
    await tx.auditLog.create({ data: { actorId: null, action: "submission.hide", targetType: "submission", targetId: copy.id, reason } });
  }
  return { ok: true, hidden: copies.map((copy) => copy.id) };
}
