import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ScoreNotes, ScoreTable, type ScoreRow } from "./score-table";

// issue 38 item 5: the rows arrive as tuples and point at notes shipped once per page; the markup stays a full table
const notes = ["Mean per-instance score.", "Judge profile X"];
const rows: ScoreRow[] = [
  ["Score", 0, "40.07", "[38.94, 41.15]", "2,272"],
  ["EI", 0, "0.50", "[0.40, 0.60]", "10", 1],
];
const html = renderToStaticMarkup(createElement(ScoreNotes, { notes, children: createElement(ScoreTable, { caption: "Task 1", rows }) }));

describe("a system page's score table", () => {
  test("draws each row's metric note, judge profile, value, interval (column and phone copy) and n", () => {
    expect(html).toContain('<span title="Mean per-instance score.">Score</span>');
    expect(html).toContain('<span class="judge-badge" title="Judge profile X">judge</span>');
    expect(html).toContain(
      '<td class="num lead">40.07<span class="ci-under">[38.94, 41.15]</span></td><td class="num ci">[38.94, 41.15]</td><td class="num">2,272</td>',
    );
    expect(html.match(/<tr>/g)?.length).toBe(3);
  });
});
