import type { Db } from "@/lib/db/create-client";
import type { RowReviewState } from "@/lib/benchmarks/types";
import { uploadReviewState } from "./review-state";

/** How many of the latest undecided uploads the moderators' list looks at (each reads memoised boards). */
const LOOK_AT = 200;

type HeldUpload = { id: string; system: string; benchmark: string; tracks: string[]; split: string; createdAt: string; review: RowReviewState };

/**
 * The uploads (and claimed imports) held for review (lib/leaderboard/review-hold.ts) that no moderator has decided yet, newest first, for
 * the moderators' part of /queue: public, finished, unhidden uploads without a decision whose board rows say
 * "pending review". Admins only: the caller checks the role.
 */
export async function heldUploads(db: Db): Promise<HeldUpload[]> {
  const candidates = await db.submission.findMany({
    // uploads, and claimed imports (another party's figures, reviewed like uploads)
    where: {
      OR: [{ source: "upload" }, { source: "reported", evaluatorRelationship: { not: null } }],
      status: "done",
      visibility: "public",
      hiddenAt: null,
      reviewDecision: null,
    },
    orderBy: { createdAt: "desc" },
    take: LOOK_AT,
    select: {
      id: true,
      source: true,
      status: true,
      visibility: true,
      tracks: true,
      split: true,
      createdAt: true,
      evaluatorRelationship: true,
      benchmarkVersion: { select: { slug: true } },
      system: { select: { name: true } },
    },
  });
  const out: HeldUpload[] = [];
  for (const c of candidates) {
    const upload = { ...c, hidden: false, benchmark: c.benchmarkVersion.slug, claimed: c.source === "reported" };
    const review = await uploadReviewState(db, upload);
    if (review?.state === "pending")
      out.push({ id: c.id, system: c.system.name, benchmark: upload.benchmark, tracks: c.tracks, split: c.split, createdAt: c.createdAt.toISOString(), review });
  }
  return out;
}
