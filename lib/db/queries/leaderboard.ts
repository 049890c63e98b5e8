import type { Db } from "@/lib/db/create-client";
import { memoByLeaderboardVersion } from "./leaderboard-version-memo";
import { DEFAULT_SORT, TRACK_METRICS } from "@/lib/leaderboard/metrics";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, MetricCell, ResultTier } from "@/lib/leaderboard/types";
import { REPORTED_SCORE_VERSION } from "@/lib/pipeline/seed-reported";
import { TRACK_LABELS, type TrackId } from "@/lib/tracks";

export type LeaderboardScope = {
  /** benchmark version slug; "alpsbench-v1" (real data and reported figures) or "demo" */
  benchmark: string;
  /** "full" (reported figures, re-scored packets) or a split; "all" shows every split */
  split: "all" | "full" | "dev" | "validation" | "test";
  /** only this score version for computed rows (reported figures always show); default: the latest per run */
  scoreVersion?: string;
};

type ScoreWithContext = Awaited<ReturnType<typeof loadScores>>[number];

/** Public, finished, unhidden submissions' scores for the given tracks. Private ones never reach a page. */
async function loadScores(db: Db, tracks: readonly TrackId[], scope: LeaderboardScope) {
  return db.score.findMany({
    where: {
      trackId: { in: [...tracks] },
      ...(scope.scoreVersion ? { scoreVersion: { in: [scope.scoreVersion, REPORTED_SCORE_VERSION] } } : {}),
      submission: {
        status: "done",
        visibility: "public",
        hiddenAt: null,
        benchmarkVersion: { slug: scope.benchmark },
        ...(scope.split === "all" ? {} : { split: scope.split }),
      },
    },
    orderBy: { computedAt: "asc" },
    select: {
      trackId: true,
      metric: true,
      scoreVersion: true,
      value: true,
      n: true,
      ciLow: true,
      ciHigh: true,
      computedAt: true,
      judgeProfile: { select: { name: true } },
      submission: {
        select: {
          id: true,
          source: true,
          split: true,
          verifiedAt: true,
          sourceLabel: true,
          sourceUrl: true,
          note: true,
          system: { select: { slug: true, name: true, organisation: true, kind: true, backbone: true, openWeights: true } },
        },
      },
    },
  });
}

function tierOf(submission: ScoreWithContext["submission"]): ResultTier {
  if (submission.source === "reported") return "reported";
  return submission.verifiedAt ? "verified" : "rescored";
}

function cellOf(score: ScoreWithContext): MetricCell {
  return { value: score.value, n: score.n, ciLow: score.ciLow, ciHigh: score.ciHigh, judgeProfile: score.judgeProfile?.name ?? null };
}

/**
 * Scores arrive oldest first, so a newer score version of a submission's metric replaces the older one. The
 * replaced value is kept on the cell (`previous`) so the page shows what a re-score moved.
 */
function placeCell(cells: Record<string, MetricCell>, versions: Map<string, string>, key: string, columnId: string, score: ScoreWithContext): void {
  const earlier = cells[columnId];
  const earlierVersion = versions.get(key);
  const cell = cellOf(score);
  if (earlier && earlierVersion && earlierVersion !== score.scoreVersion) cell.previous = { value: earlier.value, scoreVersion: earlierVersion };
  cells[columnId] = cell;
  versions.set(key, score.scoreVersion);
}

function baseRow(rowId: string, submission: ScoreWithContext["submission"]): LeaderboardRow {
  return {
    rowId,
    systemSlug: submission.system.slug,
    systemName: submission.system.name,
    organisation: submission.system.organisation,
    kind: submission.system.kind,
    backbone: submission.system.backbone,
    openWeights: submission.system.openWeights,
    tier: tierOf(submission),
    sourceLabel: submission.sourceLabel,
    sourceUrl: submission.sourceUrl,
    note: submission.note,
    submissionId: submission.source === "reported" ? null : submission.id,
    cells: {},
  };
}

/**
 * One track's table: one row per submission (a system with reported figures and a re-scored run has two
 * rows, each labelled). Later scores of the same metric replace earlier ones (re-scoring keeps history rows).
 */
export async function getTrackLeaderboard(db: Db, track: TrackId, scope: LeaderboardScope): Promise<Leaderboard> {
  const scores = await loadScores(db, [track], scope);
  const rows = new Map<string, LeaderboardRow>();
  const versions = new Map<string, string>();
  for (const score of scores) {
    const row = rows.get(score.submission.id) ?? baseRow(score.submission.id, score.submission);
    placeCell(row.cells, versions, `${score.submission.id}|${score.metric}`, score.metric, score);
    rows.set(score.submission.id, row);
  }
  const columns: LeaderboardColumn[] = TRACK_METRICS[track].map((m) => ({ ...m }));
  return {
    id: track,
    title: TRACK_LABELS[track],
    split: scope.split,
    defaultSort: DEFAULT_SORT[track],
    columns,
    rows: [...rows.values()],
    notes: [],
  };
}

/** Several tracks side by side (e.g. Task 3's five pool sizes), columns grouped by track: `<track>:<metric>`. */
export async function getMultiTrackLeaderboard(
  db: Db,
  id: string,
  title: string,
  parts: { track: TrackId; metrics: string[]; group: string }[],
  scope: LeaderboardScope,
  rowKey: "submission" | "system",
): Promise<Leaderboard> {
  const scores = await loadScores(db, parts.map((p) => p.track), scope);
  const wanted = new Map(parts.map((p) => [p.track, new Set(p.metrics)]));
  const rows = new Map<string, LeaderboardRow>();
  // Per system, a reported figure wins over a re-scored one in the overview: it is what the paper cites.
  const tierRank: Record<ResultTier, number> = { reported: 0, verified: 1, rescored: 2 };
  const cellTier = new Map<string, ResultTier>();
  const versions = new Map<string, string>();
  for (const score of scores) {
    if (!wanted.get(score.trackId as TrackId)?.has(score.metric)) continue;
    const key = rowKey === "system" ? score.submission.system.slug : score.submission.id;
    const row = rows.get(key) ?? baseRow(key, score.submission);
    const columnId = `${score.trackId}:${score.metric}`;
    const tier = tierOf(score.submission);
    const previous = cellTier.get(`${key}|${columnId}`);
    if (previous === undefined || tierRank[tier] <= tierRank[previous]) {
      // Rows of submissions show what a re-score moved; the overview's rows merge a system's submissions, so
      // a replaced cell there may be another submission's figure, not an older version: no "moved" there.
      if (rowKey === "submission") placeCell(row.cells, versions, `${key}|${columnId}`, columnId, score);
      else row.cells[columnId] = cellOf(score);
      cellTier.set(`${key}|${columnId}`, tier);
    }
    if (tierRank[tier] < tierRank[row.tier]) {
      Object.assign(row, { tier, sourceLabel: score.submission.sourceLabel, sourceUrl: score.submission.sourceUrl });
    }
    rows.set(key, row);
  }
  const columns: LeaderboardColumn[] = parts.flatMap((part) =>
    part.metrics.map((metric) => {
      const def = TRACK_METRICS[part.track].find((m) => m.id === metric);
      if (!def) throw new Error(`unknown metric ${part.track}:${metric}`);
      return { ...def, id: `${part.track}:${metric}`, group: part.group };
    }),
  );
  const first = columns[0];
  return { id, title, split: scope.split, defaultSort: first ? first.id : "", columns, rows: [...rows.values()], notes: [] };
}

/** Score versions present in a benchmark's public scores, newest first, for the version picker. */
export async function getScoreVersions(db: Db, benchmark: string): Promise<string[]> {
  // a group-by over every public score: memoised like the leaderboards (leaderboard-version-memo)
  return memoByLeaderboardVersion(db, `score-versions|${benchmark}`, () => listScoreVersions(db, benchmark));
}

async function listScoreVersions(db: Db, benchmark: string): Promise<string[]> {
  const rows = await db.score.groupBy({
    by: ["scoreVersion"],
    where: { submission: { status: "done", visibility: "public", hiddenAt: null, benchmarkVersion: { slug: benchmark } } },
    _max: { computedAt: true },
  });
  return rows
    .filter((r) => r.scoreVersion !== REPORTED_SCORE_VERSION)
    .sort((a, b) => (b._max.computedAt?.getTime() ?? 0) - (a._max.computedAt?.getTime() ?? 0))
    .map((r) => r.scoreVersion);
}
