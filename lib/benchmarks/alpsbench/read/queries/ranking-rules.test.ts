import { describe, expect, test } from "vitest";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/types";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";
import { withTrackRules } from "./ranking-rules";

const col = (id: string, decimals: number) => ({
  id,
  label: id,
  description: "",
  direction: "higher" as const,
  decimals,
  scale: "unit" as const,
  kind: "deterministic" as const,
});
const row = (slug: string, score: number, precision: number | null, over: Partial<LeaderboardRow> = {}) =>
  testRow(slug, { cells: { algo_score_100: testCell(score), precision: testCell(precision) }, ...over });
const board = (rows: LeaderboardRow[]): Leaderboard => ({
  id: "task1",
  title: "t",
  split: "full",
  defaultSort: "algo_score_100",
  notes: [],
  columns: [col("algo_score_100", 2), col("precision", 4)],
  rows,
});

describe("the review hold on every column a board can be sorted by (review-pass 13)", () => {
  test("a precision-only upload (low headline, precision 1) is held: it would rank #1 under ?sort=precision unreviewed", () => {
    const ruled = withTrackRules(board([row("paper", 60, 0.7), row("few-items", 20, 1, { tier: "submitted", submissionId: "s1" })]), "task1");
    expect(ruled.rows[1]!.review).toMatchObject({ state: "pending", reason: expect.stringContaining("precision") });
  });

  test("below the bar on every column: not held; a column no reference row has a figure on holds nothing", () => {
    const ruled = withTrackRules(board([row("paper", 60, 0.7), row("honest", 50, 0.6, { tier: "submitted", submissionId: "s1" })]), "task1");
    expect(ruled.rows[1]!.review ?? null).toBeNull();
    const noBar = withTrackRules(board([row("paper", 60, null), row("honest", 50, 0.9, { tier: "submitted", submissionId: "s1" })]), "task1");
    expect(noBar.rows[1]!.review ?? null).toBeNull();
  });
});
