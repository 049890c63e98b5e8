import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { DEFAULT_TABLE_QUERY, readTableQuery, type TableQuery } from "./table-state";
import type { Leaderboard, LeaderboardRow } from "./types";
import { viewRecords } from "./to-table";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

// a benchmark's check flagged the copy: its mark, and the check's own fields the board declares for downloads
const flag = { label: "a check", detail: "what the check found" };
const extras = { check_flagged: true, check_share: 0.123456 };

function row(id: string, system: string, tier: LeaderboardRow["tier"], score: number | null, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return testRow(id, { systemSlug: system, systemName: system, tier, submissionId: id, cells: { score: testCell(score) }, ...over });
}

const board: Leaderboard = {
  id: "t",
  title: "T",
  split: "full",
  defaultSort: "score",
  notes: [],
  extraFields: [
    { id: "check_flagged", header: "Check flag" },
    { id: "check_share", header: "Share the check found", decimals: 4 },
  ],
  columns: [{ id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "deterministic" }],
  rows: [
    row("rep", "gpt", "reported", 40),
    row("res", "gpt", "rescored", 41),
    row("up1", "mine", "submitted", 30, { submittedBy: "Ann", submittedAt: "2026-11-23T10:00:00.000Z" }),
    row("up2", "mine", "submitted", 35, { submittedBy: "Ann", submittedAt: "2026-11-23T11:00:00.000Z" }),
    row("ver", "mine", "verified", 20),
    row("copy", "copycat", "submitted", 99, { flag, extras }),
  ],
};
const q = (over: Partial<TableQuery> = {}): TableQuery => ({ ...DEFAULT_TABLE_QUERY, ...over });
const ids = (query: TableQuery) => applyTableQuery(board, query).rows.map((r) => r.rowId);

describe("one row per system and tier, flagged rows unranked", () => {
  test("default: each system's best run per tier; tiers never merge; the flagged copy is not listed", () => {
    expect(ids(q())).toEqual(["res", "rep", "up2", "ver"]);
    expect(Object.fromEntries(applyTableQuery(board, q()).ranks)).toEqual({ res: 1, rep: 2, up2: 3, ver: 4 });
  });

  test("runs=all lists every run; the tier filter keeps one tier", () => {
    expect(ids(q({ runs: "all" }))).toEqual(["res", "rep", "up2", "up1", "ver"]);
    expect(ids(q({ tier: ["submitted"] }))).toEqual(["up2"]);
    expect(ids(readTableQuery({ tier: "reported,rescored" }))).toEqual(["res", "rep"]);
  });

  test("flagged=1 shows the flagged row, first by value but without a rank; the others keep theirs", () => {
    const view = applyTableQuery(board, q({ flagged: "1" }));
    expect(view.rows.map((r) => r.rowId)).toEqual(["copy", "res", "rep", "up2", "ver"]);
    expect(view.ranks.get("copy")).toBeNull();
    expect(view.ranks.get("res")).toBe(1);
  });

  test("downloads carry the tier, the uploader and date, and the board's own fields right after them", () => {
    const records = viewRecords(applyTableQuery(board, q({ flagged: "1", runs: "all" })));
    expect(records.find((r) => r.row_id === "up1")).toMatchObject({
      tier: "submitted",
      submitted_by: "Ann",
      submitted_at: "2026-11-23T10:00:00.000Z",
      check_flagged: null,
    }); // no extras: the check never saw it, not "clean"
    const copy = records.find((r) => r.row_id === "copy")!;
    expect(copy).toMatchObject({ rank: null, check_flagged: true, check_share: 0.1235 });
    const fields = Object.keys(copy);
    expect(fields.slice(fields.indexOf("submitted_at"), fields.indexOf("submitted_at") + 4)).toEqual([
      "submitted_at",
      "check_flagged",
      "check_share",
      "below_baseline",
    ]);
    // a board that declares none has none of them
    const plain = viewRecords(applyTableQuery({ ...board, extraFields: undefined }, q({ flagged: "1", runs: "all" })));
    expect(plain.find((r) => r.row_id === "copy")).not.toHaveProperty("check_flagged");
  });
});
