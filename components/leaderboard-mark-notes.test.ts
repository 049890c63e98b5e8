import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { MARK_SELECTOR, markNote, SystemCell } from "./leaderboard-table-cells";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

// issue 38 item 5: a mark's long note was in the HTML of every marked row (and again in the flight payload)
const row = testRow("r", {
  systemSlug: "s",
  systemName: "Model",
  tier: "rescored",
  reported: { sourceLabel: "Paper, Table 2" } as never,
  belowContentless: { system: "Labels and types only (baseline)", value: "46.14" } as never,
});
const html = renderToStaticMarkup(createElement(SystemCell, { row, pinned: false, onTogglePin: () => {}, density: "compact", pinnable: false }));

describe("the marks beside a system's name", () => {
  test("carry no hover note in the HTML; the note is written from the row on hover", () => {
    expect(html).not.toContain("title=");
    // the marks drawn, by the attributes MARK_SELECTOR names
    const marks = MARK_SELECTOR.split(", ")
      .map((s) => s.slice(1, -1))
      .filter((name) => html.includes(` ${name}=`));
    expect(marks).toEqual(["data-below-contentless", "data-reported-beside"]);
    const notes = marks.map((name) => markNote({ hasAttribute: (a: string) => a === name } as unknown as Element, row));
    expect(notes[0]).toContain('Does not beat the contentless reference row "Labels and types only (baseline)" (46.14)');
    expect(notes[1]).toContain("the authors' reported figures (Paper, Table 2)");
  });
});
