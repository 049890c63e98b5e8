import { describe, expect, test } from "vitest";
import { columnCss } from "./leaderboard-column-css";

describe("column styles of the leaderboard table", () => {
  test("a rule per column that needs one, by its position among a row's cells", () => {
    const css = columnCss("_R_1_", [
      { role: "rank" },
      { role: "system" },
      { role: "metric", groupStart: true, judge: false, slot: 4 },
      { role: "metric", groupStart: false, judge: true, slot: null },
      { role: "ci", groupStart: false },
    ]);
    const scope = 'table[data-lb="_R_1_"]>tbody>tr>';
    // the first metric (third cell): its group's rule and a "±0.0000" slot (7 characters) for values without an interval
    expect(css).toContain(`${scope}:nth-child(3){border-left:1px solid var(--color-line)}`);
    expect(css).toContain(`${scope}:nth-child(3)>i{min-width:7ch}`);
    expect(css).toContain(`${scope}:nth-child(3):not(:has(>i))::after{`);
    // the judge metric's missing value reads "not judged"; no group rule, no slot
    expect(css).toContain(`${scope}:nth-child(4):empty::before{content:"\\2014"/"not judged"}`);
    expect(css).not.toMatch(/nth-child\(4\)(\{border|>i)/);
    // rank, system and the CI column get nothing
    expect(css).not.toMatch(/nth-child\([125]\)/);
  });

  test("the scope is quoted in an attribute selector: a quote or backslash in it cannot end the selector", () => {
    expect(columnCss('a"b\\c', [{ role: "metric", groupStart: true, judge: false, slot: null }])).toBe(
      'table[data-lb="a\\"b\\\\c"]>tbody>tr>:nth-child(1){border-left:1px solid var(--color-line)}',
    );
  });
});
