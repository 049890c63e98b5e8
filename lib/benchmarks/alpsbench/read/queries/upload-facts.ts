import type { SubmissionViewer, UploadFacts } from "@/lib/benchmarks/types";
import { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { CONTAMINATION_FLAG_REASON } from "@/lib/benchmarks/alpsbench/contamination/row-marks";
import { copyReason, readCopyFigures } from "@/lib/benchmarks/alpsbench/contamination/copy-figures";
import type { Db } from "@/lib/db/create-client";
import { canViewSubmission } from "@/lib/db/queries/submission-status";

/**
 * What AlpsBench's own tables hold of uploads, for the platform's status reads (BenchmarkIdentity.uploadFacts): the
 * contamination check's flag and figures (Contamination), the copy check's finding (RowCopy), whether it waits for
 * a judge (JudgeWaiting) and the rounding steps of figures published noised (TestFigureNoise). Every upload asked for
 * has an answer, so its status always carries `contamination` and `testFigureNoise` (null: never
 * checked, every figure exact), as GET /api/v1/submissions/{id} always did.
 */
export async function alpsBenchUploadFacts(db: Db, submissionIds: readonly string[], viewer: SubmissionViewer): Promise<Map<string, UploadFacts>> {
  const ids = [...submissionIds];
  const [noise, checks, copies, waiting] = await Promise.all([
    db.testFigureNoise.findMany({ where: { submissionId: { in: ids } } }),
    db.contamination.findMany({ where: { submissionId: { in: ids } } }),
    db.rowCopy.findMany({ where: { submissionId: { in: ids } } }),
    db.judgeWaiting.findMany({ where: { submissionId: { in: ids } }, select: { submissionId: true } }),
  ]);
  const copyOf = new Map(copies.map((c) => [c.submissionId, readCopyFigures(c.figures)]));
  const readableSources = await readableSubmissions(
    db,
    [...copyOf.values()].flatMap((c) => c?.submissionId ?? []),
    viewer,
  );
  const waits = new Set(waiting.map((w) => w.submissionId));
  const stepsOf = new Map(noise.map((n) => [n.submissionId, readSteps(n.steps)]));
  const flagged = new Set(checks.filter((c) => c.flagged).map((c) => c.submissionId));
  const checked = ids.map((id) => {
    const check = checks.find((c) => c.submissionId === id);
    const parsed = ContaminationFigures.safeParse(check?.figures);
    // the stored flag is what the ranking obeys; the figures only say why
    return parsed.success ? { ...parsed.data, flagged: check!.flagged } : null;
  });
  const figures = await withReadableReferences(db, checked, viewer);
  return new Map(
    ids.map((id, k) => {
      const noised = stepsOf.has(id) ? { steps: stepsOf.get(id)! } : null;
      const copy = copyOf.get(id) ?? null;
      const fields = {
        // the contamination check's figures (Task 1): public, like the flag they explain (the submission they name
        // only when this viewer may read it)
        contamination: figures[k] ?? null,
        // set when this upload's test figures were published noised (TEST_FIGURE_NOISE=on): each figure's rounding step
        testFigureNoise: noised,
      };
      const facts: UploadFacts = {
        flag: flagged.has(id) ? CONTAMINATION_FLAG_REASON : null,
        unranked: copy ? copyReason(copy, readableSources.has(copy.submissionId)) : null,
        awaitingJudge: waits.has(id),
        noised,
        fields,
      };
      return [id, facts];
    }),
  );
}

/** Stored steps as the page and the API show them: each figure's rounding step (null: withheld or unknown). */
function readSteps(stored: unknown): Record<string, number | null> {
  const entries = stored !== null && typeof stored === "object" ? Object.entries(stored as Record<string, unknown>) : [];
  return Object.fromEntries(entries.map(([figure, step]) => [figure, typeof step === "number" ? step : null]));
}

/**
 * Figures whose named submission (the earlier one a Task 1 upload reproduces) the viewer may not read lose the
 * name: its id alone would tell that a private or hidden submission exists and what it holds. The share stays:
 * it was measured against a submission the uploader could read at the time (lib/benchmarks/alpsbench/contamination/contamination-check.ts).
 * One query for any number of figures.
 */
async function withReadableReferences(
  db: Db,
  figures: readonly (ContaminationFigures | null)[],
  viewer: SubmissionViewer,
): Promise<(ContaminationFigures | null)[]> {
  const readable = await readableSubmissions(
    db,
    figures.flatMap((f) => (typeof f?.submissionId === "string" ? [f.submissionId] : [])),
    viewer,
  );
  return figures.map((f) => (f && f.submissionId !== null && !readable.has(f.submissionId) ? { ...f, submissionId: null } : f));
}

/** Of the submissions named (by a check's figures), the ones this viewer may read. One query. */
async function readableSubmissions(db: Db, named: readonly string[], viewer: SubmissionViewer): Promise<Set<string>> {
  const ids = [...new Set(named)];
  if (ids.length === 0) return new Set();
  const found = await db.submission.findMany({ where: { id: { in: ids } }, select: { id: true, visibility: true, hiddenAt: true, ownerId: true } });
  return new Set(found.filter((s) => canViewSubmission(s, viewer)).map((s) => s.id));
}
