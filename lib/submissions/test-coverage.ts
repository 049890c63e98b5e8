import type { UploadCoverage } from "./contracts";

/**
 * HIDDEN GOLD: a file that has rows for some test instances but not all is refused. Its headline metrics would
 * be a mean over the rows it has (and known empty-prediction scores for the rest), so one test row uploaded
 * privately gives that instance's score as value x n, and the dev/validation rows of a
 * "full" file are no cover: their per-instance scores are public. A file with no test rows at all (a "full"
 * upload of dev/validation predictions) is accepted: its test part is the empty prediction on every test
 * instance, a figure about the whole test split, never about one instance.
 *
 * Returns the refusal sentence, or null when the file may be scored.
 */
export function testCoverageRefusal(test: UploadCoverage["test"], split: "full" | "dev" | "validation" | "test"): string | null {
  if (!test || test.expected === 0 || test.missing === 0) return null;
  if (test.covered === 0 && split !== "test") return null;
  return (
    `${test.missing} of ${test.expected} test instances have no row: a file with test-split rows is scored only when it covers every test instance ` +
    `(from a partial one, the scores of single hidden test instances could be worked out). Add a row for every test instance, or leave the test rows ` +
    `out and upload on the dev or validation split. Nothing was stored.`
  );
}

/**
 * Largest share of a file's test rows that may predict nothing (lib/benchmarks/alpsbench/upload/empty-prediction.ts). The authors'
 * seven released Task 1 outputs leave 0.7-25.0 % of the 1,364 test instances empty (llama-4-maverick 25.0 %,
 * gpt-4.1-mini 22.9 %, measured from `alpsbench export-predictions` of the packets; docs/security.md "Test-split figures"),
 * so half is twice the worst real model, while the single-instance probe (one real row, the rest empty)
 * is 99.9 % empty. Probes with more real-looking filler are the job of the published figures' rounding
 * (lib/benchmarks/alpsbench/read/test-split-privacy.ts), not of this check.
 */
export const MAX_EMPTY_TEST_SHARE = 0.5;

/**
 * HIDDEN GOLD, first layer: a file whose test rows are mostly empty predictions is refused before anything is
 * stored (a mean over mostly-known zeros is a probe of the few real rows). Returns the refusal sentence, or null.
 */
export function degenerateTestRefusal(test: UploadCoverage["test"]): string | null {
  if (!test || test.covered === 0 || test.empty === undefined) return null;
  if (test.empty <= MAX_EMPTY_TEST_SHARE * test.covered) return null;
  const pct = ((100 * test.empty) / test.covered).toFixed(1);
  return (
    `${test.empty.toLocaleString("en-US")} of ${test.covered.toLocaleString("en-US")} test rows (${pct} %) have an empty prediction; a file is scored on the ` +
    `test split only when at most ${100 * MAX_EMPTY_TEST_SHARE} % of its test rows are empty (a file of empty rows around a few real ones would give ` +
    `those hidden test instances' scores away). Predict every test instance, or upload on the dev or validation split. Nothing was stored.`
  );
}
