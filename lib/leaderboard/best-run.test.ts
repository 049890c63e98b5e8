import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { DEFAULT_TABLE_QUERY, readTableQuery, type TableQuery } from "./table-state";
import type { ContaminationFigures, Leaderboard, LeaderboardRow } from "./types";
import { viewRecords } from "./to-table";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

const figures: ContaminationFigures = {
  values: 3586,
  publicShare: 1,
  task2InputShare: 1,
  task3CandidateShare: 1,
  submissionShare: 0,
  submissionId: null,
  threshold: 0.2,
  flagged: true,
};

function row(id: string, system: string, tier: LeaderboardRow["tier"], score: number | null, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return testRow(id, { systemSlug: system, systemName: system, tier, submissionId: id, cells: { score: testCell(score) }, ...over });
}

const board: Leaderboard = {
  id: "t",
  title: "T",
  split: "full",
  defaultSort: "score",
  notes: [],
  columns: [{ id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "deterministic" }],
  rows: [
    row("rep", "gpt", "reported", 40),
    row("res", "gpt", "rescored", 41),
    row("up1", "mine", "submitted", 30, { submittedBy: "Ann", submittedAt: "2026-11-23T10:00:00.000Z" }),
    row("up2", "mine", "submitted", 35, { submittedBy: "Ann", submittedAt: "2026-11-23T11:00:00.000Z" }),
    row("ver", "mine", "verified", 20),
    row("copy", "copycat", "submitted", 99, { contamination: figures }),
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

  test("downloads carry the tier, the uploader and date, and the flag", () => {
    const records = viewRecords(applyTableQuery(board, q({ flagged: "1", runs: "all" })));
    expect(records.find((r) => r.row_id === "up1")).toMatchObject({
      tier: "submitted",
      submitted_by: "Ann",
      submitted_at: "2026-11-23T10:00:00.000Z",
      contamination_flagged: null,
    }); // no figures: not checked, not "clean"
    expect(records.find((r) => r.row_id === "copy")).toMatchObject({ rank: null, contamination_flagged: true, contamination_public_share: 1 });
  });
});
