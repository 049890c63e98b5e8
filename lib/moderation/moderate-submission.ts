import { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { nameProblem } from "@/lib/security/safe-text";
import { claimPublicPlace } from "./public-copies";

/**
 * Admin moderation of one submission, each action with its undo:
 *  - verify / unverify: a maintainer checked the submission; the leaderboard shows the "verified" tier.
 *  - hide / unhide: out of every public view (leaderboards, system pages, queue names), as if private.
 *  - flag / unflag: stays public, with the admin's reason shown next to it (e.g. "suspected test-set tuning").
 *  - approve / reject: the decision on an upload the review rule holds (lib/leaderboard/review-hold.ts: it beats
 *    every reported and server-scored row of a board, and the public gold means no check can prove it honest).
 *    Approve needs a note (a code link, a paper, a system description) and ranks it; reject needs the reason and
 *    keeps it unranked. Either replaces the other; the note is kept on the submission and in the audit row.
 * Every action writes its AuditLog row in the same transaction as the change: no change without its record.
 * Reasons are PUBLIC (the /audit page shows them): hide and flag need one, the others may carry one.
 */

const MODERATION_ACTIONS = ["verify", "unverify", "hide", "unhide", "flag", "unflag", "approve", "reject"] as const;
type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ModerationRequest = z
  .strictObject(
    {
      action: z.enum(MODERATION_ACTIONS, { error: `must be one of ${MODERATION_ACTIONS.join(", ")}` }),
      // shown publicly on /audit: no control character (a NUL was a 500 before, U+0001 was stored and shown)
      reason: z
        .string({ error: "must be a string" })
        .trim()
        .max(500, "at most 500 characters")
        .superRefine((value, ctx) => {
          const problem = nameProblem(value, true);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .superRefine((value, ctx) => {
    if ((value.action === "hide" || value.action === "flag" || value.action === "reject") && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: `is required to ${value.action} a submission (it is shown publicly)` });
    }
    if (value.action === "approve" && !value.reason) {
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: "is required to approve a submission: a note saying why it is believed (a code link, a paper, a system description); it is shown publicly",
      });
    }
  });
export type ModerationRequest = z.infer<typeof ModerationRequest>;

type ModerationState = {
  verified: boolean;
  hidden: boolean;
  flagged: boolean;
  flagReason: string | null;
  /** the review decision (approve/reject) and its note; null: not reviewed */
  review: { decision: "approved" | "rejected"; note: string | null } | null;
};

type ModerationResult = { ok: true; state: ModerationState; auditLogId: string } | { ok: false; code: "not_found" | "conflict"; message: string };

export const AUDIT_ACTION = (action: ModerationAction | "visibility") => `submission.${action}`;

export async function moderateSubmission(db: Db, input: { submissionId: string; actorId: string; request: ModerationRequest }): Promise<ModerationResult> {
  const { action, reason } = input.request;
  return db.$transaction(async (tx) => {
    // Row lock: two admins acting at once are applied one after the other, each with its own audit row.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Submission" WHERE id = ${input.submissionId} FOR UPDATE`;
    if (locked.length === 0) return { ok: false as const, code: "not_found" as const, message: `No submission "${input.submissionId}".` };
    const current = await tx.submission.findUniqueOrThrow({
      where: { id: input.submissionId },
      select: { source: true, status: true, visibility: true, verifiedAt: true, hiddenAt: true, flaggedAt: true, reviewDecision: true, evaluatorRelationship: true },
    });
    const conflict = (message: string) => ({ ok: false as const, code: "conflict" as const, message });
    const now = new Date();
    let data: Parameters<typeof tx.submission.update>[0]["data"];
    switch (action) {
      case "verify":
        if (current.source === "reported") return conflict("Reported figures cannot be verified: they were not scored here.");
        // "verified" is the tier of checked uploads; the server's own runs keep the re-scored tier (lib/leaderboard/tier.ts)
        if (current.source === "seed")
          return conflict("Runs the server scored itself (the authors' released outputs, its baselines) are re-scored rows, not uploads to verify.");
        if (current.status !== "done") return conflict(`Only a finished submission can be verified (this one is ${current.status}).`);
        if (current.verifiedAt) return conflict("The submission is already verified.");
        data = { verifiedAt: now, verifiedById: input.actorId };
        break;
      case "unverify":
        if (!current.verifiedAt) return conflict("The submission is not verified.");
        data = { verifiedAt: null, verifiedById: null };
        break;
      case "hide":
        if (current.hiddenAt) return conflict("The submission is already hidden.");
        data = { hiddenAt: now, moderationReason: reason ?? null };
        break;
      case "unhide": {
        if (!current.hiddenAt) return conflict("The submission is not hidden.");
        // coming back into public view: the earlier of two users' public copies keeps the place (public-copies.ts)
        if (current.visibility === "public") {
          const place = await claimPublicPlace(tx, input.submissionId);
          if (!place.ok) return conflict(place.message);
        }
        data = { hiddenAt: null, moderationReason: null };
        break;
      }
      case "flag":
        if (current.flaggedAt) return conflict("The submission is already flagged.");
        data = { flaggedAt: now, flagReason: reason ?? null };
        break;
      case "unflag":
        if (!current.flaggedAt) return conflict("The submission is not flagged.");
        data = { flaggedAt: null, flagReason: null };
        break;
      case "approve":
      case "reject": {
        const decision = action === "approve" ? "approved" : "rejected";
        // uploads and claimed imports (another party's figures, tier claimed) are held for review: the authors'
        // reported figures and the server's own runs are the bar itself
        const claimed = current.source === "reported" && current.evaluatorRelationship !== null;
        if (current.source !== "upload" && !claimed)
          return conflict(
            "Only uploads and claimed imports are reviewed: the authors' reported figures and the server's own runs are the references they are held against.",
          );
        if (current.status !== "done") return conflict(`Only a finished submission can be reviewed (this one is ${current.status}).`);
        if (current.reviewDecision === decision) return conflict(`The submission is already ${decision}.`);
        data = { reviewDecision: decision, reviewNote: reason ?? null, reviewedAt: now, reviewedById: input.actorId };
        break;
      }
    }
    const updated = await tx.submission.update({
      where: { id: input.submissionId },
      data,
      select: { verifiedAt: true, hiddenAt: true, flaggedAt: true, flagReason: true, reviewDecision: true, reviewNote: true },
    });
    const log = await tx.auditLog.create({
      data: { actorId: input.actorId, action: AUDIT_ACTION(action), targetType: "submission", targetId: input.submissionId, reason: reason ?? null, createdAt: now },
      select: { id: true },
    });
    return {
      ok: true as const,
      auditLogId: log.id,
      state: {
        verified: updated.verifiedAt !== null,
        hidden: updated.hiddenAt !== null,
        flagged: updated.flaggedAt !== null,
        flagReason: updated.flagReason,
        review: updated.reviewDecision ? { decision: updated.reviewDecision, note: updated.reviewNote } : null,
      },
    };
  });
}
