import { writeFileSync } from "node:fs";
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

/** Set by scripts/test.ts (`npm test`) for each of its lanes: the counts go to this file, and it prints the one line. */
export const SUMMARY_FILE_ENV = "ALPSBENCH_TEST_SUMMARY_FILE";

/**
 * Ends the run with one plain line, "Tests: N passed, N failed[, N skipped]", which CI reads (vitest's own
 * summary is not in a form it parses). A failure outside a test (a beforeAll, a module that does not load, a
 * global setup, an unhandled error) counts as a failure here and fails the run: tests it skipped must never
 * read as a green run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failedHere += 1;
        else skipped += 1;
      }
      // hook and collection errors sit on the module or its suites, not on any test
      const outsideTests = module.errors().length + [...module.children.allSuites()].reduce((n, suite) => n + suite.errors().length, 0);
      if (failedHere === 0 && (outsideTests > 0 || module.state() === "failed")) failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    if (reason === "failed" && failed === 0) failed = 1;
    if (failed > 0) process.exitCode = 1;
    const summaryFile = process.env[SUMMARY_FILE_ENV];
    if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ passed, failed, skipped }));
    else process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
