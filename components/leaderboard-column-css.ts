/*
 * What used to be written on every body cell of the leaderboard table, written once per column instead: a
 * style sheet of `:nth-child` rules for the table's visible columns (the table renders it next to itself).
 * A 50-row page carried each cell's column id, value and classes (60-90 KB of a 1,000-system board's HTML,
 * scripts/bench/README.md); a cell is now its text. Pure: no DOM, the same string on the server and the client.
 */

/** One visible leaf column of the table, in order (the Rank cell is child 1, the System cell child 2). */
export type CssColumn =
  | { role: "rank" | "system" }
  | { role: "ci"; groupStart: boolean }
  | {
      role: "metric";
      /** a group's first column: a rule on its left, as in the header */
      groupStart: boolean;
      /** a judge metric's missing value reads "not judged", a deterministic one's "not reported" */
      judge: boolean;
      /** decimals of the column's "±" slot when some row of the column has a CI (the slot keeps values aligned), else null */
      slot: number | null;
    };

/** The width of "±0.0000" for `decimals` digits, in the slot's own font (tabular digits are 1ch each). */
const slotWidth = (decimals: number) => `${decimals + (decimals > 0 ? 3 : 2)}ch`;

/**
 * The table's column rules, scoped to `table[data-lb="<scope>"]`. The scope is a React id: any characters but a
 * quote or a backslash may appear in it, and an attribute selector quotes it, so it is escaped for those only.
 */
export function columnCss(scope: string, columns: readonly CssColumn[]): string {
  const table = `table[data-lb="${scope.replace(/["\\]/g, (c) => `\\${c}`)}"]`;
  const rules: string[] = [];
  columns.forEach((column, i) => {
    const cell = `${table}>tbody>tr>:nth-child(${i + 1})`;
    if ((column.role === "metric" || column.role === "ci") && column.groupStart) rules.push(`${cell}{border-left:1px solid var(--color-line)}`);
    if (column.role !== "metric") return;
    // the dash is drawn; screen readers read the words (CSS generated content with alternative text)
    if (column.judge) rules.push(`${cell}:empty::before{content:"\\2014"/"not judged"}`);
    if (column.slot !== null) {
      const width = slotWidth(column.slot);
      // a value's "±" and, where a row has no interval (or no value), an empty slot of the same width
      rules.push(
        `${cell}>i{min-width:${width}}`,
        `${cell}:not(:has(>i))::after{content:"";display:inline-block;margin-left:.25rem;font-size:.6875rem;width:${width}}`,
      );
    }
  });
  return rules.join("\n");
}
