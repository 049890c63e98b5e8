import { describe, expect, test } from "vitest";
import { testCell, testRow } from "@/tests/fixtures/leaderboard-rows";
import { beats, markBelowContentless } from "./baseline-marks";
import { formatMetric } from "./format";
import { competitionRanks } from "./rank";
import { holdForReview } from "./review-hold";
import { shownKey } from "./round";
import type { Leaderboard, LeaderboardRow } from "./types";

// 55.055 is shown "55.05" (its double is just under the half), but Math.round(55.055 * 100) is 5506: the old key
const HALF = 55.055;
const column = {
  id: "score",
  label: "Score",
  description: "",
  direction: "higher" as const,
  decimals: 2,
  scale: "hundred" as const,
  kind: "deterministic" as const,
};
const board = (rows: LeaderboardRow[]): Leaderboard => ({ id: "t", title: "t", split: "full", defaultSort: "score", notes: [], columns: [column], rows });
const row = (slug: string, score: number, over: Partial<LeaderboardRow> = {}) =>
  testRow(`${slug}~${over.tier ?? "reported"}`, { systemSlug: slug, systemName: slug, cells: { score: testCell(score) }, ...over });

describe("equal at the precision shown is keyed on what is shown", () => {
  test("the example of the review: shown 55.05, keyed 5505", () => {
    expect(formatMetric(HALF, 2)).toBe("55.05");
    expect(shownKey(HALF, 2)).toBe(5505);
    expect(shownKey(-0.0001, 2)).toBe(0);
    expect(Object.is(shownKey(-0.0001, 2), -0)).toBe(false);
  });

  test("two values with the same shown string always have the same key, and different strings different keys", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 5000; i++) {
      const d = i % 4;
      // values with one extra decimal, a half of the last shown digit: where the two roundings disagree
      const v = Number((random() * 100).toFixed(d)) + 5 * 10 ** -(d + 1);
      const shown = formatMetric(v, d)!;
      expect(shownKey(v, d)).toBe(Number(shown.replace(".", "")));
    }
  });

  test("ranks: two rows shown 55.05 share rank 1", () => {
    const ranks = competitionRanks(
      [
        { id: "a", value: HALF },
        { id: "b", value: 55.05 },
      ],
      "higher",
      2,
    );
    expect([ranks.get("a"), ranks.get("b")]).toEqual([1, 1]);
  });

  test("the review hold: an upload shown equal to the bar reaches it and is held", () => {
    expect(beats(HALF, 55.05, column)).toBe(false);
    const held = holdForReview(board([row("gpt", HALF), row("new", 55.05, { tier: "submitted", submissionId: "s-new" })]), "score");
    expect(held.rows[1]!.review?.state).toBe("pending");
  });

  test("the below-reference mark: a row shown equal to the contentless reference does not beat it", () => {
    const marked = markBelowContentless(board([row("nothing", 55.05, { kind: "baseline", tier: "rescored" }), row("sys", HALF)]), ["nothing"], ["score"]);
    expect(marked.rows[1]!.belowContentless).toMatchObject({ system: "nothing", value: 55.05 });
  });
});
