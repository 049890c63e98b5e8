import { describe, expect, test } from "vitest";
import { applyTableQuery, type ServerSlice } from "@/lib/leaderboard/apply-table-query";
import { DEFAULT_TABLE_QUERY, type TableQuery } from "@/lib/leaderboard/table-state";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";
import { ciId } from "./leaderboard-table-columns";
import { bestOf, ciColumnsOf, columnVisibilityOf, isStale, rankClickSort, rankSortOf, sortTransition, viewWithServer } from "./leaderboard-table-state";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

/** The leaderboard table's state transitions (what useLeaderboardTable does on a click), on a four-row board. */

function row(id: string, name: string, values: Record<string, number | null>, ci = true): LeaderboardRow {
  return testRow(id, { systemName: name, cells: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, testCell(v, { ci: ci ? 1 : null })])) });
}

const board: Leaderboard = {
  id: "t",
  title: "T",
  split: "full",
  defaultSort: "score",
  notes: [],
  columns: [
    { id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "deterministic" },
    { id: "err", label: "Error", description: "", direction: "lower", decimals: 2, scale: "unit", kind: "deterministic" },
  ],
  rows: [row("a", "Alpha", { score: 50, err: 0.1 }, false), row("b", "beta", { score: 60, err: 0.2 }), row("c", "Gamma", { score: 40, err: null }, false)],
};
const q = (over: Partial<TableQuery> = {}): TableQuery => ({ ...DEFAULT_TABLE_QUERY, ...over });
const server = (over: Partial<ServerSlice> = {}): ServerSlice => ({ ranks: [3, 1, 2], matching: 120, total: 300, organisations: ["X"], columns: ["err"], ...over });

describe("sorting by a header", () => {
  test("a metric sorts best first, a second click flips it; each says so to a screen reader", () => {
    const first = sortTransition(board, q(), "err");
    expect(first).toEqual({ query: q({ sort: "err", dir: "asc" }), announcement: "Sorted by Error, best first." });
    const second = sortTransition(board, first.query, "err");
    expect(second).toEqual({ query: q({ sort: "err", dir: "desc" }), announcement: "Sorted by Error, worst first." });
    // back to the board's default sort: no parameter left in the URL
    const flipped = sortTransition(board, q(), "score");
    expect(flipped.announcement).toBe("Sorted by Score, worst first.");
    expect(sortTransition(board, flipped.query, "score")).toEqual({ query: q(), announcement: "Sorted by Score, best first." });
  });

  test("System sorts by name, A to Z then Z to A; a given direction is kept", () => {
    const first = sortTransition(board, q(), "system");
    expect(first.announcement).toBe("Sorted by system name, A to Z.");
    expect(sortTransition(board, first.query, "system").announcement).toBe("Sorted by system name, Z to A.");
    expect(sortTransition(board, q(), "err", true)).toEqual({ query: q({ sort: "err", dir: "desc" }), announcement: "Sorted by Error, worst first." });
  });
});

describe("the Rank header", () => {
  test("its aria-sort follows the ranked metric's order; a click reverses it, and sorts best first from any other sort", () => {
    const byRank = applyTableQuery(board, q());
    expect(rankSortOf(board.columns, byRank)).toBe("ascending");
    const click = rankClickSort(byRank.rankColumn, "ascending");
    expect(click).toEqual({ id: "score", desc: false });
    const reversed = applyTableQuery(board, sortTransition(board, q(), click!.id, click!.desc).query);
    expect(rankSortOf(board.columns, reversed)).toBe("descending");
    expect(rankClickSort(reversed.rankColumn, "descending")).toEqual({ id: "score", desc: true });

    const byName = applyTableQuery(board, q({ sort: "system" }));
    expect(rankSortOf(board.columns, byName)).toBeUndefined();
    expect(rankClickSort(byName.rankColumn, undefined)).toEqual({ id: "score", desc: true });
    // a lower-is-better ranked metric: best first is ascending
    const byError = applyTableQuery(board, q({ sort: "err" }));
    expect(rankSortOf(board.columns, byError)).toBe("ascending");
    expect(rankClickSort(byError.rankColumn, undefined)).toEqual({ id: "err", desc: false });
    expect(rankClickSort(null, undefined)).toBeNull();
  });
});

describe("server mode (a large board: the server sends the page of rows)", () => {
  test("the view is stale from the first change until the server has answered that query", () => {
    expect(isStale(null, q({ sort: "err" }), q())).toBe(false);
    expect(isStale(server(), q(), q())).toBe(false);
    expect(isStale(server(), q({ sort: "err" }), q())).toBe(true);
    // the same view as the server reads it back from the URL: not a new request
    expect(isStale(server(), q({ q: "alp " }), q({ q: "alp" }))).toBe(false);
  });

  test("the server's ranks, counts and columns once it has answered; the local ranks with its count while stale", () => {
    const local = applyTableQuery(board, q());
    expect(viewWithServer(board, local, null, false)).toBe(local);
    const stale = viewWithServer(board, local, server(), true);
    expect(stale).toEqual({ ...local, total: 300 });
    const fresh = viewWithServer(board, local, server(), false);
    expect(fresh.columns.map((c) => c.id)).toEqual(["err"]);
    expect(Object.fromEntries(fresh.ranks)).toEqual({ a: 3, b: 1, c: 2 });
    expect(fresh.total).toBe(300);
    // no column the server knows: the local ones
    expect(viewWithServer(board, local, server({ columns: ["gone"] }), false).columns).toEqual(local.columns);
  });
});

describe("what the view derives", () => {
  test("columns: hidden ones are off, and a CI column shows only with ci=1", () => {
    const shown = board.columns.filter((c) => c.id === "score");
    expect(columnVisibilityOf(board.columns, shown, "0")).toEqual({ score: true, [ciId("score")]: false, err: false, [ciId("err")]: false });
    expect(columnVisibilityOf(board.columns, board.columns, "1")).toEqual({ score: true, [ciId("score")]: true, err: true, [ciId("err")]: true });
  });

  test("each metric's best rows, in its direction; the metrics where some row has a CI", () => {
    const best = bestOf(applyTableQuery(board, q()));
    expect(best).toEqual(
      new Map([
        ["score", new Set(["b"])],
        ["err", new Set(["a"])],
      ]),
    );
    expect(ciColumnsOf(board.rows)).toEqual(new Set(["score", "err"]));
    expect(ciColumnsOf([board.rows[0]!, board.rows[2]!])).toEqual(new Set());
  });
});
