import { isFlagged, unrankedForCause } from "./apply-table-query";
import { isBaseline } from "./row-kind";
import { competitionRanks } from "./rank";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

/**
 * The overall view of the overview: a system's mean rank over the tracks it has figures for, and how many tracks
 * that is; only rows covering every track are ranked on it. Ranks are competition ranks on each task's headline column (ties at the precision shown share a
 * rank). Where confidence intervals exist, each task rank becomes a range, as LMArena shows it: the best rank
 * is 1 + the systems whose interval lies wholly above this one's, the worst the number of systems whose
 * interval does not lie wholly below it (itself included); a figure without an interval counts as a point.
 * The mean of the bounds is the mean rank's range (ciLow/ciHigh of its cell). Pure: no I/O.
 */

export const MEAN_RANK = "overall:mean_rank";
export const TASKS_COVERED = "overall:tasks";

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Best and worst rank of each row on one column, from its 95% CI (a point where a row has no CI). */
export function rankRanges(rows: readonly LeaderboardRow[], column: LeaderboardColumn): Map<string, { rank: number; best: number; worst: number }> {
  const ranks = competitionRanks(
    rows.map((r) => ({ id: r.rowId, value: r.cells[column.id]?.value })),
    column.direction,
    column.decimals,
  );
  const bounds = rows.flatMap((r) => {
    const cell = r.cells[column.id];
    if (!cell || !finite(cell.value)) return [];
    const lo = finite(cell.ciLow) ? cell.ciLow : cell.value;
    const hi = finite(cell.ciHigh) ? cell.ciHigh : cell.value;
    return [{ id: r.rowId, lo: Math.min(lo, hi), hi: Math.max(lo, hi) }];
  });
  const out = new Map<string, { rank: number; best: number; worst: number }>();
  for (const me of bounds) {
    const higher = column.direction === "higher";
    // wholly better than me: higher-is-better, its low bound above my high bound
    const better = bounds.filter((o) => o.id !== me.id && (higher ? o.lo > me.hi : o.hi < me.lo)).length;
    const worse = bounds.filter((o) => o.id !== me.id && (higher ? o.hi < me.lo : o.lo > me.hi)).length;
    const rank = ranks.get(me.id)!;
    out.set(me.id, { rank, best: Math.min(rank, 1 + better), worst: Math.max(rank, bounds.length - worse) });
  }
  return out;
}

/** One track of the overview: its headline column, then columns that stand in where a row has no headline figure. */
type OverallPart = readonly [headline: string, ...standIns: string[]];

/**
 * The cell a row is placed by on one track: its headline figure, else the first stand-in it has (Task 3's exact-id
 * recall where no judge scored the picks: a figure on the track all the same, so the track counts as covered).
 */
function partCell(row: LeaderboardRow, part: OverallPart) {
  for (const id of part) {
    const cell = row.cells[id];
    if (cell && finite(cell.value)) return cell;
  }
  return undefined;
}

/** The one-sentence rule About states and the overview's notes repeat. */
export function overallRule(tracks: number): string {
  return `Only systems with figures on all ${tracks} headline tracks of the view (those any system has a figure on) are ranked, by their mean rank over the ${tracks}; the others are listed below them, unranked, by how many tracks they cover and then by mean rank over those, and reference baselines are never ranked.`;
}

/**
 * The overview with two more columns, first after the system's name: mean rank over the tracks covered (with its
 * range) and the count of tracks. The mean rank is the overview's default sort (and so its Rank column), ranked
 * among full-coverage rows only (its `coverage`, lib/leaderboard/apply-table-query.ts): a mean over one track put
 * a one-task row at #1 above a system with figures on nine. Each track's rank is taken among the rows with a
 * figure on it, reference baselines and flagged rows left out (they are never ranked, and get no mean rank).
 */
export function withOverallRank(board: Leaderboard, parts: readonly (string | OverallPart)[]): Leaderboard {
  const known = (id: string) => board.columns.find((c) => c.id === id);
  // rows that may be ranked at all: reference baselines and flagged rows push nobody down
  const competitors = board.rows.filter((r) => !isBaseline(r) && !isFlagged(r) && !unrankedForCause(r));
  // the view's tracks: those some system has a figure on (a server without a judge has no Task 4 figure at all,
  // and a coverage nobody can reach would rank nobody)
  const tracks = parts
    .map((p) => (typeof p === "string" ? ([p] as OverallPart) : p))
    .map((p) => p.filter((id) => known(id) !== undefined))
    .filter((p): p is [string, ...string[]] => p.length > 0)
    .filter((p) => competitors.some((r) => partCell(r, p) !== undefined));
  if (tracks.length === 0) return board;
  // one synthetic column per track, holding each row's headline figure or its stand-in
  const perTrack = tracks.map((part, k) => {
    const headline = known(part[0])!;
    const id = `overall:track${k}`;
    const rows = competitors.map((r) => {
      const cell = partCell(r, part);
      return { ...r, cells: cell ? { [id]: cell } : {} };
    });
    return rankRanges(rows, { ...headline, id });
  });
  const n = tracks.length;
  const rows = board.rows.map((row) => {
    const covered = tracks.filter((part) => partCell(row, part) !== undefined).length;
    const mine = isBaseline(row) || isFlagged(row) || unrankedForCause(row) ? [] : perTrack.map((m) => m.get(row.rowId)).filter((r) => r !== undefined);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const anyRange = mine.some((r) => r.best !== r.rank || r.worst !== r.rank);
    return {
      ...row,
      cells: {
        ...row.cells,
        [MEAN_RANK]: mine.length
          ? {
              value: mean(mine.map((r) => r.rank)),
              n: mine.length,
              ciLow: anyRange ? mean(mine.map((r) => r.best)) : null,
              ciHigh: anyRange ? mean(mine.map((r) => r.worst)) : null,
              judgeProfile: null,
            }
          : { value: null, n: null, ciLow: null, ciHigh: null, judgeProfile: null },
        [TASKS_COVERED]: { value: covered, n: null, ciLow: null, ciHigh: null, judgeProfile: null },
      },
    };
  });
  const names = tracks.map((part) => known(part[0])!.group ?? known(part[0])!.label);
  const overall: LeaderboardColumn[] = [
    {
      id: MEAN_RANK,
      label: "Mean rank",
      description: `Mean of the system's ranks on the headline columns of the ${n} tracks it has figures for; ranked only where it covers all ${n} (see About). Its range: the mean of the best and worst ranks the 95% CIs allow.`,
      direction: "lower",
      decimals: 1,
      scale: "unit",
      kind: "deterministic",
      group: "Overall",
      coverage: { column: TASKS_COVERED, of: n },
    },
    {
      id: TASKS_COVERED,
      label: `Tracks of ${n}`,
      description: `How many of the ${n} headline tracks the system has figures for (k of ${n}); only systems with all ${n} are ranked on the mean rank.`,
      direction: "higher",
      decimals: 0,
      scale: "unit",
      kind: "deterministic",
      group: "Overall",
    },
  ];
  return {
    ...board,
    // first: the column the overview is ranked by is next to the names, on a phone too
    columns: [...overall, ...board.columns],
    defaultSort: MEAN_RANK,
    rows,
    notes: [
      ...board.notes,
      `${overallRule(n)} Mean rank: the mean of a system's ranks on each track's headline column (${names.join(", ")}), each rank taken among the systems with a figure on that track. "Tracks of ${n}" says how many tracks a row covers. Lower is better; the overview is ranked by it unless another column is sorted.`,
    ],
  };
}
