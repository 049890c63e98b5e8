import { describe, expect, test } from "vitest";
import { applyTableQuery, bestCandidates, compareRows, PAGE_ROWS, withPin, withSort } from "./apply-table-query";
import { bestIds } from "./rank";
import { DEFAULT_TABLE_QUERY, readTableQuery, type TableQuery } from "./table-state";
import type { Leaderboard, LeaderboardRow } from "./types";
import { viewCsv, viewRecords } from "./to-table";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

function row(id: string, name: string, over: Partial<LeaderboardRow>, values: Record<string, number | null>): LeaderboardRow {
  const cells = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, testCell(v, { ci: 1, judgeProfile: k === "judge" ? "gpt-judge-v1" : null })]));
  return testRow(id, { systemName: name, cells, ...over });
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
    { id: "judge", label: "Judge", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "judge" },
  ],
  rows: [
    row("a", "Alpha", { organisation: "OpenAI", openWeights: false }, { score: 50, err: 0.3, judge: 70 }),
    row("b", "beta", { kind: "memory_system", tier: "rescored", organisation: "MemCo", openWeights: true }, { score: 60, err: 0.2, judge: null }),
    row("c", "Gamma", { kind: "retrieval_baseline", tier: "verified", backbone: "BM25" }, { score: 50.001, err: null, judge: 80 }),
    row("d", "Delta", { organisation: "OpenAI", openWeights: true }, { score: null, err: 0.1, judge: 60 }),
  ],
};
const q = (over: Partial<TableQuery> = {}): TableQuery => ({ ...DEFAULT_TABLE_QUERY, ...over });
const names = (query: TableQuery) => applyTableQuery(board, query).rows.map((r) => r.systemName);

describe("applyTableQuery", () => {
  test("default: headline metric best first, ties at shown precision share a rank, missing values last and unranked", () => {
    const view = applyTableQuery(board, q());
    expect(view.rows.map((r) => r.rowId)).toEqual(["b", "c", "a", "d"]);
    expect(Object.fromEntries(view.ranks)).toEqual({ b: 1, c: 2, a: 2, d: null });
    expect(view.sort).toEqual({ id: "score", desc: true });
    expect(view.rankColumn?.id).toBe("score");
  });

  test("a lower-is-better metric sorts ascending by default; missing values stay last in both directions", () => {
    expect(names(q({ sort: "err" }))).toEqual(["Delta", "beta", "Alpha", "Gamma"]);
    expect(names(q({ sort: "err", dir: "desc" }))).toEqual(["Alpha", "beta", "Delta", "Gamma"]);
    expect(Object.fromEntries(applyTableQuery(board, q({ sort: "err", dir: "desc" })).ranks)).toEqual({ a: 3, b: 2, d: 1, c: null });
  });

  test("sorting by name is case-insensitive, and ranks then follow the headline metric", () => {
    expect(names(q({ sort: "system" }))).toEqual(["Alpha", "beta", "Delta", "Gamma"]);
    expect(names(q({ sort: "system", dir: "desc" }))).toEqual(["Gamma", "Delta", "beta", "Alpha"]);
    expect(applyTableQuery(board, q({ sort: "system" })).rankColumn?.id).toBe("score");
  });

  test("filters: kind, tier, weights, organisation and search combine; ranks count the rows shown", () => {
    expect(names(q({ kind: ["general_llm"] }))).toEqual(["Alpha", "Delta"]);
    expect(names(q({ tier: ["rescored", "verified"] }))).toEqual(["beta", "Gamma"]);
    expect(names(q({ weights: "open" }))).toEqual(["beta", "Delta"]);
    expect(names(q({ weights: "closed" }))).toEqual(["Alpha"]);
    expect(names(q({ org: ["OpenAI"] }))).toEqual(["Alpha", "Delta"]);
    expect(names(q({ q: "bm25" }))).toEqual(["Gamma"]);
    expect(names(q({ q: "ALP" }))).toEqual(["Alpha"]);
    expect(names(q({ kind: ["general_llm"], weights: "open" }))).toEqual(["Delta"]);
    expect(Object.fromEntries(applyTableQuery(board, q({ kind: ["general_llm"] })).ranks)).toEqual({ a: 1, d: null });
  });

  test("pinned rows come first in sort order, whatever the sort and even when a filter would hide them", () => {
    expect(names(q({ pin: ["d", "a"] }))).toEqual(["Alpha", "Delta", "beta", "Gamma"]);
    expect(names(q({ pin: ["c"], kind: ["general_llm"] }))).toEqual(["Gamma", "Alpha", "Delta"]);
    const view = applyTableQuery(board, q({ pin: ["c"], sort: "err" }));
    expect(view.rows[0]!.rowId).toBe("c");
    expect(view.pinned).toEqual(new Set(["c"]));
    // unknown row ids are dropped, not errors (a pinned system may have left the view)
    expect(applyTableQuery(board, q({ pin: ["zzz"] })).pinned.size).toBe(0);
  });

  test("visible columns keep the board's order; unknown column ids are reported", () => {
    const view = applyTableQuery(board, q({ cols: ["judge", "score", "nope"], sort: "gone" }));
    expect(view.columns.map((c) => c.id)).toEqual(["score", "judge"]);
    expect(view.unknownColumns).toEqual(["gone", "nope"]);
  });

  test("compareRows is a total order: equal values fall back to the name, then the row id", () => {
    const x = row("x", "Same", {}, { score: 1 });
    const y = row("y", "Same", {}, { score: 1 });
    expect(compareRows(x, y, { id: "score", desc: true })).toBeLessThan(0);
    expect(compareRows(y, x, { id: "score", desc: true })).toBeGreaterThan(0);
  });
});

describe("withSort and withPin", () => {
  test("a new column sorts best first, the same column flips, and the default sort leaves no parameter", () => {
    const s1 = withSort(board, q(), "err");
    expect(s1).toMatchObject({ sort: "err", dir: "asc" });
    expect(withSort(board, s1, "err")).toMatchObject({ sort: "err", dir: "desc" });
    const flipped = withSort(board, q(), "score");
    expect(flipped).toMatchObject({ sort: "score", dir: "asc" });
    expect(withSort(board, flipped, "score")).toMatchObject({ sort: undefined, dir: undefined });
    expect(withSort(board, q(), "system")).toMatchObject({ sort: "system", dir: "asc" });
  });

  test("withPin toggles", () => {
    expect(withPin(withPin(q(), "a"), "b").pin).toEqual(["a", "b"]);
    expect(withPin(q({ pin: ["a", "b"] }), "a").pin).toEqual(["b"]);
  });
});

describe("download records", () => {
  test("records follow the view: rank, pinned flag, visible columns only, with n, CI and judge profile", () => {
    const view = applyTableQuery(board, readTableQuery(new URLSearchParams("cols=judge&sort=judge&pin=b")));
    const records = viewRecords(view);
    expect(records.map((r) => r.system)).toEqual(["beta", "Gamma", "Alpha", "Delta"]);
    expect(records.map((r) => r.rank)).toEqual([null, 1, 2, 3]);
    expect(records[0]).toMatchObject({ pinned: true, judge: null });
    // one judge profile behind the column: stated once per column (JSON `columns`, CSV header), not per row
    expect(records[1]).toMatchObject({ pinned: false, judge: 80, judge__n: 10, judge__ci_low: 79, judge__ci_high: 81 });
    expect(Object.keys(records[1]!)).not.toContain("judge__judge");
    expect(Object.keys(records[1]!)).not.toContain("score");
    const csv = viewCsv(view).split("\n");
    // readable headers after a UTF-8 BOM; columns empty for every row (backbone, source, note, …) are dropped;
    // the judge profile in its own column, not in the judge column's header
    expect(csv[0]).toBe(
      "\uFEFFRank,Pinned,Row id,System,System id,Organisation,Kind,Backbone,Open weights,Tier,Judge profile,Judge,Judge n,Judge 95% CI low,Judge 95% CI high",
    );
    expect(csv[1]).toMatch(/^,true,b,beta,b,MemCo,memory_system,,true,rescored,/);
  });

  test("an empty result keeps the CSV header", () => {
    const view = applyTableQuery(board, q({ q: "no such system" }));
    expect(viewCsv(view).trim().split("\n")).toHaveLength(1);
  });
});

describe("hidden headline", () => {
  test("with the headline column hidden, the default sort and the ranks use the first visible column", () => {
    const view = applyTableQuery(board, q({ cols: ["err"] }));
    expect(view.sort).toEqual({ id: "err", desc: false });
    expect(view.rankColumn?.id).toBe("err");
    expect(view.rows.map((r) => r.rowId)).toEqual(["d", "b", "a", "c"]);
  });
});

describe("tableProps", () => {
  test("small leaderboards go to the browser whole; large ones as the first page with server-computed ranks", async () => {
    const { CLIENT_ROWS_LIMIT } = await import("./apply-table-query");
    const { tableProps } = await import("./table-props");
    const { packBoard, unpackBoard } = await import("./packed-board");
    // whole, packed (lib/leaderboard/packed-board.ts): the table unpacks the same rows and cells
    // plus the published precision of its reported figures (lib/leaderboard/published-precision.ts)
    const { precision, ...whole } = tableProps(board, q()).leaderboard;
    expect(whole).toEqual(packBoard(board));
    expect(tableProps(board, q()).server).toBeNull();
    const { publishedPrecision } = await import("./published-precision");
    expect(precision ?? []).toEqual(publishedPrecision(board.rows, board.columns));
    expect(unpackBoard(tableProps(board, q()).leaderboard).rows.find((r) => r.rowId === "b")!.cells.judge).toMatchObject({
      value: null,
      n: 10,
      judgeProfile: "gpt-judge-v1",
    });
    const many: Leaderboard = {
      ...board,
      rows: Array.from({ length: CLIENT_ROWS_LIMIT + 50 }, (_, i) =>
        row(`r${i}`, `System ${i}`, { kind: i % 2 ? "memory_system" : "general_llm", organisation: `Org ${i % 3}` }, { score: i, err: null, judge: null }),
      ),
    };
    const props = tableProps(many, q({ kind: ["memory_system"], pin: ["r0"] }));
    expect(props.leaderboard.rows).toHaveLength(PAGE_ROWS);
    expect(props.leaderboard.rows[0]!.id).toBe("r0");
    expect(props.leaderboard.rows[1]!.id).toBe(`r${CLIENT_ROWS_LIMIT + 49}`);
    expect(props.server).toMatchObject({ matching: 1 + (CLIENT_ROWS_LIMIT + 50) / 2, total: CLIENT_ROWS_LIMIT + 50, organisations: ["Org 0", "Org 1", "Org 2"] });
    // ranks count every matching row, not only the page sent (one per row sent, in its order)
    expect(props.server!.ranks).toHaveLength(PAGE_ROWS);
    expect(props.server!.ranks[0]).toBe(1 + (CLIENT_ROWS_LIMIT + 50) / 2);
    expect(props.server!.ranks[1]).toBe(1);
    expect(tableProps(many, q({ all: "1" })).leaderboard.rows).toHaveLength(CLIENT_ROWS_LIMIT + 50);

    // the published precision only of the publications whose rows are shipped: uploads on the page, a reported
    // row below it (its precision comes along when it is pinned into the page)
    const uploads: Leaderboard = {
      ...many,
      rows: many.rows.map((r, i) =>
        i === 0 ? { ...r, sourceLabel: "Paper, Table 2", cells: { score: { ...r.cells.score!, value: 1.5 } } } : { ...r, tier: "submitted" },
      ),
    };
    expect(tableProps(uploads, q()).leaderboard.precision).toBeUndefined();
    expect(tableProps(uploads, q({ pin: ["r0"] })).leaderboard.precision).toEqual([["score", "Paper, Table 2", 1]]);
  });
});

describe("columns shown by default", () => {
  const withEmpty: Leaderboard = {
    ...board,
    columns: [...board.columns, { id: "final", label: "Final", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "judge" }],
  };

  test("a column empty for every row of the view is hidden by default, and still selectable by naming it", () => {
    expect(applyTableQuery(withEmpty, q()).columns.map((c) => c.id)).toEqual(["score", "err", "judge"]);
    expect(applyTableQuery(withEmpty, q({ cols: ["score", "final"] })).columns.map((c) => c.id)).toEqual(["score", "final"]);
  });

  test("the rule follows the filters: a column empty for the filtered rows is hidden", () => {
    // beta (the only memory system) has no judge value
    expect(applyTableQuery(withEmpty, q({ kind: ["memory_system"] })).columns.map((c) => c.id)).toEqual(["score", "err"]);
  });

  test("a view without any value keeps every column", () => {
    expect(applyTableQuery(withEmpty, q({ q: "no such system" })).columns).toHaveLength(4);
  });
});

describe("the column's best", () => {
  const row = (rowId: string, value: number, extra: Partial<LeaderboardRow> = {}, noised = false): LeaderboardRow =>
    ({
      rowId,
      kind: "general_llm",
      cells: { score: { value, n: 1, ciLow: null, ciHigh: null, judgeProfile: null, ...(noised ? { noised: { step: 1 } } : {}) } },
      ...extra,
    }) as unknown as LeaderboardRow;
  test("a reference baseline or a noised figure is never bolded as best, even when it is the highest", () => {
    const rows = [row("copy", 83.71, { kind: "baseline" }), row("noised", 90, {}, true), row("gpt", 81.49), row("ds", 80.91)];
    expect([...bestIds(bestCandidates(rows, "score"), "higher", 2)]).toEqual(["gpt"]);
  });
});
