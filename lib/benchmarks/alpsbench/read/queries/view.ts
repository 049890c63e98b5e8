import { withReferenceMarks } from "@/lib/benchmarks/alpsbench/read/reference-marks";
import { withOverallRank } from "@/lib/leaderboard/overall-rank";
import { OVERVIEW, viewFromSlug } from "@/lib/benchmarks/alpsbench/read/views";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
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
import { oneRowPerSystem } from "@/lib/leaderboard/one-row-per-system";
import { serverSetup, type ServerSetup } from "@/lib/submissions/server-setup";
import { waitingUploadsWhere } from "@/lib/benchmarks/alpsbench/pipeline/judge-waiting";

/**
 * A view's public leaderboard, memoised until the next change of anything it shows (leaderboard-version-memo):
 * without the rows held for review or rejected (shown to their owner and the moderators only, review-hold.ts).
 * The result is shared between requests: treat it as read-only (copy before changing rows or cells).
 */
export async function getView(db: Db, view: ViewDef, scope: LeaderboardScope, setup: Pick<ServerSetup, "judgeConfigured"> = serverSetup()): Promise<Leaderboard> {
  // memoised as the ruled board is, so a repeated read returns the same object (no filtering per request)
  const scopeKey = JSON.stringify(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
  return memoByLeaderboardVersion(db, `public|${view.kind}|${view.id}|${scopeKey}|judge:${setup.judgeConfigured}`, async () =>
    withoutHeldRows(await getRuledView(db, view, scope, setup)),
  );
}

/** The same board with its held and rejected rows, marked: for the review state and the moderators' queue only. */
export async function getRuledView(
  db: Db,
  view: ViewDef,
  scope: LeaderboardScope,
  setup: Pick<ServerSetup, "judgeConfigured"> = serverSetup(),
): Promise<Leaderboard> {
  // every scope field, in a fixed order, so a field added to LeaderboardScope later cannot share a memo entry
  const scopeKey = JSON.stringify(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
  const key = `view|${view.kind}|${view.id}|${scopeKey}|judge:${setup.judgeConfigured}`;
  return memoByLeaderboardVersion(db, key, async () => {
    const board =
      view.kind === "track" ? await getTrackLeaderboard(db, view.track, scope) : await getMultiTrackLeaderboard(db, view.id, view.title, view.parts, scope);
    // Task 3: the paper's figures and the server's each in their own columns, each ranked apart (task3-protocols.ts)
    const pools = await storedPoolVersion(db, scope.benchmark);
    const poolsNote = pools ? `${SERVER_POOL_LABELS[pools]} (${SERVER_POOL_PROTOCOLS[pools]})` : "this data version's pools";
    const separated = separateTask3Protocols(board, poolsNote, {
      trackBoard: view.kind === "track" && view.track.startsWith("task3/"),
      authorsProtocol: pools === "v4",
    });
    // one row per system: a paper system's reported figures fold into its re-scored row (lib/leaderboard/one-row-per-system.ts)
    const single = oneRowPerSystem(separated);
    // the ranking rules (rows below a contentless reference marked, a new best held for review), after the split so a Task 3
    // upload is measured against references on the same pools: on a track's own board, and carried to the
    // multi-track views from the boards of their tracks (./ranking-rules.ts)
    const ruled =
      view.kind === "track"
        ? withTrackRules(single, view.track)
        : withCarriedMarks(single, await Promise.all(view.parts.map((p) => getRuledView(db, trackView(p.track), scope, setup))));
    const named = { ...ruled, id: view.id, title: view.title };
    const marked = view.kind === "multi" && view.id === OVERVIEW.id ? named : withReferenceMarks(named, view);
    // a Task 4 board (its own or an ability's) on a server without a judge: say that uploads wait, and how many
    if (!(view.kind === "multi" && view.id === OVERVIEW.id)) {
      const judgeOnly = (view.kind === "track" ? [view.track] : view.parts.map((p) => p.track)).filter((t) => t.startsWith("task4/"));
      if (judgeOnly.length === 0 || setup.judgeConfigured) return marked;
      return { ...marked, notes: [...marked.notes, await task4WaitingNote(db, scope.benchmark, judgeOnly)] };
    }
    // the overview's overall view: mean rank over each part's headline column, ranked at full coverage only
    // (lib/leaderboard/overall-rank.ts), over the tracks this server can score for an upload
    const counted = view.parts.filter((p) => setup.judgeConfigured || !p.judgeOnly);
    const ranked = withOverallRank(
      marked,
      counted.map((p) => [`${p.track}:${p.metrics[0]}`, ...(p.standIns ?? []).map((m) => `${p.track}:${m}`)] as const),
    );
    const waiting = view.parts.filter((p) => p.judgeOnly && !setup.judgeConfigured).map((p) => p.group);
    const notes = [
      `Task 3 counts in the mean rank by each row's own figure on each pool size: the one scored on this server (${poolsNote}; judge recall, else exact-id recall) where the server scored one, else the paper's reported figure on the authors' pools ("Reported · authors' pools").`,
      ...(waiting.length > 0
        ? [
            `Task 4 waits for a judge: this server has no LLM judge configured (JUDGE_BASE_URL and JUDGE_MODEL), so an upload cannot get a Task 4 figure here; the mean rank is over the other ${counted.length} tracks, and the Task 4 columns (${waiting.join(", ")}) are shown but not counted.`,
          ]
        : []),
    ];
    return { ...ranked, notes: [...ranked.notes, ...notes] };
  });
}

/**
 * The overview's "Task 4 waits for a judge" wording, for a Task 4 board, with the public uploads of its tracks that
 * wait (the board is public: a private or hidden upload is not counted on it).
 */
async function task4WaitingNote(db: Db, benchmark: string, tracks: readonly string[]): Promise<string> {
  const where = waitingUploadsWhere({ benchmarkVersion: { slug: benchmark }, tracks: { hasSome: [...tracks] }, visibility: "public", hiddenAt: null });
  const waiting = await db.submission.count({ where });
  const count = waiting === 0 ? "" : ` ${waiting} ${waiting === 1 ? "upload waits" : "uploads wait"} for one now.`;
  return `Task 4 waits for a judge: this server has no LLM judge configured (JUDGE_BASE_URL and JUDGE_MODEL), so an upload is stored and scored except the judge, and gets its Task 4 figures here once a worker started with a judge judges it.${count}`;
}

/** The submissions the review rule keeps off the public track boards of a scope (held or rejected). */
export async function heldSubmissionIds(db: Db, scope: LeaderboardScope): Promise<Set<string>> {
  const boards = await Promise.all(TRACK_IDS.map((track) => getRuledView(db, trackView(track), scope)));
  return new Set(boards.flatMap((b) => b.rows.filter(heldByReview).flatMap((r) => r.submissionIds ?? (r.submissionId ? [r.submissionId] : []))));
}

/** A track's own view (Task 1's is TASK_VIEWS.task1, Task 3's d100 is "task3-d100"). */
export function trackView(track: TrackId): ViewDef {
  return viewFromSlug(track.replace("/", "-"))!;
}
