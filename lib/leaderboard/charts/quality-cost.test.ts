import { describe, expect, test } from "vitest";
import { packBoard } from "../packed-board";
import type { Leaderboard, LeaderboardRow, MetricCell } from "../types";
import { qualityCostOf } from "./quality-cost";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

const cell = (value: number | null, extra: Partial<MetricCell> = {}): MetricCell => ({ value, n: 10, ciLow: null, ciHigh: null, judgeProfile: null, ...extra });

function row(
  slug: string,
  f1: number | null,
  usd: number | null | undefined,
  extra: Partial<LeaderboardRow> = {},
  f1Cell: Partial<MetricCell> = {},
): LeaderboardRow {
  return testRow(`${slug}~submitted`, {
    systemSlug: slug,
    systemName: `System ${slug}`,
    tier: "submitted",
    submissionId: slug,
    systemPage: true,
    ...(usd === undefined ? {} : { runCost: { usd, tokens: null } }),
    cells: { f1: cell(f1, f1Cell), recall: cell(0.5) },
    ...extra,
  });
}

const board = (rows: LeaderboardRow[]): Leaderboard => ({
  id: "b",
  title: "Board",
  split: "dev",
  defaultSort: "f1",
  columns: [
    { id: "recall", label: "Recall", description: "", direction: "higher", decimals: 3, scale: "unit", kind: "deterministic" },
    { id: "f1", label: "F1", description: "", direction: "higher", decimals: 4, scale: "unit", kind: "deterministic" },
  ],
  rows,
  notes: [],
});

describe("qualityCostOf", () => {
  test("one point per ranked row with a reported cost: x its cost, y the headline column", () => {
    const chart = qualityCostOf(
      packBoard(
        board([
          row("a", 0.8, 12),
          row("b", 0.6, 3),
          row("c", 0.7, 5),
          row("no-cost", 0.9, undefined),
          row("cost-null", 0.9, null),
          row("unranked", null, 4),
          row("noised", 0.75, 6, {}, { noised: { step: 0.01 } }),
        ]),
      ),
    );
    expect(chart).not.toBeNull();
    expect(chart!.metric).toEqual({ id: "f1", label: "F1", decimals: 4, direction: "higher" });
    expect(chart!.points.map((p) => [p.rowId, p.costUsd, p.value])).toEqual([
      ["b~submitted", 3, 0.6],
      ["c~submitted", 5, 0.7],
      ["a~submitted", 12, 0.8],
    ]);
    expect(chart!.points[0]).toMatchObject({ name: "System b", tier: "submitted" });
    expect(chart!.xScale).toBe("linear");
  });

  test("a cost spread of 20 times or more puts the cost on a log axis, unless a run cost nothing", () => {
    expect(qualityCostOf(packBoard(board([row("a", 0.8, 0.5), row("b", 0.6, 3), row("c", 0.7, 40)])))!.xScale).toBe("log");
    expect(qualityCostOf(packBoard(board([row("a", 0.8, 0), row("b", 0.6, 3), row("c", 0.7, 40)])))!.xScale).toBe("linear");
  });

  test("absent with fewer than three such rows", () => {
    expect(qualityCostOf(packBoard(board([row("a", 0.8, 12), row("b", 0.6, 3), row("c", null, 5), row("d", 0.7, undefined)])))).toBeNull();
    expect(qualityCostOf(packBoard(board([])))).toBeNull();
  });
});
