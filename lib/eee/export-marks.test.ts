import { describe, expect, test } from "vitest";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import { exportable, linksOf, marksOf } from "./export-marks";

const row = (extra: Partial<LeaderboardRow>): LeaderboardRow => ({
  rowId: "r1",
  systemSlug: "mem-sys",
  systemName: "Mem Sys",
  organisation: null,
  kind: "memory_system",
  backbone: null,
  openWeights: null,
  tier: "submitted",
  sourceLabel: null,
  sourceUrl: null,
  note: null,
  submissionId: "s1",
  packUrl: "/api/v1/submissions/s1/pack",
  cells: {},
  ...extra,
});

describe("export marks", () => {
  test("held, rejected and flagged rows are not exported; approved, clean and unreviewed-but-not-held rows are", () => {
    expect(exportable(row({ review: { state: "pending", reason: "beats all", note: null } }))).toBe(false);
    expect(exportable(row({ review: { state: "rejected", reason: "copy", note: null } }))).toBe(false);
    expect(exportable(row({ flag: { label: "a check", detail: "what it found" } }))).toBe(false);
    // a checked, clean run: its benchmark's fields without a flag
    expect(exportable(row({ extras: { check_flagged: false } }))).toBe(true);
    expect(exportable(row({ review: { state: "approved", reason: null, note: "code at x" } }))).toBe(true);
    expect(exportable(row({}))).toBe(true);
  });

  test("every mark the board shows is carried, with the reason a row takes no rank", () => {
    const marks = marksOf(
      row({
        review: { state: "approved", reason: null, note: "code at x" },
        belowBaseline: { system: "Copy the input", column: "Score", value: 83.71 },
        belowContentless: { system: "Labels only", column: "F1", value: 46.14 },
        coverage: { covered: 10, expected: 20 },
        extras: { check_flagged: false, check_share: 0.1, check_detail: null },
      }),
    );
    expect(marks).toMatchObject({
      review_state: "approved",
      review_note: "code at x",
      // the benchmark's own fields, unrounded, between the review and the reference marks
      check_flagged: false,
      check_share: 0.1,
      below_baseline: "Copy the input (Score 83.71)",
      below_contentless: "Labels only (F1 46.14)",
      covered_instances: 10,
      expected_instances: 20,
    });
    expect(Object.keys(marks).slice(0, 5)).toEqual(["review_state", "review_note", "check_flagged", "check_share", "check_detail"]);
    // below a contentless reference a row keeps its rank, with the mark (one rule for every tier: issue 39 #2)
    expect(marks.unranked_reason).toBeNull();
    expect(marksOf(row({ kind: "baseline" })).unranked_reason).toContain("reference baseline");
    expect(marksOf(row({ syntheticData: true })).unranked_reason).toContain("synthetic");
    expect(marksOf(row({})).unranked_reason).toBeNull();
  });

  test("links are written with the origin; a row without a system page links none; an empty origin leaves them relative", () => {
    expect(linksOf(row({}), "https://b.example")).toEqual({
      system_url: "https://b.example/systems/mem-sys",
      pack_url: "https://b.example/api/v1/submissions/s1/pack",
      items_url: undefined,
    });
    expect(linksOf(row({ systemPage: false, packUrl: null }), "https://b.example")).toEqual({ system_url: undefined, pack_url: undefined, items_url: undefined });
    expect(linksOf(row({}), "").system_url).toBe("/systems/mem-sys");
  });
});
