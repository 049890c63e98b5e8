import type { Db } from "@/lib/db/create-client";
import type { Split, TrackId } from "@/lib/tracks";
import type { TestFigures } from "./persist-track-score";
import { SCORER_VERSION } from "./score-track";
import { scopeWhere, type SubmissionScope } from "./submission-instances";
import { testFigureNoise, testFigureSecret } from "./test-figure-noise";

/**
 * The bootstrap seed of an upload whose test figures are published (lib/leaderboard/test-split-privacy.ts): the
 * intervals of its exact public parts, which a full upload's whole-benchmark interval combines, are drawn with one
 * seed for every such upload (the test part's published interval uses no bootstrap at all).
 */
export const PUBLISHED_SEED = "alpsbench:test-split-published";

type Subject = { source: string; split: "full" | Split; benchmarkVersion?: { isDemo: boolean } | null };

/**
 * Which aggregates of a submission carry test-split figures of an upload (persist-track-score.ts, TestFigures):
 * a test-split upload's Scores; a full upload's Scores and test SplitScores when its file has a test row
 * (`hasTestRow`). Null: all exact (the server's own runs, dev/validation uploads, full uploads without test rows,
 * and every upload to the demo benchmark: its gold is synthetic and built by code in this repository,
 * lib/datasets/demo, so there is nothing hidden to protect, and an upload to try the site shows its figures).
 */
export function testFiguresOf(submission: Subject, hasTestRow: boolean): Omit<TestFigures, "draw"> | null {
  if (submission.source !== "upload") return null;
  if (submission.benchmarkVersion?.isDemo === true) return null;
  if (submission.split === "test") return { score: true, testSplit: true };
  if (submission.split === "full" && hasTestRow) return { score: true, testSplit: true };
  return null;
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

/** testFiguresOf with the submission's noise draws for `track` (the server secret is read, or created, once here). */
export async function publishedTestFigures(
  db: Pick<Db, "serverSecret">,
  submission: Subject & { id: string },
  track: TrackId,
  hasTestRow: boolean,
): Promise<TestFigures | null> {
  const flags = testFiguresOf(submission, hasTestRow);
  if (!flags) return null;
  return { ...flags, draw: testFigureNoise(await testFigureSecret(db), submission.id, track) };
}
