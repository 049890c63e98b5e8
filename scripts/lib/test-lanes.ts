import { z } from "zod";

/** What tests/summary-reporter.ts writes for one lane of `npm test` (scripts/test.ts). */
export const LaneSummary = z.object({ passed: z.number().int().min(0), failed: z.number().int().min(0), skipped: z.number().int().min(0) });
export type LaneSummary = z.infer<typeof LaneSummary>;

export interface LaneResult {
  /** the lane's vitest exit code */
  code: number;
  /** its counts, or null when it wrote none (it crashed, or a global setup failed before any test ran) */
  summary: LaneSummary | null;
}

/**
 * The run's one closing line and exit code from its lanes. A lane that exited non-zero without counting a failure
 * counts as one failure, so a crashed lane can never read as a green run.
 */
export function combineLanes(results: readonly LaneResult[]): { line: string; code: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { code, summary } of results) {
    total.passed += summary?.passed ?? 0;
    total.skipped += summary?.skipped ?? 0;
    total.failed += Math.max(summary?.failed ?? 0, code !== 0 ? 1 : 0);
  }
  return {
    line: `Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
    code: total.failed > 0 ? 1 : 0,
  };
}
