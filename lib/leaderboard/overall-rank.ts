import { competitionRanks } from "./rank";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";

/**
 * The overall view of the overview: a system's mean rank over the tasks it has figures for, and how many tasks
 * that is. Ranks are competition ranks on each task's headline column (ties at the precision shown share a
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

/**
 * The overview with two more columns, first after the system's name: mean rank over the tasks covered (with its
 * range) and the count of tasks. The mean rank is the overview's default sort (and so its Rank column): one task's
 * headline ranked the whole site before, which favoured systems that only reported that task well.
 */
export function withOverallRank(board: Leaderboard, headlineIds: readonly string[]): Leaderboard {
  const columns = headlineIds.map((id) => board.columns.find((c) => c.id === id)).filter((c): c is LeaderboardColumn => c !== undefined);
  if (columns.length < 2) return board;
  const perColumn = columns.map((c) => rankRanges(board.rows, c));
  const rows = board.rows.map((row) => {
    const mine = perColumn.map((m) => m.get(row.rowId)).filter((r) => r !== undefined);
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
        [TASKS_COVERED]: { value: mine.length, n: null, ciLow: null, ciHigh: null, judgeProfile: null },
      },
    };
  });
  const overall: LeaderboardColumn[] = [
    {
      id: MEAN_RANK,
      label: "Mean rank",
      description: `Mean of the system's ranks on the ${columns.length} tasks' headline columns it has figures for (see About). Its range: the mean of the best and worst ranks the 95% CIs allow.`,
      direction: "lower",
      decimals: 1,
      scale: "unit",
      kind: "deterministic",
      group: "Overall",
    },
    {
      id: TASKS_COVERED,
      label: "Tasks",
      description: `How many of the ${columns.length} headline columns the mean rank is taken over: a mean over fewer tasks is less comparable.`,
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
      `Mean rank: the mean of a system's ranks on each task's headline column (${columns.map((c) => c.group ?? c.label).join(", ")}) over the tasks it has figures for; "Tasks" says how many. The overview is ranked by it (lower is better) unless another column is sorted.`,
    ],
  };
}
