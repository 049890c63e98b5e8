import { describe, expect, test } from "vitest";
import { applyTableQuery } from "./apply-table-query";
import { markBelowContentless } from "./baseline-marks";
import { holdForReview, withoutHeldRows } from "./review-hold";
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
  test("an upload reaching the best ranked row is held and left off the public board; one below it is not", () => {
    const held = holdForReview(board([row("gpt", 80), reference("copy", 84), upload("new", 84.01), upload("mid", 70)]), "score");
    expect(held.rows.find((r) => r.systemSlug === "new")!.review).toMatchObject({ state: "pending", reason: expect.stringContaining("gpt, 80.00") });
    expect(held.rows.find((r) => r.systemSlug === "mid")!.review ?? null).toBeNull();
    // the held row is shown to its owner and the moderators only: not on the public board, nor in its count
    expect(ranks(held)).toEqual([
      ["copy", null],
      ["gpt", 1],
      ["mid", 2],
    ]);
    expect(applyTableQuery(held, { ...DEFAULT_TABLE_QUERY, pin: [held.rows[2]!.rowId] }).rows.map((r) => r.systemSlug)).not.toContain("new");
    expect(applyTableQuery(held, DEFAULT_TABLE_QUERY).total).toBe(3);
    expect(withoutHeldRows(held).rows.map((r) => r.systemSlug)).toEqual(["gpt", "copy", "mid"]);
  });

  test("a reference row above every ranked row does not lift the bar: a file just under copy-the-input is held (issue 39, 83.66 vs 83.71)", () => {
    const b = holdForReview(board([row("gpt", 81.49), reference("copy", 83.71), upload("trimmed-copy", 83.66)]), "score");
    expect(b.rows[2]!.review).toMatchObject({ state: "pending", reason: expect.stringContaining("gpt, 81.49") });
    // with no ranked row at all, the best reference row is the bar
    const onlyRefs = holdForReview(board([reference("copy", 83.71), upload("a", 83.66), upload("b", 83.72)]), "score");
    expect(onlyRefs.rows.map((r) => r.review?.state ?? null)).toEqual([null, null, "pending"]);
  });

  test("equal at the precision shown is held like a row above it; a margin holds a row that comes within it; open-book references are not the bar", () => {
    const rows = [row("gpt", 80), upload("tie", 80.004), upload("close", 79.5)];
    expect(holdForReview(board(rows), "score").rows.map((r) => r.review?.state ?? null)).toEqual([null, "pending", null]);
    expect(holdForReview(board(rows), "score", { margin: 1 }).rows.map((r) => r.review?.state ?? null)).toEqual([null, "pending", "pending"]);
    const lookup = reference("lookup", 100);
    expect(holdForReview(board([lookup, row("gpt", 80), upload("new", 90)]), "score", { openBookReferenceSlugs: ["lookup"] }).rows[2]!.review?.state).toBe(
      "pending",
    );
  });

  test("a flagged row (its benchmark's check, or a copy) is never ranked, so it is not held: listed on request with its mark", () => {
    const copy = upload("copy", 99, { unranked: { reason: 'A copy of "gpt"' } });
    const checked = upload("checked", 98, { flag: { label: "a check", detail: "what it found" } });
    const b = holdForReview(board([row("gpt", 80), copy, checked]), "score");
    expect(b.rows[1]!.review ?? null).toBeNull();
    expect(b.rows[2]!.review ?? null).toBeNull();
    expect(ranks(b)).toEqual([["gpt", 1]]);
  });

  test("a flagged server-scored row is no bar: an upload beating only it is held against the honest rows, or not at all", () => {
    const flaggedRun = row("leak", 95, { tier: "rescored", flag: { label: "a check", detail: "what it found" } });
    const b = holdForReview(board([row("gpt", 80), flaggedRun, upload("new", 90), upload("low", 70)]), "score");
    // the bar is gpt's 80, not the flagged run's 95: 90 reaches it
    expect(b.rows.find((r) => r.systemSlug === "new")!.review).toMatchObject({ state: "pending", reason: expect.stringContaining("gpt, 80.00") });
    expect(b.rows.find((r) => r.systemSlug === "low")!.review ?? null).toBeNull();
  });

  test("a claimed figure (imported from another party's file) is reviewed like an upload", () => {
    const claim = row("claim", 99.9, { tier: "claimed", submissionId: "s-claim" });
    const b = holdForReview(board([row("gpt", 80), claim]), "score");
    expect(b.rows[1]!.review?.state).toBe("pending");
    expect(ranks(b)).toEqual([["gpt", 1]]);
    const approved = holdForReview(board([row("gpt", 80), { ...claim, review: { state: "approved", reason: null, note: "https://example.org" } }]), "score");
    expect(ranks(approved)).toEqual([
      ["claim", 1],
      ["gpt", 2],
    ]);
  });

  test("the held row's reason ends with the benchmark's declared reason, or the platform's own when it declares none", () => {
    const rows = [row("gpt", 80), upload("new", 90)];
    expect(holdForReview(board(rows), "score", { reason: "the gold is public" }).rows[1]!.review!.reason).toMatch(/; the gold is public\.$/);
    const generic = holdForReview(board(rows), "score").rows[1]!.review!.reason!;
    expect(generic).toMatch(/; a moderator checks a new best before it is ranked\.$/);
    expect(generic).not.toContain("gold");
  });

  test("nothing to beat: every upload is held; approved rows rank with their note, rejected ones are left off", () => {
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
