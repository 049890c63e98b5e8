import type { BenchmarkIdentity } from "@/lib/benchmarks/types";

/**
 * AlpsBench's part of the platform's ranking rules (lib/leaderboard/review-hold.ts, baseline-marks.ts), declared
 * once so the declaration (index.ts) and the board reader (read/queries/view.ts) use the same values.
 *  - contentless reference rows: predicting nothing, and labels and types with no content; a row of any tier that
 *    does not beat them keeps its rank with the mark "below <reference>" (as a row below copy-the-input does).
 *  - review: no margin on any track (a row is held when it beats the best honest reference); the open-book
 *    reference rows that read the public answers are listed in `openBookReferenceSlugs`.
 */
/** the reference row that looks the answers up in the public release (pipeline/public-lookup.ts): an open book, not a bar */
export const PUBLIC_LOOKUP_SLUG = "reference-public-lookup";

/** The Task 2 reference every Task 2 row is held against (baseline-marks.ts): returning the input memory pool unchanged. */
export const COPY_INPUT_SLUG = "baseline-copy-input";

export const ALPSBENCH_CONTENTLESS_SLUGS = ["baseline-empty", "baseline-labels-types"];

export const ALPSBENCH_REVIEW: NonNullable<BenchmarkIdentity["review"]> = {
  marginByTrack: {},
  openBookReferenceSlugs: [PUBLIC_LOOKUP_SLUG],
  // the authors' annotation repository publishes the gold of every split
  reason: "the gold of every split is public, so a moderator checks a new best before it is ranked",
};
