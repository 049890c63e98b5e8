import type { SubmissionViewer, UploadFacts } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";

/**
 * What AlpsBench's own tables hold of uploads, for the platform's status read (BenchmarkIdentity.uploadFacts): the
 * rounding steps of figures published noised (TestFigureNoise). Every upload asked for has an answer, so its
 * status always carries `testFigureNoise` (null: every figure exact), as GET /api/v1/submissions/{id} always did.
 */
export async function alpsBenchUploadFacts(db: Db, submissionIds: readonly string[], _viewer: SubmissionViewer): Promise<Map<string, UploadFacts>> {
  const noise = await db.testFigureNoise.findMany({ where: { submissionId: { in: [...submissionIds] } } });
  const stepsOf = new Map(noise.map((n) => [n.submissionId, readSteps(n.steps)]));
  return new Map(
    submissionIds.map((id) => {
      const noised = stepsOf.has(id) ? { steps: stepsOf.get(id)! } : null;
      // set when this upload's test figures were published noised (TEST_FIGURE_NOISE=on): each figure's rounding step
      return [id, { noised, fields: { testFigureNoise: noised } }];
    }),
  );
}

/** Stored steps as the page and the API show them: each figure's rounding step (null: withheld or unknown). */
function readSteps(stored: unknown): Record<string, number | null> {
  const entries = stored !== null && typeof stored === "object" ? Object.entries(stored as Record<string, unknown>) : [];
  return Object.fromEntries(entries.map(([figure, step]) => [figure, typeof step === "number" ? step : null]));
}
