/**
 * How many of a track's instances an accepted file has a row for, read from its stored validation report
 * (UploadCoverage: `valid` of `expected`). Shown wherever people read a result (the form's answer, the submission
 * and run pages, the board row, `submit --wait`): a file of 3 rows of 454 is accepted and scored, the 451 others as
 * empty predictions, and its figures say nothing of that by themselves. Pure and without imports: the board's table (a browser bundle) reads it, and zod would weigh on it; the
 * stored report is read in coverage.ts.
 */
export type Coverage = { covered: number; expected: number };

/** "covered 3 of 454 instances; 451 had no prediction row and score as empty predictions", or for a full file "covered all 454 instances". */
export function coverageSentence(coverage: Coverage): string {
  const n = (value: number) => value.toLocaleString("en-US");
  if (coverage.covered >= coverage.expected) return `covered all ${n(coverage.expected)} instances`;
  const missing = coverage.expected - coverage.covered;
  return `covered ${n(coverage.covered)} of ${n(coverage.expected)} instances; ${n(missing)} had no prediction row and ${missing === 1 ? "scores" : "score"} as ${missing === 1 ? "an empty prediction" : "empty predictions"}`;
}

/** The board's mark on a row with partial coverage: "covered 3 of 454". */
export function coverageMark(coverage: Coverage): string {
  return `covered ${coverage.covered.toLocaleString("en-US")} of ${coverage.expected.toLocaleString("en-US")}`;
}
