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

  test("columns that take the same style share one rule: its size does not grow with the columns", () => {
    const judged = (n: number) =>
      columnCss("_R_1_", [
        { role: "rank" },
        { role: "system" },
        ...Array.from({ length: n }, (_, i) => ({ role: "metric" as const, groupStart: i % 2 === 0, judge: true, slot: i < n / 2 ? 4 : 2 })),
      ]);
    const css = judged(14);
    const scope = 'table[data-lb="_R_1_"]>tbody>tr>';
    expect(css.split("\n")).toHaveLength(6);
    expect(css).toContain(`${scope}:is(:nth-child(3),:nth-child(5),:nth-child(7),:nth-child(9),:nth-child(11),:nth-child(13),:nth-child(15)){border-left:`);
    expect(css).toContain(`${scope}:is(${Array.from({ length: 14 }, (_, i) => `:nth-child(${i + 3})`).join(",")}):empty::before{content:"\\2014"/"not judged"}`);
    expect(css).toContain(`${scope}:is(:nth-child(3),:nth-child(4),:nth-child(5),:nth-child(6),:nth-child(7),:nth-child(8),:nth-child(9))>i{min-width:7ch}`);
    expect(css).toContain(`${scope}:is(:nth-child(10),:nth-child(11),:nth-child(12),:nth-child(13),:nth-child(14),:nth-child(15),:nth-child(16))>i{min-width:5ch}`);
    // the styles of a Task 4 table (14 judge columns, 6 groups): well under the 5.8 KB a rule per column took
    expect(css.length).toBeLessThan(1600);
  });

  test("the scope is quoted in an attribute selector: a quote or backslash in it cannot end the selector", () => {
    expect(columnCss('a"b\\c', [{ role: "metric", groupStart: true, judge: false, slot: null }])).toBe(
      'table[data-lb="a\\"b\\\\c"]>tbody>tr>:nth-child(1){border-left:1px solid var(--color-line)}',
    );
  });
});
