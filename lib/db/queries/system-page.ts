import { shownOrganisation } from "@/lib/leaderboard/organisation-label";
import type { Db } from "@/lib/db/create-client";
import { tierOfSubmission } from "@/lib/leaderboard/tier";
import { canViewSubmission, currentScoreVersions, type Viewer } from "./submission-status";

/**
 * Read model of one system's page: its metadata and every submission the viewer may see (public ones for
 * everybody; private or moderated ones only for their owner and admins, by the one rule in
 * canViewSubmission), each with its current scores and every older score version kept as history.
 */

/** One submission as the system page shows it. */
export type SystemSubmission = NonNullable<Awaited<ReturnType<typeof getSystemPage>>>["submissions"][number];

export async function getSystemPage(db: Db, slug: string, viewer: Viewer) {
  const system = await db.system.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      name: true,
      organisation: true,
      kind: true,
      backbone: true,
      paperUrl: true,
      codeUrl: true,
      openWeights: true,
      description: true,
      createdAt: true,
      ownerId: true,
      organisationVerifiedAt: true,
    },
  });
  if (!system) return null;
  const rows = await db.submission.findMany({
    where: { systemId: system.id },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      // the run (one upload of many tracks) it came with, if any: the page groups a run's submissions
      runId: true,
      status: true,
      source: true,
      visibility: true,
      hiddenAt: true,
      ownerId: true,
      verifiedAt: true,
      evaluatorRelationship: true,
      split: true,
      tracks: true,
      sourceLabel: true,
      sourceUrl: true,
      note: true,
      scorerVersion: true,
      createdAt: true,
      finishedAt: true,
      benchmarkVersion: { select: { slug: true, name: true } },
      scores: {
        orderBy: [{ computedAt: "asc" }, { trackId: "asc" }, { metric: "asc" }],
        select: {
          trackId: true,
          metric: true,
          kind: true,
          scoreVersion: true,
          value: true,
          n: true,
          ciLow: true,
          ciHigh: true,
          computedAt: true,
          judgeProfile: { select: { name: true } },
        },
      },
    },
  });
  const visible = rows.filter((row) => canViewSubmission(row, viewer));
  // A system known only from private or hidden submissions does not exist for anyone but its owner and admins:
  // its name, organisation and links were given with those submissions.
  const mayManage = viewer !== null && (viewer.role === "admin" || (system.ownerId !== null && system.ownerId === viewer.id));
  if (visible.length === 0 && !mayManage) return null;
  const { ownerId: _ownerId, organisationVerifiedAt: _verified, ...rest } = system;
  const shown = { ...rest, organisation: shownOrganisation(system) };
  const submissions = [];
  for (const { scores, hiddenAt, ownerId: _owner, verifiedAt, evaluatorRelationship, scorerVersion, benchmarkVersion, createdAt, finishedAt, ...row } of visible) {
    const versions = scores.length > 0 ? await currentScoreVersions(db, row.id, scorerVersion) : [];
    // every score row, all versions, oldest first
    const history = scores.map((s) => ({ ...s, judgeProfile: s.judgeProfile?.name ?? null, computedAt: s.computedAt.toISOString() }));
    submissions.push({
      ...row,
      tier: tierOfSubmission({ source: row.source, verifiedAt, evaluatorRelationship }),
      hidden: hiddenAt !== null,
      benchmark: benchmarkVersion,
      createdAt: createdAt.toISOString(),
      finishedAt: finishedAt?.toISOString() ?? null,
      currentVersions: versions,
      // scores under the current versions
      current: history.filter((s) => versions.includes(s.scoreVersion)),
      history,
    });
  }
  // the submissions are only those the viewer may see; the others are not even counted (their existence is private too)
  return { system: { ...shown, createdAt: system.createdAt.toISOString() }, submissions };
}
