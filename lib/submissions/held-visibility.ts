import type { Db } from "@/lib/db/create-client";
import { findVisibleSubmission, getSubmissionStatus, type SubmissionStatusView, type Viewer } from "@/lib/db/queries/submission-status";
import type { UploadFacts } from "@/lib/benchmarks/types";
import { uploadReviewState } from "./review-state";
import { uploadFactsOf } from "./upload-facts";

/**
 * Held rows are shown to their owner and the moderators only (issue 39 #7): an upload or claimed import that the
 * review rule holds (lib/leaderboard/review-hold.ts: pending) or a moderator rejected does not exist for anyone
 * else until a moderator approves it: its submission page and API, its per-instance reads, its breakdown and its
 * pack answer 404 as a private submission does (its exact figure, a gold copy's 100, was public there). The boards
 * leave it out the same way (withoutHeldRows).
 */
export async function heldFromViewer(db: Db, id: string, viewer: Viewer): Promise<boolean> {
  const s = await db.submission.findUnique({
    where: { id },
    select: {
      id: true,
      source: true,
      status: true,
      visibility: true,
      hiddenAt: true,
      ownerId: true,
      tracks: true,
      split: true,
      evaluatorRelationship: true,
      reviewDecision: true,
      benchmarkVersion: { select: { slug: true } },
    },
  });
  if (!s) return false;
  if (viewer && (viewer.role === "admin" || (s.ownerId !== null && viewer.id === s.ownerId))) return false;
  const claimed = s.source === "reported" && s.evaluatorRelationship !== null;
  if (s.source !== "upload" && !claimed) return false;
  if (s.reviewDecision === "approved") return false;
  if (s.reviewDecision === "rejected") return true;
  const review = await uploadReviewState(db, { ...s, hidden: s.hiddenAt !== null, benchmark: s.benchmarkVersion.slug, claimed });
  return review?.state === "pending" || review?.state === "rejected";
}

/** findVisibleSubmission, and null as well for a held row the viewer may not see (heldFromViewer). */
export async function findShownSubmission(db: Db, id: string, viewer: Viewer) {
  const submission = await findVisibleSubmission(db, id, viewer);
  return submission && !(await heldFromViewer(db, id, viewer)) ? submission : null;
}

/** An upload's status as its page and API show it: the platform's read model and what its benchmark keeps of it. */
export type ShownSubmissionStatus = SubmissionStatusView & { facts: UploadFacts };

/**
 * getSubmissionStatus with its benchmark's facts (lib/submissions/upload-facts.ts), and null as well for a held row
 * the viewer may not see (heldFromViewer).
 */
export async function shownSubmissionStatus(db: Db, id: string, viewer: Viewer): Promise<ShownSubmissionStatus | null> {
  const status = await getSubmissionStatus(db, id, viewer);
  if (!status || (await heldFromViewer(db, id, viewer))) return null;
  return { ...status, facts: await uploadFactsOf(db, status, viewer) };
}
