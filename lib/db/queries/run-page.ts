import { coverageOfReport } from "@/lib/submissions/coverage";
import type { Db } from "@/lib/db/create-client";
import { explainResults, inTrackOrder } from "@/lib/submissions/explain-results";
import { uploadsFacts } from "@/lib/submissions/upload-facts";
import type { ServerSetup } from "@/lib/submissions/server-setup";
import { canViewSubmission, currentScoreVersions, type Viewer } from "./submission-status";

/**
 * A run's page: every track's submission the viewer may see, in the benchmark's track order, with what its figures
 * mean. Null when the run does not exist or none of its submissions is visible to the viewer (the same 404 either way).
 */
export async function getRunPage(db: Db, id: string, viewer: Viewer, setup: ServerSetup) {
  const run = await db.run.findUnique({
    where: { id },
    select: {
      id: true,
      fileName: true,
      createdAt: true,
      system: { select: { slug: true, name: true } },
      submissions: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          tracks: true,
          split: true,
          status: true,
          visibility: true,
          hiddenAt: true,
          ownerId: true,
          scorerVersion: true,
          progressDone: true,
          progressTotal: true,
          failureReason: true,
          note: true,
          // its coverage (valid of expected rows) only; the report is capped at MAX_REPORTED_PROBLEMS problems
          validationReport: true,
          benchmarkVersion: { select: { slug: true } },
          scores: { select: { trackId: true, metric: true, value: true, n: true, scoreVersion: true } },
        },
      },
    },
  });
  if (!run) return null;
  const visible = run.submissions.filter((s) => canViewSubmission(s, viewer));
  if (visible.length === 0) return null;
  // a run is one data version's: its benchmark says which uploads its checks flagged and which wait for a judge
  const facts = await uploadsFacts(
    db,
    visible[0]!.benchmarkVersion.slug,
    visible.map((s) => s.id),
    viewer,
  );
  const submissions = [];
  for (const s of visible) {
    const versions = s.scores.length > 0 ? await currentScoreVersions(db, s.id, s.scorerVersion) : [];
    const track = s.tracks[0] ?? "";
    const scores = s.scores
      .filter((score) => versions.includes(score.scoreVersion) && score.trackId === track)
      .map((score) => ({ metric: score.metric, value: score.value, n: score.n }));
    submissions.push({
      id: s.id,
      track,
      split: s.split,
      status: s.status,
      progressDone: s.progressDone,
      progressTotal: s.progressTotal,
      failureReason: s.failureReason,
      scores,
      explanation: explainResults(
        {
          id: s.id,
          track,
          split: s.split,
          benchmark: s.benchmarkVersion.slug,
          status: s.status,
          failureReason: s.failureReason,
          note: s.note,
          visibility: s.visibility,
          hidden: s.hiddenAt !== null,
          flag: facts(s.id).flag,
          unranked: facts(s.id).unranked,
          awaitingJudge: facts(s.id).awaitingJudge,
          systemName: run.system.name,
          scores,
          coverage: coverageOfReport(s.validationReport),
        },
        setup,
      ),
    });
  }
  return { id: run.id, fileName: run.fileName, createdAt: run.createdAt.toISOString(), system: run.system, submissions: inTrackOrder(submissions) };
}
