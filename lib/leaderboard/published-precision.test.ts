import { describe, expect, test } from "vitest";
import { formatPublished } from "@/lib/leaderboard/format";
import { decimalsShown, precisionFromEntries, publishedDecimalsOf } from "./published-decimals";
import { publishedPrecision } from "./published-precision";
import type { LeaderboardColumn, LeaderboardRow } from "./types";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

const column = (id: string, decimals: number): LeaderboardColumn =>
  ({ id, label: id, description: "", direction: "higher", decimals, kind: "deterministic" }) as unknown as LeaderboardColumn;

function row(name: string, tier: LeaderboardRow["tier"], source: string | null, values: Record<string, number | null>): LeaderboardRow {
  return testRow(`${name}~${tier}`, {
    systemSlug: name,
    systemName: name,
    tier,
    sourceLabel: source,
    submittedBy: null,
    submittedAt: null,
    flag: null,
    cells: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v, n: null, ciLow: null, ciHigh: null, judgeProfile: null, previous: null }])),
  });
}

describe("published precision of reported figures", () => {
  // the real AlpsBench figures: the official leaderboard printed 4 decimals, the paper's Table 3 three
  const f1 = column("task1:f1", 4);
  const rows = [
    row("GPT-5.2", "reported", "Official AlpsBench leaderboard", { "task1:f1": 0.3853 }),
    row("Gemini-3 Flash", "reported", "Official AlpsBench leaderboard", { "task1:f1": 0.497 }),
    row("DeepSeek", "reported", "Official AlpsBench leaderboard", { "task1:f1": 0.4894 }),
    row("Llama-4 Maverick", "reported", "Official AlpsBench leaderboard", { "task1:f1": 0.224 }),
    row("EverMemOS", "reported", "AlpsBench paper, Table 3", { "task1:f1": 0.09 }),
    row("A-Mem", "reported", "AlpsBench paper, Table 3", { "task1:f1": 0.225 }),
    row("Mem0", "reported", "AlpsBench paper, Table 3", { "task1:f1": 0.457 }),
    // computed rows never set a publication's precision
    row("Mine", "submitted", null, { "task1:f1": 0.1 }),
  ];
  const precision = precisionFromEntries(publishedPrecision(rows, [f1]));
  const shown = (name: string) => {
    const r = rows.find((x) => x.systemName === name)!;
    return formatPublished(r.cells["task1:f1"]!.value, 4, publishedDecimalsOf(precision, "task1:f1", r.sourceLabel))!.trim();
  };

  test("a figure that lost its trailing zero gets it back from its publication's precision", () => {
    expect(shown("Gemini-3 Flash")).toBe("0.4970");
    expect(shown("Llama-4 Maverick")).toBe("0.2240");
    expect(shown("EverMemOS")).toBe("0.090");
    // and a 3-decimal publication is not padded to 4 (issue 13: 0.446 showed as 0.4460)
    expect(shown("A-Mem")).toBe("0.225");
    expect(shown("Mem0")).toBe("0.457");
  });

  test("the most common precision wins, ties take the larger; never fewer decimals than the figure has", () => {
    const wins = column("win", 2);
    const pllm = [15, 14.8, 13.9, 22, 24.5].map((v, i) => row(`run ${i}`, "reported", "PersonalLLM paper", { win: v }));
    const p = precisionFromEntries(publishedPrecision(pllm, [wins]));
    expect(publishedDecimalsOf(p, "win", "PersonalLLM paper")).toBe(1);
    expect(formatPublished(15, 2, publishedDecimalsOf(p, "win", "PersonalLLM paper"))).toBe("15.0\u2007");
    const tie = precisionFromEntries(publishedPrecision([row("a", "reported", "s", { win: 1.5 }), row("b", "reported", "s", { win: 1.25 })], [wins]));
    expect(publishedDecimalsOf(tie, "win", "s")).toBe(2);
    expect(formatPublished(0.4894, 4, 3)).toBe("0.4894");
    expect(decimalsShown(0.1 + 0.2, 4)).toBe(1);
  });

  test("a reported figure folded into a re-scored row (one row per system) keeps its publication's precision", () => {
    const site = "Official AlpsBench leaderboard";
    const folded = (name: string, value: number) => {
      const r = row(name, "rescored", null, { "task1:f1": value });
      r.cells["task1:f1"] = { ...r.cells["task1:f1"]!, reportedBy: site };
      return r;
    };
    // the site's figures now sit in re-scored rows: they still say it printed 4 decimals, and 0.497 shows as 0.4970
    const p = precisionFromEntries(publishedPrecision([folded("GPT-5.2", 0.3853), folded("Gemini-3 Flash", 0.497), folded("DeepSeek", 0.4894)], [f1]));
    expect(publishedDecimalsOf(p, "task1:f1", site)).toBe(4);
    expect(formatPublished(0.497, 4, publishedDecimalsOf(p, "task1:f1", site))).toBe("0.4970");
    // a re-scored row's own figures set no publication's precision
    expect(publishedPrecision([row("Mine", "rescored", site, { "task1:f1": 0.1 })], [f1])).toEqual([]);
  });

  test("an unknown column or source falls back to the figure's own decimals", () => {
    expect(publishedDecimalsOf(precision, "task2:f1", "Official AlpsBench leaderboard")).toBe(0);
    expect(formatPublished(0.446, 4, publishedDecimalsOf(precision, "x", null))).toBe("0.446\u2007");
  });
});

describe("published precision in the page's payload", () => {
  test('one entry per column and source, a null source as "", read back to the same lookups', () => {
    const f1 = { id: "f1", label: "F1", description: "", direction: "higher", decimals: 4, kind: "deterministic" } as unknown as LeaderboardColumn;
    const rows = [0.3853, 0.497, 0.4894].map((v, i) => row(`r${i}`, "reported", i === 2 ? null : "Site", { f1: v }));
    const entries = publishedPrecision(rows, [f1]);
    expect(entries).toEqual([
      ["f1", "Site", 4],
      ["f1", "", 4],
    ]);
    const back = precisionFromEntries(entries);
    expect(publishedDecimalsOf(back, "f1", "Site")).toBe(4);
    expect(publishedDecimalsOf(back, "f1", null)).toBe(4);
  });
});
