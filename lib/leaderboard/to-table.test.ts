import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import { roundForDownload } from "./round";
import { readableHeader, viewColumns, viewCsv, viewRecords } from "./to-table";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "./types";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

const col = (over: Partial<LeaderboardColumn> & { id: string; label: string }): LeaderboardColumn => ({
  description: "",
  direction: "higher",
  decimals: 4,
  scale: "unit",
  kind: "deterministic",
  ...over,
});

function row(id: string, cells: Record<string, { value: number | null; judge?: string }>): LeaderboardRow {
  return testRow(id, {
    tier: "rescored",
    cells: Object.fromEntries(
      Object.entries(cells).map(([k, c]) => [
        k,
        {
          value: c.value,
          n: 50,
          ciLow: c.value === null ? null : c.value - 0.0123456789,
          ciHigh: c.value === null ? null : c.value + 0.0123456789,
          judgeProfile: c.judge ?? null,
        },
      ]),
    ),
  });
}

describe("roundForDownload", () => {
  test("the metric's precision plus two digits, never float noise", () => {
    expect(roundForDownload(0.37314652288732264, 4)).toBe(0.373147);
    expect(roundForDownload(0.4737360000000001, 4)).toBe(0.473736);
    expect(roundForDownload(56.123456, 2)).toBe(56.1235);
    expect(roundForDownload(-0.0000001, 2)).toBe(0);
    expect(roundForDownload(null, 2)).toBeNull();
  });
});

describe("readable headers", () => {
  test("the group prefixes a label unless the label already names it", () => {
    expect(readableHeader(col({ id: "task4/ability1:score", label: "Persona awareness (PA)", group: "PA" }))).toBe("PA");
    expect(readableHeader(col({ id: "task4/ability2:pf_general", label: "PF general", group: "PF" }))).toBe("PF general");
    expect(readableHeader(col({ id: "task4/ability5:ei_en", label: "EI (English)", group: "EI" }))).toBe("EI (English)");
    expect(readableHeader(col({ id: "task4/ability1:score", label: "Persona awareness (PA)", group: "Task 4 · PA" }))).toBe("Task 4 · PA");
    expect(readableHeader(col({ id: "task4/ability5:ei_en", label: "EI (English)", group: "Task 4 · EI" }))).toBe("Task 4 · EI (English)");
    expect(readableHeader(col({ id: "task3/d100:recall", label: "Recall (exact id)", group: "d100" }))).toBe("d100 · Recall (exact id)");
    expect(readableHeader(col({ id: "f1", label: "F1" }))).toBe("F1");
  });
});

describe("CSV and JSON downloads", () => {
  const board: Leaderboard = {
    id: "t",
    title: "T",
    split: "full",
    defaultSort: "a",
    notes: [],
    columns: [
      col({ id: "a", label: "Persona awareness (PA)", group: "PA", kind: "judge" }),
      col({ id: "b", label: "PF general", group: "PF", kind: "judge" }),
      col({ id: "never", label: "Never", group: "PF" }),
    ],
    rows: [
      row("x", { a: { value: 0.4737360000000001, judge: "judge-1" }, b: { value: 0.5, judge: "judge-1" }, never: { value: null } }),
      row("y", { a: { value: 0.37314652288732264, judge: "judge-1" }, b: { value: 0.25, judge: "judge-2" }, never: { value: null } }),
    ],
  };
  const view = applyTableQuery(board, { ...DEFAULT_TABLE_QUERY, cols: ["a", "b", "never"] });

  test("CSV: readable headers, no column empty for every row, per-column judge profiles where a row mixes judges", () => {
    const records = parse(viewCsv(view), { bom: true, columns: true }) as Record<string, string>[];
    const headers = Object.keys(records[0]!);
    // row y's PA and PF figures come from two judges: each judge column names its profile beside it
    expect(headers).toContain("PA");
    expect(headers).toContain("PA judge profile");
    expect(headers).toContain("PF general judge profile");
    expect(records[1]!["Judge profile"]).toBe("judge-1; judge-2");
    expect(records[1]!["PF general judge profile"]).toBe("judge-2");
    expect(headers.some((h) => h.startsWith("Never"))).toBe(false);
    for (const h of headers)
      expect(
        records.some((r) => r[h] !== ""),
        h,
      ).toBe(true);
  });

  const oneJudge: Leaderboard = {
    ...board,
    columns: [...board.columns, col({ id: "d", label: "Recall", group: "d100", decimals: 2 })],
    rows: [
      row("x", { a: { value: 0.4737360000000001, judge: "judge-1" }, b: { value: 0.5, judge: "judge-1" }, d: { value: 12.5 } }),
      row("y", { a: { value: 0.37314652288732264, judge: "judge-1" }, b: { value: 0.25, judge: "judge-1" }, d: { value: -0.01 } }),
    ],
  };
  const oneJudgeView = applyTableQuery(oneJudge, { ...DEFAULT_TABLE_QUERY, cols: ["a", "b", "d"] });

  test("CSV for people: a UTF-8 BOM, the judge profile once, short headers, no Pinned column, every figure at its column's decimals", () => {
    const text = viewCsv(oneJudgeView);
    // Excel reads a CSV without a byte order mark in the local code page and garbles "·"
    expect(text.startsWith("\uFEFF")).toBe(true);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const headers = Object.keys(records[0]!);
    expect(headers[0]).toBe("Rank");
    expect(headers.filter((h) => h.includes("judge"))).toEqual([]);
    expect(headers.filter((h) => /judge/i.test(h))).toEqual(["Judge profile"]);
    expect(records.map((r) => r["Judge profile"])).toEqual(["judge-1", "judge-1"]);
    expect(headers).not.toContain("Pinned");
    expect(records[0]).toMatchObject({ PA: "0.4737", "PA 95% CI low": "0.4614", "PF general": "0.5000", "d100 · Recall": "12.50" });
    // a negative figure stays a number (no formula guard apostrophe)
    expect(records[1]!["d100 · Recall"]).toBe("-0.01");
    for (const column of oneJudgeView.columns) {
      const name = readableHeader(column);
      for (const r of records)
        for (const h of [name, `${name} 95% CI low`, `${name} 95% CI high`]) expect(r[h]!.split(".")[1]?.length, `${h} = ${r[h]}`).toBe(column.decimals);
    }
  });

  test("CSV keeps the Pinned column when the view pins a row", () => {
    const pinned = applyTableQuery(oneJudge, { ...DEFAULT_TABLE_QUERY, cols: ["a"], pin: ["y"] });
    const records = parse(viewCsv(pinned), { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r["Row id"], r.Pinned])).toEqual([
      ["y", "true"],
      ["x", "false"],
    ]);
  });

  test("JSON: machine ids, rounded values, judge profiles once per column", () => {
    const rows = viewRecords(view);
    expect(rows[0]).toMatchObject({ a: 0.473736, a__ci_low: 0.46139, b: 0.5 });
    expect(Object.keys(rows[0]!)).not.toContain("a__judge");
    expect(rows[0]!.b__judge).toBe("judge-1");
    const columns = viewColumns(view);
    expect(columns.map((c) => [c.id, c.header, c.judgeProfiles])).toEqual([
      ["a", "PA", ["judge-1"]],
      ["b", "PF general", ["judge-1", "judge-2"]],
      ["never", "PF · Never", undefined],
    ]);
  });
});
