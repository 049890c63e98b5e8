import { describe, expect, test } from "vitest";
import { packBoard, PackedLeaderboard, unpackBoard } from "./packed-board";
import type { Leaderboard, LeaderboardRow } from "./types";

const JUDGE = "AlpsBench authors' judge (DeepSeek, as reported)";

function row(i: number, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rowId: `r${i}`,
    systemSlug: `s${i}`,
    systemName: `System ${i}`,
    organisation: i % 2 ? "OpenAI" : null,
    kind: "general_llm",
    backbone: null,
    openWeights: i % 3 === 0 ? true : null,
    tier: "submitted",
    sourceLabel: null,
    sourceUrl: null,
    note: null,
    submissionId: `sub${i}`,
    submittedBy: "an unnamed user",
    submittedAt: "2026-01-01T00:00:00.000Z",
    contamination: null,
    cells: {
      pa: { value: 0.1 * i, n: 2000 + i, ciLow: 0.026779999999999998, ciHigh: 0.5374540000000001, judgeProfile: JUDGE, previous: null },
      ei: {
        value: i === 2 ? null : 3.19,
        n: null,
        ciLow: null,
        ciHigh: null,
        judgeProfile: i === 1 ? "other judge" : JUDGE,
        previous: { value: 3.1, scoreVersion: "1.0.0" },
      },
    },
    ...over,
  };
}

const board: Leaderboard = {
  id: "task4",
  title: "Task 4",
  split: "full",
  defaultSort: "pa",
  notes: ["a note"],
  columns: [
    { id: "pa", label: "PA", description: "", direction: "higher", decimals: 4, scale: "unit", kind: "judge" },
    { id: "ei", label: "EI", description: "", direction: "higher", decimals: 2, scale: "likert5", kind: "judge" },
    { id: "none", label: "None", description: "", direction: "lower", decimals: 2, scale: "unit", kind: "deterministic" },
  ],
  rows: [
    row(0),
    row(1),
    row(2, {
      note: "reported later",
      contamination: {
        values: 10,
        publicShare: 0.5,
        task2InputShare: 0.1,
        task3CandidateShare: 0.4,
        submissionShare: 0,
        submissionId: null,
        threshold: 0.3,
        flagged: true,
      },
    }),
  ],
};

describe("packed leaderboard", () => {
  test("unpacking gives back every row, shown field and cell (intervals without binary noise)", () => {
    const packed = packBoard(board);
    expect(PackedLeaderboard.parse(packed)).toEqual(packed);
    const back = unpackBoard(packed);
    expect(back.columns).toEqual(board.columns);
    expect(back.notes).toEqual(board.notes);
    expect(back.rows).toHaveLength(3);
    for (const [i, original] of board.rows.entries()) {
      const { cells, ...identity } = back.rows[i]!;
      const { cells: originalCells, ...originalIdentity } = original;
      // what the table does not show stays on the server: the submission id, the time of day of an upload
      expect(identity).toEqual({ ...originalIdentity, submissionId: null, submittedAt: "2026-01-01" });
      expect(cells.pa).toEqual({ ...originalCells.pa, ciLow: 0.02678, ciHigh: 0.537454 });
      expect(cells.ei).toEqual(originalCells.ei);
      expect(cells.none).toBeUndefined();
    }
  });

  test("a judge profile is written once per board, not once per cell; empty fields are left out", () => {
    const many: Leaderboard = { ...board, rows: Array.from({ length: 50 }, (_, i) => row(i + 3)) };
    const packed = packBoard(many);
    const json = JSON.stringify(packed);
    expect(json.split(JUDGE).length - 1).toBe(1);
    expect(packed.judges).toEqual([JUDGE]);
    expect(packed.versions).toEqual(["1.0.0"]);
    expect(json).not.toContain("null,null,null,null");
    expect(packed.rows[0]).not.toHaveProperty("nt");
    // the cells in column order: pa, ei, and no cell for "none"
    expect(packed.rows[0]!.c).toEqual([[0.30000000000000004, 2003, 0.02678, 0.537454, 0], [3.19, null, null, null, 0, 3.1, 0], null]);
    // a row id that is the usual `<system>~<tier>` is left out and comes back on unpacking; any other is kept
    const usual = packBoard({ ...board, rows: [row(1, { rowId: "s1~submitted" }), row(2)] });
    expect(usual.rows[0]).not.toHaveProperty("id");
    expect(usual.rows[1]!.id).toBe("r2");
    expect(unpackBoard(usual).rows.map((r) => r.rowId)).toEqual(["s1~submitted", "r2"]);
    // well under half the read model's JSON
    expect(json.length).toBeLessThan(JSON.stringify(many).length / 2);
  });
});
