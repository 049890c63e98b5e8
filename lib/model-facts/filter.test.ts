import { describe, expect, test } from "vitest";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { parseTableQuery, readTableQuery, serializeTableQuery } from "@/lib/leaderboard/table-state";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";
import { matchesFactFilter, parseSearchOperators } from "./filter";

const row = (name: string, openWeights: boolean | null, paramsB: number | null, license: string | null): LeaderboardRow => ({
  rowId: name,
  systemSlug: name,
  systemName: name,
  organisation: null,
  kind: "general_llm",
  backbone: null,
  openWeights,
  tier: "reported",
  sourceLabel: null,
  sourceUrl: null,
  note: null,
  submissionId: null,
  facts: paramsB === null && license === null ? null : { paramsB, activeParamsB: null, license, releaseDate: null, modelUrl: null },
  cells: { score: { value: 1, n: null, ciLow: null, ciHigh: null, judgeProfile: null } },
});

const board: Leaderboard = {
  id: "t",
  title: "t",
  split: "full",
  defaultSort: "score",
  columns: [{ id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "unit", kind: "deterministic" }],
  rows: [
    row("small-open", true, 8, "Apache-2.0"),
    row("big-open", true, 70, "Apache-2.0"),
    row("small-closed", false, 7, "proprietary"),
    row("open-unknown", true, null, "MIT"),
    row("twenty", true, 20, "mit"),
  ],
  notes: [],
};
const names = (q: Record<string, string>) =>
  applyTableQuery(board, readTableQuery(q))
    .rows.map((r) => r.systemName)
    .sort();

describe("model-fact filters", () => {
  test("search operators: open:yes params:<20 keeps open models under 20B, and the rest of the text still searches names", () => {
    expect(names({ q: "open:yes params:<20" })).toEqual(["small-open"]);
    expect(names({ q: "open:yes params:<=20" })).toEqual(["small-open", "twenty"]);
    expect(names({ q: "open:no" })).toEqual(["small-closed"]);
    expect(names({ q: "params:>20" })).toEqual(["big-open"]);
    expect(names({ q: "license:MIT" })).toEqual(["open-unknown", "twenty"]);
    expect(names({ q: "open:yes small" })).toEqual(["small-open"]);
    // an operator it cannot read is plain text: it matches no name
    expect(names({ q: "params:lots" })).toEqual([]);
    expect(parseSearchOperators("open:yes params:<20b mem").filter).toEqual({ open: true, paramsBelow: 20 });
  });

  test("URL: open=1, params_max (inclusive) and license (any of, case-insensitive)", () => {
    expect(names({ open: "1", params_max: "20" })).toEqual(["small-open", "twenty"]);
    expect(names({ open: "1", params_max: "19.9" })).toEqual(["small-open"]);
    expect(names({ license: "apache-2.0,proprietary" })).toEqual(["big-open", "small-closed", "small-open"]);
    expect(serializeTableQuery(readTableQuery({ open: "1", params_max: "20", license: "MIT" }))).toBe("open=1&params_max=20&license=MIT");
  });

  test("bad values are named by their parameter", () => {
    const parsed = parseTableQuery({ params_max: "lots", open: "yes", license: "bad id!" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.join("\n")).toMatch(/^params_max: a number of billions/m);
    expect(parsed.issues.join("\n")).toMatch(/^open: /m);
    expect(parsed.issues.join("\n")).toMatch(/^license: a licence id/m);
  });

  test("a row without a parameter count never passes a size filter", () => {
    expect(matchesFactFilter({ openWeights: true, facts: null }, { paramsMax: 1000 })).toBe(false);
    expect(matchesFactFilter({ openWeights: true, facts: null }, { open: true })).toBe(true);
  });
});
