/*
 * What would otherwise be written on every body cell of the leaderboard table, written once per column: a
 * style sheet of `:nth-child` rules for the table's visible columns (the table renders it next to itself).
 * A 50-row page carried each cell's column id, value and classes (60-90 KB of a 1,000-system board's HTML,
 * scripts/bench/README.md); a cell is its text. Pure: no DOM, the same string on the server and the client.
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

/** `:nth-child(3)`, or `:is(:nth-child(3),:nth-child(7))` for several cells of a row (the same specificity). */
const nthChildren = (positions: readonly number[]) => {
  const each = positions.map((p) => `:nth-child(${p})`);
  return each.length === 1 ? each[0]! : `:is(${each.join(",")})`;
};

/**
 * The table's column rules, scoped to `table[data-lb="<scope>"]`. The scope is a React id: any characters but a
 * quote or a backslash may appear in it, and an attribute selector quotes it, so it is escaped for those only.
 * One rule per kind of style, listing the columns that take it (a rule per column and style was 5.8 KB of a
 * 14-column Task 4 page).
 */
export function columnCss(scope: string, columns: readonly CssColumn[]): string {
  const table = `table[data-lb="${scope.replace(/["\\]/g, (c) => `\\${c}`)}"]`;
  const groupStarts: number[] = [];
  const judged: number[] = [];
  const slots = new Map<string, number[]>();
  columns.forEach((column, i) => {
    if ((column.role === "metric" || column.role === "ci") && column.groupStart) groupStarts.push(i + 1);
    if (column.role !== "metric") return;
    if (column.judge) judged.push(i + 1);
    if (column.slot !== null) {
      const width = slotWidth(column.slot);
      slots.set(width, [...(slots.get(width) ?? []), i + 1]);
    }
  });
  const cells = (positions: readonly number[]) => `${table}>tbody>tr>${nthChildren(positions)}`;
  const rules: string[] = [];
  if (groupStarts.length > 0) rules.push(`${cells(groupStarts)}{border-left:1px solid var(--color-line)}`);
  // the dash is drawn; screen readers read the words (CSS generated content with alternative text)
  if (judged.length > 0) rules.push(`${cells(judged)}:empty::before{content:"\\2014"/"not judged"}`);
  for (const [width, positions] of slots) {
    // a value's "±" and, where a row has no interval (or no value), an empty slot of the same width
    rules.push(
      `${cells(positions)}>i{min-width:${width}}`,
      `${cells(positions)}:not(:has(>i))::after{content:"";display:inline-block;margin-left:.25rem;font-size:.6875rem;width:${width}}`,
    );
  }
  return rules.join("\n");
}
