import { COPY_INPUT_SLUG, markBelowBaseline } from "@/lib/leaderboard/baseline-marks";
import { withOverallRank } from "@/lib/leaderboard/overall-rank";
import { DEFAULT_SORT } from "@/lib/benchmarks/alpsbench/read/metrics";
import { OVERVIEW, viewFromSlug, type ViewPart } from "@/lib/benchmarks/alpsbench/read/views";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { isFlagged } from "@/lib/leaderboard/apply-table-query";
import { isBaseline } from "@/lib/leaderboard/row-kind";
import { heldByReview, withoutHeldRows } from "@/lib/leaderboard/review-hold";
import { withCarriedMarks, withTrackRules } from "./ranking-rules";
import type { Db } from "@/lib/db/create-client";
import type { Leaderboard } from "@/lib/leaderboard/types";
import type { ViewDef } from "@/lib/benchmarks/alpsbench/read/views";
import { getMultiTrackLeaderboard, getTrackLeaderboard, type LeaderboardScope } from "./leaderboard";
import { separateTask3Protocols } from "@/lib/benchmarks/alpsbench/read/task3-protocols";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { SERVER_POOL_LABELS, SERVER_POOL_PROTOCOLS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { memoByLeaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";

/**
 * A view's public leaderboard, memoised until the next change of anything it shows (leaderboard-version-memo):
 * without the rows held for review or rejected (shown to their owner and the moderators only, review-hold.ts).
 * The result is shared between requests: treat it as read-only (copy before changing rows or cells).
 */
export async function getView(db: Db, view: ViewDef, scope: LeaderboardScope): Promise<Leaderboard> {
  return withoutHeldRows(await getRuledView(db, view, scope));
}

/** The same board with its held and rejected rows, marked: for the review state and the moderators' queue only. */
export async function getRuledView(db: Db, view: ViewDef, scope: LeaderboardScope): Promise<Leaderboard> {
  // every scope field, in a fixed order, so a field added to LeaderboardScope later cannot share a memo entry
  const scopeKey = JSON.stringify(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
  const key = `view|${view.kind}|${view.id}|${scopeKey}`;
  return memoByLeaderboardVersion(db, key, async () => {
    const board =
      view.kind === "track" ? await getTrackLeaderboard(db, view.track, scope) : await getMultiTrackLeaderboard(db, view.id, view.title, view.parts, scope);
    // Task 3: the paper's figures and the server's each in their own columns, each ranked apart (task3-protocols.ts)
    const pools = await storedPoolVersion(db, scope.benchmark);
    const poolsNote = pools ? `${SERVER_POOL_LABELS[pools]} (${SERVER_POOL_PROTOCOLS[pools]})` : "this data version's pools";
    const separated = separateTask3Protocols(board, poolsNote, { trackBoard: view.kind === "track" && view.track.startsWith("task3/") });
    // the ranking rules (contentless uploads unranked, a new best held for review), after the split so a Task 3
    // upload is measured against references on the same pools: on a track's own board, and carried to the
    // multi-track views from the boards of their tracks (./ranking-rules.ts)
    const ruled =
      view.kind === "track"
        ? withTrackRules(separated, view.track)
        : withCarriedMarks(separated, await Promise.all(view.parts.map((p) => getRuledView(db, trackView(p.track), scope))));
    const named = { ...ruled, id: view.id, title: view.title };
    // Task 2: every row that does not beat returning its input unchanged says so (lib/leaderboard/baseline-marks.ts)
    const marked =
      view.kind === "track"
        ? view.track === "task2"
          ? markBelowBaseline(named, COPY_INPUT_SLUG, DEFAULT_SORT.task2)
          : named
        : // not on the overview: its rows are ranked over every task, and a Task 2 note on each would read as a verdict
          view.id !== OVERVIEW.id && view.parts.some((p) => p.track === "task2")
          ? markBelowBaseline(named, COPY_INPUT_SLUG, `task2:${view.parts.find((p) => p.track === "task2")!.metrics[0]}`)
          : named;
    // the overview's overall view: mean rank over each part's headline column, ranked at full coverage only
    // (lib/leaderboard/overall-rank.ts)
    if (!(view.kind === "multi" && view.id === OVERVIEW.id)) return marked;
    // one Task 3 protocol in the mean rank, named: the reported one where any competing row has it
    const competitors = marked.rows.filter((r) => !isBaseline(r) && !isFlagged(r));
    const reported = (p: ViewPart) => !!p.overall && competitors.some((r) => typeof r.cells[`${p.track}:${p.overall![0]}`]?.value === "number");
    const useOverall = view.parts.some(reported);
    const ranked = withOverallRank(
      marked,
      view.parts.map((p) =>
        p.overall && useOverall
          ? ([`${p.track}:${p.overall[0]}`, ...p.overall.slice(1).map((m) => `${p.track}:${m}`)] as const)
          : ([`${p.track}:${p.metrics[0]}`, ...(p.standIns ?? []).map((m) => `${p.track}:${m}`)] as const),
      ),
    );
    const task3 = useOverall
      ? "Task 3 counts in the mean rank by its \"Reported · authors' pools\" column (the paper's figures on the authors' pools); figures scored on this server's pools are ranked on the Task 3 page."
      : "Task 3 counts in the mean rank by its figures scored on this server's pools (judge recall, else exact-id recall); this data version has no reported Task 3 figures.";
    return { ...ranked, notes: [...ranked.notes, task3] };
  });
}

/** The submissions the review rule keeps off the public track boards of a scope (held or rejected). */
export async function heldSubmissionIds(db: Db, scope: LeaderboardScope): Promise<Set<string>> {
  const boards = await Promise.all(TRACK_IDS.map((track) => getRuledView(db, trackView(track), scope)));
  return new Set(boards.flatMap((b) => b.rows.filter(heldByReview).flatMap((r) => r.submissionIds ?? (r.submissionId ? [r.submissionId] : []))));
}

/** A track's own view (Task 1's is TASK_VIEWS.task1, Task 3's d100 is "task3-d100"). */
function trackView(track: TrackId): ViewDef {
  return viewFromSlug(track.replace("/", "-"))!;
}
