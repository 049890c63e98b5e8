/**
 * The Submission columns that describe where a submission is in the scoring loop: shared by the status page
 * and the public queue so both read progress the same way.
 */
export const submissionProgressSelect = {
  id: true,
  status: true,
  tracks: true,
  split: true,
  visibility: true,
  hiddenAt: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  lastProgressAt: true,
  progressDone: true,
  progressTotal: true,
  // the judge's call counts (AlpsBench's own table; no row: none yet)
  judgeCalls: { select: { done: true, cached: true, failed: true } },
  benchmarkVersion: { select: { slug: true } },
} as const;
