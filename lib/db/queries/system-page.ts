import { shownOrganisation } from "@/lib/leaderboard/organisation-label";
import type { Db } from "@/lib/db/create-client";
import { tierOfSubmission } from "@/lib/leaderboard/tier";
import type { ResultTier, SystemKind } from "@/lib/leaderboard/types";
import { canViewSubmission, currentScoreVersions, type Viewer } from "./submission-status";

/**
 * Read model of one system's page: its metadata and every submission the viewer may see (public ones for
 * everybody; private or moderated ones only for their owner and admins, by the one rule in
 * canViewSubmission), each with its current scores and every older score version kept as history.
 */

type SystemScore = {
  trackId: string;
  metric: string;
  kind: "deterministic" | "judge";
  scoreVersion: string;
  judgeProfile: string | null;
  value: number | null;
  n: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  computedAt: string;
};

export type SystemSubmission = {
  id: string;
  /** the run (one upload of many tracks) it came with, if any: the page groups a run's submissions */
  runId: string | null;
  status: "queued" | "validating" | "scoring" | "judging" | "done" | "failed";
  source: "reported" | "seed" | "upload";
  tier: ResultTier;
  visibility: "public" | "private";
  hidden: boolean;
  split: "full" | "dev" | "validation" | "test";
  tracks: string[];
  benchmark: { slug: string; name: string };
  sourceLabel: string | null;
  sourceUrl: string | null;
  note: string | null;
  createdAt: string;
  finishedAt: string | null;
  currentVersions: string[];
  /** scores under the current versions */
  current: SystemScore[];
  /** every score row, all versions, oldest first */
  history: SystemScore[];
};

type SystemPageData = {
  system: {
    slug: string;
    name: string;
    organisation: string | null;
    kind: SystemKind;
    backbone: string | null;
    paperUrl: string | null;
    codeUrl: string | null;
    openWeights: boolean | null;
    description: string | null;
    createdAt: string;
  };
  /** only those the viewer may see; the others are not even counted (their existence is private too) */
  submissions: SystemSubmission[];
};

const tierOf = (submission: { source: "reported" | "seed" | "upload"; verifiedAt: Date | null; evaluatorRelationship: string | null }): ResultTier =>
  tierOfSubmission(submission);

export async function getSystemPage(db: Db, slug: string, viewer: Viewer): Promise<SystemPageData | null> {
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
  const submissions: SystemSubmission[] = [];
  for (const row of visible) {
    const versions = row.scores.length > 0 ? await currentScoreVersions(db, row.id, row.scorerVersion) : [];
    const history: SystemScore[] = row.scores.map((s) => ({
      trackId: s.trackId,
      metric: s.metric,
      kind: s.kind,
      scoreVersion: s.scoreVersion,
      judgeProfile: s.judgeProfile?.name ?? null,
      value: s.value,
      n: s.n,
      ciLow: s.ciLow,
      ciHigh: s.ciHigh,
      computedAt: s.computedAt.toISOString(),
    }));
    submissions.push({
      id: row.id,
      runId: row.runId,
      status: row.status,
      source: row.source,
      tier: tierOf(row),
      visibility: row.visibility,
      hidden: row.hiddenAt !== null,
      split: row.split,
      tracks: row.tracks,
      benchmark: row.benchmarkVersion,
      sourceLabel: row.sourceLabel,
      sourceUrl: row.sourceUrl,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      currentVersions: versions,
      current: history.filter((s) => versions.includes(s.scoreVersion)),
      history,
    });
  }
  return {
    system: { ...shown, createdAt: system.createdAt.toISOString() },
    submissions,
  };
}

/** Slugs and names of systems with at least one public, finished submission: the compare picker's options. */
export async function listComparableSystems(db: Db): Promise<{ slug: string; name: string }[]> {
  return db.system.findMany({
    where: { submissions: { some: { status: "done", visibility: "public", hiddenAt: null } } },
    orderBy: { name: "asc" },
    select: { slug: true, name: true },
  });
}
