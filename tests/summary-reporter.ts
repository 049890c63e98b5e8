import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, "Tests: N passed, N failed[, N skipped]", which CI reads whatever the
 * test runner (vitest's own summary is not in a form CI parses).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
