import type { ResultTier } from "./types";

/** Most trusted first: the order of legends, filters and of a system's rows. */
export const TIER_ORDER: readonly ResultTier[] = ["reported", "rescored", "verified", "submitted", "claimed"];

/**
 * The tier of a submission, from where it came from. Only the server's own submissions (source `seed`: the
 * authors' released outputs, its baselines, the demo set) are `rescored`; an upload is `submitted` until a
 * maintainer verifies it, so nothing uploaded can ever sit in the tier of the authors' figures or outputs.
 * Figures imported from an Every Eval Ever file keep who measured them (`evaluatorRelationship`): such a row is a
 * `claimed` one, of its source, unless the operator imported it as the authors' reported figures (lib/eee).
 */
export function tierOfSubmission(submission: {
  source: "reported" | "seed" | "upload";
  verifiedAt: Date | null;
  evaluatorRelationship?: string | null;
}): ResultTier {
  if (submission.source === "reported") return submission.evaluatorRelationship ? "claimed" : "reported";
  if (submission.source === "seed") return "rescored";
  return submission.verifiedAt ? "verified" : "submitted";
}
