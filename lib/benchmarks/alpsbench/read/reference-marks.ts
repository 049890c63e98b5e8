import { markBelowBaseline } from "@/lib/leaderboard/baseline-marks";
import { COPY_INPUT_SLUG } from "@/lib/benchmarks/alpsbench/review";
import type { Leaderboard } from "@/lib/leaderboard/types";
import { DEFAULT_SORT } from "./metrics";
import type { ViewDef } from "./views";

/** The server's BM25 reference row (data/seeds/seed-bm25-baseline.ts): the bar every Task 3 row is marked against. */
export const BM25_SERVER_SLUG = "bm25-server";

/**
 * The honest references a row must beat, marked on every row that does not (lib/leaderboard/baseline-marks.ts; equal
 * at the shown precision does not beat): on Task 2 returning the input unchanged, on Task 3 the server's BM25 run the
 * authors' way on the same pools, so a Task 3 row below BM25 says so wherever it is shown, with BM25's figure, even
 * on a view that lists no reference rows. Every tier alike. Pure: no I/O. Not on the overview: its rows are ranked over every task,
 * and a note of one task on each would read as a verdict.
 */
export function withReferenceMarks(board: Leaderboard, view: ViewDef): Leaderboard {
  const task3Column = (b: Leaderboard, prefix: string) => {
    // the shared column on the authors' protocol (every row has it), else the server's exact-id recall (BM25's metric)
    const bm25 = b.rows.find((r) => r.systemSlug === BM25_SERVER_SLUG);
    return bm25?.cells[`${prefix}reported`]?.value != null ? `${prefix}reported` : `${prefix}recall`;
  };
  if (view.kind === "track") {
    if (view.track === "task2") return markBelowBaseline(board, COPY_INPUT_SLUG, DEFAULT_SORT.task2);
    if (view.track.startsWith("task3/")) return markBelowBaseline(board, BM25_SERVER_SLUG, task3Column(board, ""));
    return board;
  }
  const task2 = view.parts.find((p) => p.track === "task2");
  if (task2) return markBelowBaseline(board, COPY_INPUT_SLUG, `task2:${task2.metrics[0]}`);
  // the largest pool first, so a row below BM25 at the smallest one keeps that mark
  return view.parts
    .filter((p) => p.track.startsWith("task3/"))
    .reverse()
    .reduce((b, p) => markBelowBaseline(b, BM25_SERVER_SLUG, task3Column(b, `${p.track}:`)), board);
}
