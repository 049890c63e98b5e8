import { coverageOfReport } from "@/lib/submissions/coverage";
import { ORGANISATION_SELECT, shownOrganisation } from "@/lib/leaderboard/organisation-label";
import { tierOfSubmission } from "@/lib/leaderboard/tier";
import type { Db } from "@/lib/db/create-client";
import { readRewardSource } from "@/lib/rewards/reward-source";
import { submissionProgressSelect } from "./submission-progress-select";

/**
 * Read model of one submission for its owner and the public: status, progress, and the metrics of its
 * current score version. Visibility rule (the single place it is decided for submission reads): a public,
 * unhidden submission is visible to everyone; a private or moderated one only to its owner and to admins;
 * to anyone else it does not exist (404, never 403, so ids cannot be probed).
 */

export type Viewer = { id: string; role: "user" | "admin" } | null;

type MetricValue = { value: number | null; n: number | null; ciLow: number | null; ciHigh: number | null; judgeProfile: string | null; scoreVersion: string };

const submissionSelect = {
  ...submissionProgressSelect,
  source: true,
  ownerId: true,
  publishPredictions: true,
  failureReason: true,
  note: true,
  scorerVersion: true,
  validationReport: true,
  fileName: true,
  fileSize: true,
  fileSha256: true,
  verifiedAt: true,
  evaluatorRelationship: true,
  flaggedAt: true,
  flagReason: true,
  moderationReason: true,
  // the reward service's part of its scores (the platform's RewardFill; no row: none)
  rewardFill: { select: { source: true } },
  system: { select: { slug: true, name: true, ...ORGANISATION_SELECT, kind: true, backbone: true } },
} as const;

export function canViewSubmission(submission: { visibility: "public" | "private"; hiddenAt: Date | null; ownerId: string | null }, viewer: Viewer): boolean {
  if (submission.visibility === "public" && submission.hiddenAt === null) return true;
  if (!viewer) return false;
  return viewer.role === "admin" || (submission.ownerId !== null && submission.ownerId === viewer.id);
}

/** The submission's row (no file bytes), or null when it does not exist or the viewer may not see it. */
export async function findVisibleSubmission(db: Db, id: string, viewer: Viewer) {
  const submission = await db.submission.findUnique({ where: { id }, select: submissionSelect });
  if (!submission || !canViewSubmission(submission, viewer)) return null;
  return submission;
}

/**
 * The score versions that are "current" for a submission: its deterministic scorer version (or, while a
 * re-score under a new version has not produced rows yet, the latest deterministic version it has), plus its
 * latest judge version. Older versions stay in the database as history and are not shown here.
 */
export async function currentScoreVersions(db: Db, submissionId: string, scorerVersion: string | null): Promise<string[]> {
  const groups = await db.score.groupBy({ by: ["scoreVersion", "kind"], where: { submissionId }, _max: { computedAt: true } });
  const latest = (kind: "deterministic" | "judge") =>
    groups.filter((g) => g.kind === kind).sort((a, b) => (b._max.computedAt?.getTime() ?? 0) - (a._max.computedAt?.getTime() ?? 0))[0]?.scoreVersion ?? null;
  // A track with no deterministic aggregate (Task 4: judge metrics only) still has its per-instance results
  // (`predicted`) under the submission's scorer version; without this fallback an unjudged Task 4 upload
  // showed no per-instance rows at all (tests/e2e/full-run.test.ts).
  const deterministic =
    scorerVersion && groups.some((g) => g.kind === "deterministic" && g.scoreVersion === scorerVersion) ? scorerVersion : (latest("deterministic") ?? scorerVersion);
  const judge = latest("judge");
  return [deterministic, judge].filter((v): v is string => v !== null);
}

export async function getSubmissionStatus(db: Db, id: string, viewer: Viewer) {
  const submission = await findVisibleSubmission(db, id, viewer);
  if (!submission) return null;
  const mayManage = viewer !== null && (viewer.role === "admin" || viewer.id === submission.ownerId);
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const scores = await db.score.findMany({
    where: { submissionId: submission.id, scoreVersion: { in: versions } },
    orderBy: [{ trackId: "asc" }, { metric: "asc" }],
    select: { trackId: true, metric: true, value: true, n: true, ciLow: true, ciHigh: true, scoreVersion: true, judgeProfile: { select: { name: true } } },
  });
  // One track: metrics by name. Several (a Task 3 upload covering every pool size): "<track>:<metric>", as
  // the multi-track leaderboards name their columns.
  const multiTrack = new Set(scores.map((s) => s.trackId)).size > 1 || submission.tracks.length > 1;
  const metrics: Record<string, MetricValue> = {};
  for (const s of scores) {
    metrics[multiTrack ? `${s.trackId}:${s.metric}` : s.metric] = {
      value: s.value,
      n: s.n,
      ciLow: s.ciLow,
      ciHigh: s.ciHigh,
      judgeProfile: s.judgeProfile?.name ?? null,
      scoreVersion: s.scoreVersion,
    };
  }
  const queuePosition =
    submission.status === "queued" ? 1 + (await db.submission.count({ where: { status: "queued", createdAt: { lt: submission.createdAt } } })) : null;
  return {
    id: submission.id,
    status: submission.status,
    source: submission.source,
    track: submission.tracks.length === 1 ? submission.tracks[0]! : null,
    tracks: submission.tracks,
    split: submission.split,
    benchmark: submission.benchmarkVersion.slug,
    visibility: submission.visibility,
    verified: submission.verifiedAt !== null,
    // a flag is public (with its reason); why a submission is hidden only its owner and admins see
    flag: submission.flaggedAt ? { at: submission.flaggedAt.toISOString(), reason: submission.flagReason } : null,
    tier: tierOfSubmission(submission),
    hidden: submission.hiddenAt !== null,
    ...(mayManage && submission.hiddenAt ? { hiddenReason: submission.moderationReason } : {}),
    isOwner: viewer !== null && submission.ownerId !== null && viewer.id === submission.ownerId,
    system: {
      slug: submission.system.slug,
      name: submission.system.name,
      organisation: shownOrganisation(submission.system),
      kind: submission.system.kind,
      backbone: submission.system.backbone,
    },
    createdAt: submission.createdAt.toISOString(),
    startedAt: submission.startedAt?.toISOString() ?? null,
    finishedAt: submission.finishedAt?.toISOString() ?? null,
    queuePosition,
    progress: {
      done: submission.progressDone,
      total: submission.progressTotal,
      lastProgressAt: submission.lastProgressAt?.toISOString() ?? null,
      judge: { done: submission.judgeCalls?.done ?? 0, cached: submission.judgeCalls?.cached ?? 0, failed: submission.judgeCalls?.failed ?? 0 },
    },
    failureReason: submission.failureReason,
    // how many of the track's instances the file has a row for: public, like the board's "covered n of N" mark
    coverage: coverageOfReport(submission.validationReport),
    // public, like a reported row's note: e.g. why an upload's reward metrics are "not scored"
    note: submission.note,
    // a module upload whose reward scores the server's reward service (partly) supplied: the profile and the count
    rewardSource: readRewardSource(submission.rewardFill?.source),
    scorerVersion: submission.scorerVersion,
    scoreVersions: versions,
    metrics,
    // what the submitter needs to fix a file; not shown to others
    ...(mayManage
      ? { file: { name: submission.fileName, size: submission.fileSize, sha256: submission.fileSha256 }, validation: submission.validationReport ?? null }
      : {}),
  };
}

export type SubmissionStatusView = NonNullable<Awaited<ReturnType<typeof getSubmissionStatus>>>;
