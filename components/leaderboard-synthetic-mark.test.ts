import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import { SystemCell } from "./leaderboard-table-cells";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

const row = testRow("upload-1", { systemSlug: "s", systemName: "My method", tier: "submitted", submissionId: "1", systemPage: false });
const html = (r: LeaderboardRow) =>
  renderToStaticMarkup(createElement(SystemCell, { row: r, pinned: false, onTogglePin: () => {}, density: "comfortable", pinnable: false }));

describe("the board's row header", () => {
  test('says "synthetic data" on a row scored on a synthetic evaluation set, and only there', () => {
    expect(html({ ...row, syntheticData: true })).toContain("synthetic data");
    expect(html(row)).not.toContain("synthetic data");
  });
});
