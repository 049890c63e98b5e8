import { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { AUDIT_ACTION } from "./moderate-submission";
import { ownerChangeRefusal } from "@/lib/submissions/owner-change-limit";
import { claimPublicPlace } from "./public-copies";

/**
 * The owner makes their submission public or private (and back). Owner only: an admin who wants a submission
 * out of public view hides it (moderate-submission.ts), which is recorded publicly with a reason. The change
 * is recorded in the audit log too, with the owner as actor; the public /audit page does not list these.
 */

export const VisibilityRequest = z.strictObject(
  { visibility: z.enum(["public", "private"], { error: "must be public or private" }) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);

type VisibilityResult =
  | { ok: true; visibility: "public" | "private"; changed: boolean; hiddenCopies: string[] }
  | { ok: false; code: "not_found" | "forbidden" | "conflict"; message: string }
  | { ok: false; code: "rate_limited"; message: string; retryAfterSeconds: number };

export async function setSubmissionVisibility(
  db: Db,
  input: { submissionId: string; viewer: { id: string; role: "user" | "admin" }; visibility: "public" | "private" },
): Promise<VisibilityResult> {
  return db.$transaction(async (tx) => {
    const current = await tx.submission.findUnique({ where: { id: input.submissionId }, select: { ownerId: true, visibility: true, hiddenAt: true } });
    const visibleToViewer =
      current !== null && ((current.visibility === "public" && current.hiddenAt === null) || input.viewer.role === "admin" || current.ownerId === input.viewer.id);
    // Someone who cannot see a submission learns nothing about it, not even that it exists.
    if (!current || !visibleToViewer)
      return { ok: false as const, code: "not_found" as const, message: `No submission "${input.submissionId}" (or it is private).` };
    if (current.ownerId !== input.viewer.id)
      return { ok: false as const, code: "forbidden" as const, message: "Only the submission's owner can change its visibility." };
    if (current.visibility === input.visibility) return { ok: true as const, visibility: input.visibility, changed: false, hiddenCopies: [] };
    // each change empties every cached page: an account makes at most a few a day (owner-change-limit.ts)
    const limited = await ownerChangeRefusal(tx, input.viewer.id);
    if (limited) return limited;
    // made public: another user's public copy uploaded earlier keeps the place; later ones are hidden (public-copies.ts)
    let hiddenCopies: string[] = [];
    if (input.visibility === "public" && current.hiddenAt === null) {
      const place = await claimPublicPlace(tx, input.submissionId);
      if (!place.ok) return { ok: false as const, code: "conflict" as const, message: place.message };
      hiddenCopies = place.hidden;
    }
    await tx.submission.update({ where: { id: input.submissionId }, data: { visibility: input.visibility } });
    await tx.auditLog.create({
      data: {
        actorId: input.viewer.id,
        action: AUDIT_ACTION("visibility"),
        targetType: "submission",
        targetId: input.submissionId,
        reason: `made ${input.visibility}`,
      },
    });
    return { ok: true as const, visibility: input.visibility, changed: true, hiddenCopies };
  });
}
