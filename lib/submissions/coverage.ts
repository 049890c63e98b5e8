import { z } from "zod";
import type { Coverage } from "./coverage-text";

const StoredCoverage = z.object({ coverage: z.object({ valid: z.number().int().min(0), expected: z.number().int().min(0) }) });

/** The coverage of a stored validation report (Submission.validationReport, or the upload answer's `validation`); null when it has none. */
export function coverageOfReport(report: unknown): Coverage | null {
  const parsed = StoredCoverage.safeParse(report);
  if (!parsed.success || parsed.data.coverage.expected === 0) return null;
  return { covered: parsed.data.coverage.valid, expected: parsed.data.coverage.expected };
}
