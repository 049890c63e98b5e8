import type { ResultTier } from "@/lib/leaderboard/types";

/**
 * Who measured a row, in Every Eval Ever's words. Reported figures come from the benchmark authors' publication
 * (documentation; the authors evaluated other people's models: third party, unless the row says otherwise on import);
 * re-scored rows were run by this server (evaluation_run, third party); uploads were run by their submitter, who
 * may or may not be the model's developer: "other" (the format's word for a relationship it cannot tell).
 */
export function sourceOfTier(tier: ResultTier): { sourceType: "documentation" | "evaluation_run"; relationship: "first_party" | "third_party" | "other" } {
  if (tier === "reported") return { sourceType: "documentation", relationship: "third_party" };
  // an imported claim: who measured it is the source's to say, not this site's
  if (tier === "claimed") return { sourceType: "documentation", relationship: "other" };
  if (tier === "rescored") return { sourceType: "evaluation_run", relationship: "third_party" };
  return { sourceType: "evaluation_run", relationship: "other" };
}

/** Bounds of a column's scale (LeaderboardColumn.scale); null for raw figures, whose range the column does not state. */
export function boundsOfScale(scale: "unit" | "hundred" | "likert5" | "raw"): { min: number; max: number } | null {
  if (scale === "unit") return { min: 0, max: 1 };
  if (scale === "hundred") return { min: 0, max: 100 };
  if (scale === "likert5") return { min: 1, max: 5 };
  return null;
}
