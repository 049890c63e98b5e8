import { partialCoverageOf } from "@/lib/db/queries/upload-coverage";
import { FACTS_SELECT, rowFacts } from "@/lib/model-facts/facts";
import { itemsUrl, packUrl } from "@/lib/packs/pack-url";
import { predictionsArePublic } from "@/lib/submissions/prediction-access";
import { ORGANISATION_SELECT, shownOrganisation } from "@/lib/leaderboard/organisation-label";
import type { Db } from "@/lib/db/create-client";
import { memoByLeaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { DEFAULT_SORT, TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import { tierOfSubmission } from "@/lib/leaderboard/tier";
import { type Leaderboard, type LeaderboardColumn, type LeaderboardRow, type MetricCell } from "@/lib/leaderboard/types";
import { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { copyReason, readCopyFigures } from "@/lib/benchmarks/alpsbench/contamination/copy-figures";
import { CONTAMINATION_FIELDS, contaminationOnRow } from "@/lib/benchmarks/alpsbench/contamination/row-marks";
import { REPORTED_SCORE_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { otherReportedFigure } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-disagreements";
import { TRACK_LABELS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

export type LeaderboardScope = {
  /** benchmark version slug; "alpsbench-v1" (real data and reported figures) or "demo" */
  benchmark: string;
  /** "full" (reported figures, re-scored packets) or a split; "all" shows every split */
  split: "all" | "full" | "dev" | "validation" | "test";
  /** only this score version for computed rows (reported figures always show); default: the latest per run */
  scoreVersion?: string;
};

/** Display name of an uploader: never the e-mail address (it is private). */
const UNNAMED_UPLOADER = "an unnamed user";

const SUBMISSION_SELECT = {
  id: true,
  source: true,
  publishPredictions: true,
  split: true,
  verifiedAt: true,
  evaluatorRelationship: true,
  sourceLabel: true,
  sourceUrl: true,
  note: true,
  createdAt: true,
  contamination: { select: { figures: true, flagged: true } },
  rowCopy: { select: { figures: true } },
  testFigureNoise: { select: { steps: true } },
  reviewDecision: true,
  reviewNote: true,
  owner: { select: { name: true } },
  system: { select: { slug: true, name: true, ...ORGANISATION_SELECT, kind: true, backbone: true, openWeights: true, ...FACTS_SELECT } },
  costUsd: true,
  tokens: true,
} as const;

const SCORE_SELECT = {
  trackId: true,
  metric: true,
  scoreVersion: true,
  value: true,
  n: true,
  ciLow: true,
  ciHigh: true,
  computedAt: true,
} as const;

type ScoreWithContext = Awaited<ReturnType<typeof loadScores>>[number];
type SubmissionContext = ScoreWithContext["submission"];

function publicDone(benchmark: string) {
  return { status: "done" as const, visibility: "public" as const, hiddenAt: null, benchmarkVersion: { slug: benchmark } };
}

/**
 * Public, finished, unhidden submissions' scores for the given tracks. Private ones never reach a page. A split
 * view also shows runs scored on the full benchmark, through their aggregates over that split's instances
 * (SplitScore): the re-scored released outputs cover every split, and ranking only uploads of one split would
 * leave the test view empty.
 */
async function loadScores(db: Db, tracks: readonly TrackId[], scope: LeaderboardScope) {
  const versions = scope.scoreVersion ? { scoreVersion: { in: [scope.scoreVersion, REPORTED_SCORE_VERSION] } } : {};
  const own = db.score.findMany({
    where: {
      trackId: { in: [...tracks] },
      ...versions,
      submission: { ...publicDone(scope.benchmark), ...(scope.split === "all" ? {} : { split: scope.split }) },
    },
    orderBy: { computedAt: "asc" },
    select: { ...SCORE_SELECT, judgeProfile: { select: { name: true } }, submission: { select: SUBMISSION_SELECT } },
  });
  const split = scope.split;
  const ofFull =
    split === "dev" || split === "validation" || split === "test"
      ? db.splitScore.findMany({
          where: { trackId: { in: [...tracks] }, split, ...versions, submission: { ...publicDone(scope.benchmark), split: "full" } },
          orderBy: { computedAt: "asc" },
          select: { ...SCORE_SELECT, submission: { select: SUBMISSION_SELECT } },
        })
      : Promise.resolve([]);
  const [a, b] = await Promise.all([own, ofFull]);
  const scores = [
    ...a.map((s) => ({ ...s, noised: noisedFigure(s.submission.testFigureNoise, s.metric, s.submission.split === "full" ? "whole" : "score") })),
    ...b.map((s) => ({ ...s, judgeProfile: null, noised: split === "test" ? noisedFigure(s.submission.testFigureNoise, s.metric, "test split") : null })),
  ].sort((x, y) => x.computedAt.getTime() - y.computedAt.getTime());
  // (a row's contamination mark gives shares, never the earlier submission the figures name: a board is public)
  return scores;
}

function cellOf(score: ScoreWithContext): MetricCell {
  const cell: MetricCell = { value: score.value, n: score.n, ciLow: score.ciLow, ciHigh: score.ciHigh, judgeProfile: score.judgeProfile?.name ?? null };
  if (score.noised) cell.noised = score.noised;
  // a reported figure the paper contradicts: the cell keeps the figure it ranks by and carries the other one
  const other = score.scoreVersion === REPORTED_SCORE_VERSION ? otherReportedFigure(score.submission.system.slug, score.trackId, score.metric) : null;
  if (other) cell.otherReported = other;
  return cell;
}

/**
 * Whether a stored figure of an upload whose test figures were published noised (its TestFigureNoise row:
 * {steps: {figure: step}}) is one of them, and its rounding step: a test-split upload's Score, a full upload's test
 * SplitScore, or a full upload's whole Score (built from exact parts and the noised test part: no single step).
 * Null: exact.
 */
function noisedFigure(marker: unknown, metric: string, kind: "score" | "whole" | "test split"): { step: number | null } | null {
  if (marker === null || typeof marker !== "object") return null;
  if (kind === "whole") return { step: null };
  const steps = (marker as { steps?: Record<string, unknown> }).steps ?? {};
  const step = steps[kind === "score" ? metric : `${metric} (test split)`];
  return { step: typeof step === "number" ? step : null };
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

/** The run's contamination figures when it was checked (flagged or clean); null when it never was (reported rows). */
function contaminationOf(submission: { contamination: { figures: unknown; flagged: boolean } | null }): ContaminationFigures | null {
  const parsed = ContaminationFigures.safeParse(submission.contamination?.figures);
  if (!parsed.success) return null;
  // the stored flag is what the ranking obeys; the figures only say why
  return { ...parsed.data, flagged: submission.contamination!.flagged };
}

/**
 * The copy check's finding on the run (row-copy.ts) as its row's unranked mark, with the reason; null: not a copy.
 * `publicSources`: the runs copied that are still public (a board is public: it names no other run).
 */
function copyMarkOf(submission: { rowCopy: { figures: unknown } | null }, publicSources: ReadonlySet<string>): LeaderboardRow["unranked"] {
  const copy = readCopyFigures(submission.rowCopy?.figures);
  return copy ? { reason: copyReason(copy, publicSources.has(copy.submissionId)) } : null;
}

/** Of the runs the board's copies reproduce, the ones still public (neither private, hidden nor deleted). One query. */
async function publicCopySources(db: Db, submissions: readonly { rowCopy: { figures: unknown } | null }[]): Promise<Set<string>> {
  const ids = [...new Set(submissions.flatMap((s) => readCopyFigures(s.rowCopy?.figures)?.submissionId ?? []))];
  if (ids.length === 0) return new Set();
  const shown = await db.submission.findMany({ where: { id: { in: ids }, visibility: "public", hiddenAt: null }, select: { id: true } });
  return new Set(shown.map((s) => s.id));
}

function runCostOf(submission: { costUsd: number | null; tokens: bigint | null }): LeaderboardRow["runCost"] {
  if (submission.costUsd === null && submission.tokens === null) return null;
  return { usd: submission.costUsd, tokens: submission.tokens === null ? null : Number(submission.tokens) };
}

const shareOf = (c: ContaminationFigures) => Math.max(c.publicShare, c.submissionShare);

function baseRow(rowId: string, submission: SubmissionContext, publicSources: ReadonlySet<string>): LeaderboardRow {
  const tier = tierOfSubmission(submission);
  const uploaded = submission.source === "upload";
  return {
    rowId,
    systemSlug: submission.system.slug,
    systemName: submission.system.name,
    organisation: shownOrganisation(submission.system),
    kind: submission.system.kind,
    backbone: submission.system.backbone,
    openWeights: submission.system.openWeights,
    tier,
    sourceLabel: submission.sourceLabel,
    sourceUrl: submission.sourceUrl,
    note: submission.note,
    // a claimed import carries its id: the review rule holds it and a moderator decides on it (review-hold.ts)
    submissionId: submission.source === "reported" && tier !== "claimed" ? null : submission.id,
    packUrl: submission.source === "reported" ? null : packUrl(submission.id),
    itemsUrl: submission.source !== "reported" && predictionsArePublic(submission) ? itemsUrl(submission.id) : null,
    submittedBy: uploaded ? submission.owner?.name?.trim() || UNNAMED_UPLOADER : null,
    submittedAt: uploaded ? submission.createdAt.toISOString() : null,
    ...contaminationOnRow(contaminationOf(submission)),
    unranked: copyMarkOf(submission, publicSources),
    facts: rowFacts(submission.system),
    runCost: runCostOf(submission),
    review: reviewOf(submission),
    cells: {},
  };
}

/** A moderator's stored decision on an upload (the review rule, lib/leaderboard/review-hold.ts); null: none yet. */
function reviewOf(submission: Pick<SubmissionContext, "source" | "evaluatorRelationship" | "reviewDecision" | "reviewNote">): LeaderboardRow["review"] {
  const claimed = submission.source === "reported" && !!submission.evaluatorRelationship;
  if ((submission.source !== "upload" && !claimed) || !submission.reviewDecision) return null;
  return submission.reviewDecision === "approved"
    ? { state: "approved", reason: null, note: submission.reviewNote }
    : { state: "rejected", reason: submission.reviewNote, note: null };
}

/**
 * One track's table: one row per submission (a system with reported figures and a re-scored run has two
 * rows, each labelled; lib/leaderboard/apply-table-query.ts keeps each system's best run per tier by default).
 * Later scores of the same metric replace earlier ones (re-scoring keeps history rows).
 */
export async function getTrackLeaderboard(db: Db, track: TrackId, scope: LeaderboardScope): Promise<Leaderboard> {
  const scores = await loadScores(db, [track], scope);
  const publicSources = await publicCopySources(
    db,
    scores.map((s) => s.submission),
  );
  const rows = new Map<string, LeaderboardRow>();
  const versions = new Map<string, string>();
  for (const score of scores) {
    const row = rows.get(score.submission.id) ?? baseRow(score.submission.id, score.submission, publicSources);
    placeCell(row.cells, versions, `${score.submission.id}|${score.metric}`, score.metric, score);
    rows.set(score.submission.id, row);
  }
  // an upload whose file covered only some instances says so on its row (the rest scored as empty predictions)
  const partial = await partialCoverageOf(db, [...rows.keys()]);
  for (const [id, coverage] of partial) rows.get(id)!.coverage = coverage;
  const columns: LeaderboardColumn[] = TRACK_METRICS[track].map((m) => ({ ...m }));
  return {
    id: track,
    title: TRACK_LABELS[track],
    split: scope.split,
    defaultSort: DEFAULT_SORT[track],
    columns,
    rows: [...rows.values()],
    notes: [],
    extraFields: CONTAMINATION_FIELDS,
  };
}

/** The row of a multi-track view a submission belongs to: its system, its tier, and whether it is flagged. */
function multiRowKey(submission: SubmissionContext): string {
  return `${submission.system.slug}~${tierOfSubmission(submission)}${submission.contamination?.flagged || readCopyFigures(submission.rowCopy?.figures) ? "~flagged" : ""}`;
}

/** Is `a` a better run than `b` on a track's headline metric (missing values lose; a tie keeps the later one)? */
function better(a: number | null | undefined, b: number | null | undefined, direction: "higher" | "lower"): boolean {
  const ok = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);
  if (!ok(a)) return !ok(b);
  if (!ok(b)) return true;
  return direction === "higher" ? a >= b : a <= b;
}

/**
 * Several tracks side by side (the overview, Task 3's pool sizes, Task 4's abilities), columns grouped by track
 * (`<track>:<metric>`). One row per system and tier (reported figures, re-scored released outputs, uploads and
 * verified uploads never share a row; contamination-flagged uploads get a row of their own), so a system whose
 * reported figures come from two sources (the official site's abilities and the paper's EI table) is one row.
 * Each track's cells come from ONE run of that row, its best on the track's headline metric, never mixed.
 */
export async function getMultiTrackLeaderboard(
  db: Db,
  id: string,
  title: string,
  parts: { track: TrackId; metrics: string[]; group: string }[],
  scope: LeaderboardScope,
): Promise<Leaderboard> {
  const tracks = parts.map((p) => p.track);
  const scores = await loadScores(db, tracks, scope);
  const publicSources = await publicCopySources(
    db,
    scores.map((s) => s.submission),
  );
  const wanted = new Map(parts.map((p) => [p.track, new Set(p.metrics)]));
  // per row and track, each submission's cells (placeCell keeps what a re-score moved)
  const runs = new Map<string, Map<TrackId, Map<string, { submission: SubmissionContext; cells: Record<string, MetricCell> }>>>();
  const versions = new Map<string, string>();
  const firstSubmission = new Map<string, SubmissionContext>();
  for (const score of scores) {
    const track = score.trackId as TrackId;
    if (!wanted.get(track)?.has(score.metric)) continue;
    const key = multiRowKey(score.submission);
    if (!firstSubmission.has(key)) firstSubmission.set(key, score.submission);
    const byTrack = runs.get(key) ?? new Map();
    runs.set(key, byTrack);
    const bySubmission = byTrack.get(track) ?? new Map();
    byTrack.set(track, bySubmission);
    const run = bySubmission.get(score.submission.id) ?? { submission: score.submission, cells: {} };
    bySubmission.set(score.submission.id, run);
    const columnId = `${track}:${score.metric}`;
    placeCell(run.cells, versions, `${score.submission.id}|${columnId}`, columnId, score);
  }
  const rows: LeaderboardRow[] = [];
  for (const [key, byTrack] of runs) {
    const row = baseRow(key, firstSubmission.get(key)!, publicSources);
    // the runs the row shows, each once, in the order first used
    const chosen = new Map<string, SubmissionContext>();
    for (const part of parts) {
      const candidates = byTrack.get(part.track);
      if (!candidates) continue;
      const headline = `${part.track}:${part.metrics[0]!}`;
      const direction = TRACK_METRICS[part.track].find((m) => m.id === part.metrics[0])?.direction ?? "higher";
      const best = [...candidates.values()].reduce((b, run) => (better(run.cells[headline]?.value, b.cells[headline]?.value, direction) ? run : b));
      Object.assign(row.cells, best.cells);
      if (!chosen.has(best.submission.id)) chosen.set(best.submission.id, best.submission);
      // Reported figures of one track can come from two publications (the site's EI dimensions, the paper's EI
      // means): both are the authors', so they complete each other. Runs scored here are never mixed.
      if (row.tier === "reported") {
        for (const run of candidates.values()) {
          const fresh = Object.entries(run.cells).filter(([columnId]) => row.cells[columnId] === undefined);
          Object.assign(row.cells, Object.fromEntries(fresh));
          if (fresh.length > 0 && !chosen.has(run.submission.id)) chosen.set(run.submission.id, run.submission);
        }
      }
    }
    describeRuns(row, [...chosen.values()], publicSources);
    rows.push(row);
  }
  const columns: LeaderboardColumn[] = parts.flatMap((part) =>
    part.metrics.map((metric) => {
      const def = TRACK_METRICS[part.track].find((m) => m.id === metric);
      if (!def) throw new Error(`unknown metric ${part.track}:${metric}`);
      return { ...def, id: `${part.track}:${metric}`, group: part.group };
    }),
  );
  const first = columns[0];
  return { id, title, split: scope.split, defaultSort: first ? first.id : "", columns, rows, notes: [], extraFields: CONTAMINATION_FIELDS };
}

/** A merged row names every run it shows: sources and notes joined, the latest upload's date, the worst flag. */
function describeRuns(row: LeaderboardRow, chosen: readonly SubmissionContext[], publicSources: ReadonlySet<string>): void {
  if (chosen.length === 0) return;
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  const labels = distinct(chosen.map((s) => s.sourceLabel));
  const notes = distinct(chosen.map((s) => s.note));
  row.sourceLabel = labels.length > 0 ? labels.join(" · ") : null;
  row.sourceUrl = chosen.find((s) => s.sourceUrl)?.sourceUrl ?? null;
  row.note = notes.length > 0 ? notes.join(" ") : null;
  row.submissionId = chosen[0]!.source === "reported" ? null : chosen[0]!.id;
  row.submissionIds = chosen.map((s) => s.id);
  const latest = [...chosen].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
  if (row.submittedBy !== null) {
    row.submittedBy = latest.owner?.name?.trim() || UNNAMED_UPLOADER;
    row.submittedAt = latest.createdAt.toISOString();
  }
  // a merged row shows a flagged run's figures first, else the checked run closest to the threshold
  const checked = chosen.map(contaminationOf).filter((c): c is ContaminationFigures => c !== null);
  const marks = contaminationOnRow(checked.sort((a, b) => Number(b.flagged) - Number(a.flagged) || shareOf(b) - shareOf(a))[0] ?? null);
  row.flag = marks.flag;
  if (marks.extras) row.extras = marks.extras;
  else delete row.extras;
  row.unranked = chosen.map((s) => copyMarkOf(s, publicSources)).find((c) => c) ?? null;
}

/** Score versions present in a benchmark's public scores, newest first, for the version picker. */
export async function getScoreVersions(db: Db, benchmark: string): Promise<string[]> {
  // a group-by over every public score: memoised like the leaderboards (leaderboard-version-memo)
  return memoByLeaderboardVersion(db, `score-versions|${benchmark}`, async () => {
    const rows = await db.score.groupBy({ by: ["scoreVersion"], where: { submission: publicDone(benchmark) }, _max: { computedAt: true } });
    return rows
      .filter((r) => r.scoreVersion !== REPORTED_SCORE_VERSION)
      .sort((a, b) => (b._max.computedAt?.getTime() ?? 0) - (a._max.computedAt?.getTime() ?? 0))
      .map((r) => r.scoreVersion);
  });
}
