import { describe, expect, test } from "vitest";
import { ciHalfWidth, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { applyTableQuery } from "./apply-table-query";
import { packBoard, packInterval, unpackBoard } from "./packed-board";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import type { Leaderboard, LeaderboardRow } from "./types";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

const JUDGE = "AlpsBench authors' judge (DeepSeek, as reported)";

function row(i: number, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return testRow(`r${i}`, {
    systemSlug: `s${i}`,
    systemName: `System ${i}`,
    organisation: i % 2 ? "OpenAI" : null,
    openWeights: i % 3 === 0 ? true : null,
    tier: "submitted",
    submissionId: `sub${i}`,
    submittedBy: "an unnamed user",
    submittedAt: "2026-01-01T00:00:00.000Z",
    flag: null,
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
  });
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
      flag: { label: "a check", detail: "what it found" },
    }),
  ],
};

describe("packed leaderboard", () => {
  test("unpacking gives back every row, shown field and cell (intervals without binary noise)", () => {
    const packed = packBoard(board);
    // plain JSON: it goes into the page as the table's props
    expect(JSON.parse(JSON.stringify(packed))).toEqual(packed);
    const back = unpackBoard(packed);
    expect(back.columns).toEqual(board.columns);
    expect(back.notes).toEqual(board.notes);
    expect(back.rows).toHaveLength(3);
    for (const [i, original] of board.rows.entries()) {
      const { cells, ...identity } = back.rows[i]!;
      const { cells: originalCells, ...originalIdentity } = original;
      // what the table does not show stays on the server: the submission id, the time of day of an upload
      expect(identity).toEqual({ ...originalIdentity, submissionId: null, submittedAt: "2026-01-01" });
      // the interval comes back as the table shows it (at the column's 4 decimals), from its distances to the value
      expect({ ...cells.pa, ciLow: null, ciHigh: null }).toEqual({ ...originalCells.pa, ciLow: null, ciHigh: null });
      expect(formatInterval(cells.pa!.ciLow, cells.pa!.ciHigh, 4)).toBe("[0.0268, 0.5375]");
      expect(formatMetric(ciHalfWidth(cells.pa!.ciLow, cells.pa!.ciHigh), 4)).toBe("0.2553");
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
    // the board's usual judge is named by no cell (a judge column's cell without an index has it)
    expect(packed.judge).toBe(0);
    expect(packed.versions).toEqual(["1.0.0"]);
    expect(json).not.toContain("null,null,null,null");
    expect(packed.rows[0]).not.toHaveProperty("nt");
    // kind and tier as their index among the kinds and tiers (general_llm, submitted), not their names
    expect(packed.rows[0]).toMatchObject({ k: 0, t: 2 });
    // the cells in column order: pa, ei, and no cell for "none"
    // pa: 0.3 with [0.02678, 0.537454] at 4 decimals is 2732.2 below and 2374.54 above (in units of 0.0001): whole
    // units would show a "±" of 0.2554 (the exact bounds give 0.2553), so they keep a decimal or two
    expect(packed.rows[0]!.c).toEqual([[0.30000000000000004, 2003, 2732.2, 2374.54], [3.19, null, null, null, 0, 3.1, 0], null]);
    // a judge other than the usual one is named, a judge cell without one says so (-1); both come back
    const mixed = packBoard({ ...board, rows: [row(1), row(4, { cells: { ...row(4).cells, pa: { ...row(4).cells.pa!, judgeProfile: null } } })] });
    expect(mixed.rows[1]!.c[0]![4]).toBe(-1);
    expect(unpackBoard(mixed).rows.map((r) => [r.cells.pa!.judgeProfile, r.cells.ei!.judgeProfile])).toEqual([
      [JUDGE, "other judge"],
      [null, JUDGE],
    ]);
    // a row id that is the usual `<system>~<tier>` is left out and comes back on unpacking; any other is kept
    const usual = packBoard({ ...board, rows: [row(1, { rowId: "s1~submitted" }), row(2)] });
    expect(usual.rows[0]).not.toHaveProperty("id");
    expect(usual.rows[1]!.id).toBe("r2");
    expect(unpackBoard(usual).rows.map((r) => r.rowId)).toEqual(["s1~submitted", "r2"]);
    // well under half the read model's JSON
    expect(json.length).toBeLessThan(JSON.stringify(many).length / 2);
  });

  test("an interval shipped as distances shows exactly the figures of its exact bounds", () => {
    // a seeded random walk over values, bounds and decimals, binary noise and half-way cases included
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const shown = (lo: number | null, hi: number | null, d: number) => `${formatInterval(lo, hi, d)} ${formatMetric(ciHalfWidth(lo, hi), d)}`;
    let shipped = 0;
    for (let i = 0; i < 20000; i++) {
      const decimals = [0, 1, 2, 3, 4, 6][i % 6]!;
      const scale = [1, 5, 100][i % 3]!;
      const value = i % 5 === 0 ? Number((random() * scale).toFixed(decimals + 1)) + 0.5 * 10 ** -(decimals + 1) : random() * scale;
      const low = value - random() * 0.1 * scale;
      const high = i % 7 === 0 ? low + 10 ** -decimals : value + random() * 0.1 * scale;
      const distances = packInterval(value, low, high, decimals);
      if (!distances) continue;
      shipped++;
      const cell = packBoard({
        ...board,
        columns: [{ ...board.columns[0]!, decimals }],
        rows: [row(0, { cells: { pa: { value, n: 1, ciLow: low, ciHigh: high, judgeProfile: JUDGE, previous: null } } })],
      });
      const back = unpackBoard(cell).rows[0]!.cells.pa!;
      expect(shown(back.ciLow, back.ciHigh, decimals), `${value} [${low}, ${high}] at ${decimals}`).toBe(shown(low, high, decimals));
    }
    expect(shipped).toBeGreaterThan(19000);
    // where no distance shows the same figures, the bounds are shipped as they are
    const whole = packBoard({ ...board, rows: [row(0, { cells: { pa: { value: null, n: 1, ciLow: 0.1, ciHigh: 0.2, judgeProfile: JUDGE, previous: null } } })] });
    expect(whole.rows[0]!.c[0]).toEqual([null, 1, null, null, 0, null, null, 0.1, 0.2]);
    expect(unpackBoard(whole).rows[0]!.cells.pa).toMatchObject({ ciLow: 0.1, ciHigh: 0.2 });
  });
});

describe("figures another publication contradicts, and rows without a system page", () => {
  test("survive packing: the other figure with its source, and systemPage false", () => {
    const disputed = row(7, {
      tier: "reported",
      systemPage: false,
      cells: { pa: { value: 0.3853, n: null, ciLow: null, ciHigh: null, judgeProfile: JUDGE, otherReported: { value: 0.672, source: "AlpsBench paper, Table 2" } } },
    });
    const packed = packBoard({ ...board, rows: [disputed, row(8)] });
    expect(packed.others).toEqual(["AlpsBench paper, Table 2"]);
    const back = unpackBoard(packed).rows;
    expect(back[0]!.cells.pa!.otherReported).toEqual({ value: 0.672, source: "AlpsBench paper, Table 2" });
    expect(back[0]!.systemPage).toBe(false);
    expect(back[1]!.cells.pa!.otherReported ?? null).toBeNull();
    expect(back[1]!.systemPage).toBeUndefined();
    // a board without any keeps its payload as it was
    expect(packBoard({ ...board, rows: [row(8)] })).not.toHaveProperty("others");
  });
});

describe("rows scored on synthetic data", () => {
  test("keep their mark through packing (the page's table shows it); other rows carry none", () => {
    const back = unpackBoard(packBoard({ ...board, rows: [row(9, { syntheticData: true }), row(10)] })).rows;
    expect(back[0]!.syntheticData).toBe(true);
    expect(back[1]!.syntheticData).toBeUndefined();
  });
});

describe("every field of a board row reaches the page's table", () => {
  // The page's table re-runs the table rules (apply-table-query.ts) on the unpacked rows, and renders them: a field
  // packBoard drops is a field the page acts without. A copy's `unranked` was dropped, and the page ranked the copy.
  /** what stays on the server, and why: every other field of LeaderboardRow must come back from unpackBoard */
  const SERVER_ONLY = {
    submissionId: "the downloads' id; the table links a row by its pack and items URLs",
    submissionIds: "the runs behind an overall row, for the downloads",
    extras: "a benchmark's own download columns (extraFields): the table shows the flag, not the extras",
    cells: "packed by column, checked by the tests above",
  };
  const everyField: LeaderboardRow = row(11, {
    rowId: "custom-id",
    packUrl: "/api/v1/submissions/sub11/pack",
    itemsUrl: "/submissions/sub11#instances-title",
    unranked: { reason: "a copy of an earlier run" },
    flag: { label: "a check", detail: "what it found" },
    systemPage: false,
    rewardsFromService: "profile abc (2 models)",
    belowBaseline: { system: "BM25", column: "pa", value: 0.5 },
    belowContentless: { system: "Labels only", column: "pa", value: 0.4 },
    review: { state: "pending", reason: "it beats the best ranked row", note: null },
    reported: { sourceLabel: "the paper", sourceUrl: "https://example.org" },
    syntheticData: true,
    facts: { paramsB: 7 } as LeaderboardRow["facts"],
    coverage: { covered: 10, expected: 20 },
    runCost: { usd: 1.5, tokens: 1000 },
    note: "a note",
    sourceLabel: "a label",
    sourceUrl: "https://example.org/s",
  });

  test("each field is set in the fixture (so the check below covers it) or is listed as the server's", async () => {
    const { LeaderboardRow } = await import("./types");
    const unset = Object.keys(LeaderboardRow.shape).filter((field) => !(field in SERVER_ONLY) && (everyField as Record<string, unknown>)[field] === undefined);
    expect(unset).toEqual([]);
  });

  test("unpacking gives back every field but the server's", () => {
    const back = unpackBoard(packBoard({ ...board, rows: [everyField] })).rows[0]!;
    const strip = (r: LeaderboardRow) => Object.fromEntries(Object.entries(r).filter(([field]) => !(field in SERVER_ONLY) && field !== "submittedAt"));
    expect(strip(back)).toEqual(strip(everyField));
    expect(back.submittedAt).toBe(everyField.submittedAt!.slice(0, 10));
  });
});

test("a copy (a row its benchmark found no result of its own) stays unranked and off the default list on the page", () => {
  const copy = row(12, { unranked: { reason: "a copy of an earlier run" } });
  const onPage = applyTableQuery(unpackBoard(packBoard({ ...board, rows: [row(13), copy] })), DEFAULT_TABLE_QUERY);
  expect(onPage.rows.map((r) => r.rowId)).toEqual([row(13).rowId]);
  const listed = applyTableQuery(unpackBoard(packBoard({ ...board, rows: [row(13), copy] })), { ...DEFAULT_TABLE_QUERY, flagged: "1" });
  expect(Object.fromEntries(listed.ranks)[copy.rowId]).toBeNull();
});
