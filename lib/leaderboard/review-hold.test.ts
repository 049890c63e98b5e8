import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { markBelowContentless } from "./baseline-marks";
import { holdForReview } from "./review-hold";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import type { Leaderboard, LeaderboardRow } from "./types";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";

function row(slug: string, score: number | null, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return testRow(`${slug}~${over.tier ?? "reported"}`, { systemSlug: slug, systemName: slug, cells: { score: testCell(score) }, ...over });
}
const upload = (slug: string, score: number, over: Partial<LeaderboardRow> = {}) => row(slug, score, { tier: "submitted", submissionId: `s-${slug}`, ...over });
const reference = (slug: string, score: number) => row(slug, score, { kind: "baseline", tier: "rescored" });
const board = (rows: LeaderboardRow[]): Leaderboard => ({
  id: "t",
  title: "t",
  split: "full",
  defaultSort: "score",
  notes: [],
  columns: [{ id: "score", label: "Score", description: "", direction: "higher", decimals: 2, scale: "hundred", kind: "deterministic" }],
  rows,
});
const ranks = (b: Leaderboard) => {
  const view = applyTableQuery(b, DEFAULT_TABLE_QUERY);
  return view.rows.map((r) => [r.systemSlug, view.ranks.get(r.rowId) ?? null]);
};

describe("the review rule", () => {
  test("an upload beating every reported and server-scored row is held, unranked; one below the best is not", () => {
    const held = holdForReview(board([row("gpt", 80), reference("copy", 84), upload("new", 84.01), upload("mid", 70)]), "score");
    expect(held.rows.find((r) => r.systemSlug === "new")!.review).toMatchObject({ state: "pending", reason: expect.stringContaining("copy, 84.00") });
    expect(held.rows.find((r) => r.systemSlug === "mid")!.review ?? null).toBeNull();
    expect(ranks(held)).toEqual([
      ["copy", null],
      ["gpt", 1],
      ["mid", 2],
      ["new", null],
    ]);
  });

  test("equal at the precision shown is not beating; a margin holds a row that comes within it; open-book references are not the bar", () => {
    const rows = [row("gpt", 80), upload("tie", 80.004), upload("close", 79.5)];
    expect(holdForReview(board(rows), "score").rows.map((r) => r.review?.state ?? null)).toEqual([null, null, null]);
    expect(holdForReview(board(rows), "score", { margin: 1 }).rows.map((r) => r.review?.state ?? null)).toEqual([null, "pending", "pending"]);
    const lookup = reference("lookup", 100);
    expect(holdForReview(board([lookup, row("gpt", 80), upload("new", 90)]), "score", { openBookReferenceSlugs: ["lookup"] }).rows[2]!.review?.state).toBe(
      "pending",
    );
    expect(holdForReview(board([lookup, row("gpt", 80), upload("new", 90)]), "score").rows[2]!.review ?? null).toBeNull();
  });

  test("nothing to beat: every upload is held; approved rows rank with their note, rejected ones stay unranked below", () => {
    expect(holdForReview(board([upload("a", 1)]), "score").rows[0]!.review).toMatchObject({
      state: "pending",
      reason: expect.stringContaining("no reported or server-scored row"),
    });
    const decided = holdForReview(
      board([
        row("gpt", 50),
        upload("ok", 90, { review: { state: "approved", reason: null, note: "https://example.org/code" } }),
        upload("no", 95, { review: { state: "rejected", reason: "copied gold", note: null } }),
      ]),
      "score",
    );
    expect(ranks(decided)).toEqual([
      ["ok", 1],
      ["gpt", 2],
      ["no", null],
    ]);
  });
});

describe("contentless reference rows", () => {
  test("one rule for every tier: a paper row, a re-scored run and an upload not beating one are ranked alike, with the mark; the reason's figure at the shown precision", () => {
    const b = markBelowContentless(
      board([
        reference("labels", 30.004577904929555),
        reference("empty", 0),
        row("weak-paper", 20),
        row("weak-rescored", 21, { tier: "rescored" }),
        upload("junk", 29),
        upload("real", 40),
      ]),
      ["labels", "empty"],
      ["score"],
    );
    const mark = { system: "labels", column: "score", value: 30 };
    for (const slug of ["junk", "weak-paper", "weak-rescored"]) expect(b.rows.find((r) => r.systemSlug === slug)!.belowContentless).toEqual(mark);
    expect(b.rows.find((r) => r.systemSlug === "real")!.belowContentless ?? null).toBeNull();
    expect(ranks(b)).toEqual([
      ["real", 1],
      ["labels", null],
      ["junk", 2],
      ["weak-rescored", 3],
      ["weak-paper", 4],
      ["empty", null],
    ]);
  });
});
