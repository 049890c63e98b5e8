import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import type { NoiseDraw } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { Split, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { scopeWhere, type SubmissionScope } from "@/lib/benchmarks/alpsbench/pipeline/submission-instances";
import { testFigureNoise, testFigureSecret } from "./test-figure-noise";

type Subject = { source: string; split: "full" | Split; benchmarkVersion?: { isDemo: boolean } | null };

/**
 * Whether a submission publishes test-split figures of an upload (lib/benchmarks/alpsbench/read/test-split-privacy.ts): a
 * test-split upload (its Scores), and a full upload whose file has a test row, `hasTestRow` (its test SplitScores,
 * and its Scores built from them). False: all exact (the server's own runs, dev/validation uploads, full uploads
 * without test rows, and every upload to the demo benchmark: its gold is synthetic and built by code in this
 * repository, lib/datasets/demo, so there is nothing hidden to protect, and an upload to try the site shows its figures).
 */
export function publishesTestFigures(submission: Subject, hasTestRow: boolean): boolean {
  if (submission.source !== "upload" || submission.benchmarkVersion?.isDemo === true) return false;
  return submission.split === "test" || (submission.split === "full" && hasTestRow);
}

/** Whether the stored deterministic results show a predicted (uploaded) row on a test instance of the scope. */
export async function storedTestRow(db: Pick<Db, "instanceResult">, scope: SubmissionScope): Promise<boolean> {
  const where = scopeWhere(scope);
  const row = await db.instanceResult.findFirst({
    where: { submissionId: scope.submissionId, scoreVersion: SCORER_VERSION, metrics: { path: ["predicted"], equals: true }, instance: { ...where, split: "test" } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * The noise draws of a submission's published test figures for `track` (the server secret is read, or created,
 * here), or null when its figures are exact: the noise is off (the default: test figures are exact, and probing
 * is bounded by the test-upload limits, lib/submissions/upload-limits.ts), or it publishes none
 * (publishesTestFigures).
 */
export async function testFigureDraw(
  db: Pick<Db, "serverSecret">,
  submission: Subject & { id: string },
  track: TrackId,
  hasTestRow: boolean,
  /** whether the operator turned the noise of uploads' test figures on (TEST_FIGURE_NOISE; off by default) */
  noise: boolean = env().TEST_FIGURE_NOISE === "on",
): Promise<NoiseDraw | null> {
  if (!noise || !publishesTestFigures(submission, hasTestRow)) return null;
  return testFigureNoise(await testFigureSecret(db), submission.id, track);
}
