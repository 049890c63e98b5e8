import { ORGANISATION_SELECT, shownOrganisation } from "@/lib/leaderboard/organisation-label";
import type { Db } from "@/lib/db/create-client";
import { readRewardSource, shortProfileHash } from "@/lib/rewards/reward-source";
import { moduleTrackId } from "./module-rows";
import { hasSplits, viewSplit } from "./module-splits";
import type { OneCallBenchmark, LoadViewResult, MetricValue, ModuleSplitId, RowReviewState, UploadedRun } from "./types";
import { markBelowContentless } from "@/lib/leaderboard/baseline-marks";
import { holdForReview, withoutHeldRows } from "@/lib/leaderboard/review-hold";
import { unrankedReason } from "@/lib/leaderboard/to-table";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";

type Review = NonNullable<LeaderboardRow["review"]>;

/**
 * The leaderboard read of a registered module (loadBenchmarkView, which the API route and the page both call):
 * the platform's scored uploads of the module on the view's split (`split`, lib/benchmarks/module-splits.ts), then
 * the module's own `loadView` with them.
 *
 * Which uploads: those of the module's BenchmarkVersion (slug = module id) that are done, public and not hidden
 * by a moderator, with the Score rows of their scorer version. Private, hidden, failed and unfinished uploads
 * never reach a view; their owners see them on /submissions/<id>. With them, the reward profile's short hash of each
 * one whose reward scores the service (partly) supplied, and a moderator's decision on each.
 */
export async function loadUploads(
  db: Db,
  benchmark: OneCallBenchmark,
  split: ModuleSplitId,
): Promise<{ runs: UploadedRun[]; labels: Map<string, string>; reviews: Map<string, Review> }> {
  const submissions = await db.submission.findMany({
    where: { benchmarkVersion: { slug: benchmark.id }, split, source: "upload", status: "done", visibility: "public", hiddenAt: null },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      tracks: true,
      scorerVersion: true,
      verifiedAt: true,
      createdAt: true,
      split: true,
      rewardFill: { select: { source: true } },
      reviewDecision: true,
      reviewNote: true,
      system: { select: { name: true, slug: true, ...ORGANISATION_SELECT } },
      scores: { select: { trackId: true, metric: true, value: true, n: true, ciLow: true, ciHigh: true, scoreVersion: true } },
    },
  });
  const labels = new Map<string, string>();
  const reviews = new Map<string, Review>();
  for (const s of submissions) {
    if (s.reviewDecision === "approved") reviews.set(s.id, { state: "approved", reason: null, note: s.reviewNote });
    if (s.reviewDecision === "rejected") reviews.set(s.id, { state: "rejected", reason: s.reviewNote, note: null });
    const source = readRewardSource(s.rewardFill?.source);
    if (source) labels.set(s.id, shortProfileHash(source.profileHash));
  }
  const runs = submissions.flatMap((s) => {
    const platformTrack = s.tracks[0];
    const track = platformTrack === undefined ? null : moduleTrackId(benchmark, platformTrack);
    if (track === null) return [];
    const metrics: Record<string, MetricValue> = {};
    for (const score of s.scores) {
      if (score.trackId !== platformTrack || score.scoreVersion !== s.scorerVersion) continue;
      metrics[score.metric] = { value: score.value, n: score.n ?? 0, ciLow: score.ciLow, ciHigh: score.ciHigh };
    }
    if (Object.keys(metrics).length === 0) return [];
    return [
      {
        submissionId: s.id,
        track,
        split: s.split,
        systemName: s.system.name,
        systemSlug: s.system.slug,
        organisation: shownOrganisation(s.system),
        tier: s.verifiedAt ? ("verified" as const) : ("submitted" as const),
        createdAt: s.createdAt.toISOString(),
        metrics,
      },
    ];
  });
  return { runs, labels, reviews };
}

/**
 * The platform's ranking rules on a module's board, with the module's declared settings: a moderator's decision on
 * each upload, rows below a contentless reference row marked (ranked, whatever their tier), and a new best held for review
 * (lib/leaderboard/review-hold.ts) on the view's headline column.
 */
function withRankingRules(benchmark: OneCallBenchmark, viewId: string, board: Leaderboard, reviews: Map<string, Review>): Leaderboard {
  const decided = {
    ...board,
    rows: board.rows.map((row) => (row.submissionId && reviews.has(row.submissionId) ? { ...row, review: reviews.get(row.submissionId)! } : row)),
  };
  const view = benchmark.views.find((v) => v.id === viewId);
  const contentless = markBelowContentless(decided, benchmark.contentlessReferenceSlugs ?? [], [board.defaultSort]);
  return holdForReview(contentless, board.defaultSort, {
    margin: view ? (benchmark.review?.marginByTrack?.[view.track] ?? 0) : 0,
    openBookReferenceSlugs: benchmark.review?.openBookReferenceSlugs ?? [],
    reason: benchmark.review?.reason,
  });
}

/**
 * A module's view with the platform's ranking rules. Held and rejected rows (review-hold.ts) are left out unless
 * `withHeld` (the review state reads them); the public sees them nowhere.
 */
export async function loadBenchmarkView(
  db: Db,
  benchmark: OneCallBenchmark,
  viewId: string,
  params: URLSearchParams,
  options: { withHeld?: boolean } = {},
): Promise<LoadViewResult> {
  // an unknown view answers 404 before any query
  const declared = benchmark.views.find((v) => v.id === viewId);
  if (!declared) return null;
  // the view's split: a module without splits has one ("full") and takes no `split` (moduleViewTable says so)
  const split = hasSplits(benchmark)
    ? viewSplit(
        benchmark,
        benchmark.tracks.find((t) => t.id === declared.track),
        params.get("split"),
      )
    : ({ ok: true, split: "full" } as const);
  if (!split.ok) return { ok: false, issues: [split.issue] };
  const own = new URLSearchParams(params);
  own.delete("split");
  const { runs, labels, reviews } = await loadUploads(db, benchmark, split.split);
  const loaded = await benchmark.loadView(db, viewId, hasSplits(benchmark) ? own : params, runs, split.split);
  if (!loaded?.ok) return loaded;
  const ruled = withRankingRules(benchmark, viewId, loaded.view.board, reviews);
  const board = options.withHeld ? ruled : withoutHeldRows(ruled);
  // the platform's own label, on whatever row the module made of the upload (the module never sees it)
  const rows = board.rows.map((row) => (row.submissionId && labels.has(row.submissionId) ? { ...row, rewardsFromService: labels.get(row.submissionId)! } : row));
  return { ok: true, view: { ...loaded.view, board: { ...board, rows } } };
}

/** The platform's review state of an upload (hosted-capabilities.ts): its row on each view of its track and split, held rows kept. */
export async function moduleReviewState(
  db: Db,
  benchmark: OneCallBenchmark,
  upload: { id: string; tracks: readonly string[]; split: string },
): Promise<RowReviewState | null> {
  const track = upload.tracks[0] ? moduleTrackId(benchmark, upload.tracks[0]) : null;
  let approved: RowReviewState | null = null;
  for (const view of benchmark.views.filter((v) => v.track === track)) {
    // the board of the upload's split (a module without splits has one board per view)
    const params = new URLSearchParams(hasSplits(benchmark) ? { split: upload.split } : {});
    const loaded = await loadBenchmarkView(db, benchmark, view.id, params, { withHeld: true });
    const row = loaded?.ok ? loaded.view.board.rows.find((r) => r.submissionId === upload.id) : undefined;
    if (!row) continue;
    const reason = unrankedReason(row);
    const state = row.review?.state === "pending" || row.review?.state === "rejected" ? row.review.state : "unranked";
    if (reason) return { state, reason, note: null, board: view.title };
    if (row.review?.state === "approved") approved = { state: "approved", reason: null, note: row.review.note, board: view.title };
  }
  return approved;
}
