import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { packBoard } from "@/lib/leaderboard/packed-board";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";
import { qualityCostOf } from "@/lib/leaderboard/charts/quality-cost";
import { QualityCostChart } from "./quality-cost-chart";
import { QualityCostSection } from "./quality-cost-section";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

const row = (slug: string, f1: number, usd: number | null): LeaderboardRow =>
  testRow(`${slug}~submitted`, {
    systemSlug: slug,
    systemName: slug,
    tier: "submitted",
    submissionId: slug,
    systemPage: true,
    ...(usd === null ? {} : { runCost: { usd, tokens: 1000 } }),
    cells: { f1: testCell(f1) },
  });

const board = (rows: LeaderboardRow[]): Leaderboard => ({
  id: "b",
  title: "Board",
  split: "dev",
  defaultSort: "f1",
  columns: [{ id: "f1", label: "F1", description: "", direction: "higher", decimals: 4, scale: "unit", kind: "deterministic" }],
  rows,
  notes: [],
});

const html = (rows: LeaderboardRow[]) => renderToStaticMarkup(createElement(QualityCostSection, { board: packBoard(board(rows)) }));

describe("the board page's quality-versus-cost section", () => {
  test("absent when fewer than three ranked rows report a cost", () => {
    expect(html([row("a", 0.8, 12), row("b", 0.6, 3), row("c", 0.7, null), row("d", 0.5, null)])).toBe("");
    expect(html([])).toBe("");
  });

  test("present with three, waiting to load its chart like the other charts", () => {
    const out = html([row("a", 0.8, 12), row("b", 0.6, 3), row("c", 0.7, 5)]);
    expect(out).toContain("data-quality-cost");
    expect(out).toContain('data-lazy-chart="waiting"');
    // no chart code in the server's HTML: the scatter renders in the browser only
    expect(out).not.toContain("data-scatter-chart");
  });

  test("the chart's figure: a log cost axis over a wide spread, said in its caption", () => {
    const chart = qualityCostOf(packBoard(board([row("a", 0.8, 120), row("b", 0.6, 0.5), row("c", 0.7, 5)])))!;
    const out = renderToStaticMarkup(createElement(QualityCostChart, { chart }));
    expect(out).toContain('data-x-scale="log"');
    expect(out).toContain("Quality versus cost");
    expect(out).toContain("on a log scale");
    expect(out).toContain("Data table: Quality versus cost");
  });
});
