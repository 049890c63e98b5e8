import type { TableQuery } from "./table-state";
import type { LeaderboardColumn } from "./types";

/*
 * A board's detail columns (LeaderboardColumn.detail: PersonalLLM's ten per-reward-model means) are folded away on
 * the page until the reader asks for them: thirteen columns made the board 1,829 px wide at a 1280 px window, its
 * names cut (issue 29). Display only, like `density`: the API and the downloads carry every column. Pure; the
 * browser's table and its toolbar both read it, so the toggle, the column menu and the table agree.
 */

type Column = Pick<LeaderboardColumn, "id" | "detail" | "group">;

/** Whether the table shows the detail columns: asked for (`detail=1`), chosen by name (`cols`), or sorted by one. */
export function detailShown(columns: readonly Column[], query: Pick<TableQuery, "detail" | "cols" | "sort">): boolean {
  if (query.detail === "1" || query.cols.length > 0) return true;
  // a permalink sorted by a folded column shows it: rows ordered by a figure nobody can see read as noise
  return columns.some((c) => c.detail === true && c.id === query.sort);
}

/** The columns the page's table shows of `visible` (the query's columns, apply-table-query.ts visibleColumns). */
export function shownColumns<C extends Column>(visible: readonly C[], query: Pick<TableQuery, "detail" | "cols" | "sort">): C[] {
  if (detailShown(visible, query)) return [...visible];
  const headline = visible.filter((c) => c.detail !== true);
  // a board of detail columns only has nothing else to show
  return headline.length > 0 ? headline : [...visible];
}

/** The toggle's label: the detail columns' group header when they share one ("Mean z per reward model"). */
export function detailLabel(columns: readonly Column[]): string | null {
  const details = columns.filter((c) => c.detail === true);
  if (details.length === 0) return null;
  const groups = new Set(details.map((c) => c.group));
  const [group] = groups;
  return groups.size === 1 && group ? group : "Detail columns";
}

/**
 * The query after the detail toggle: shown, it folds them (dropping them from a `cols` choice, and a sort on one of
 * them, which would show them again); folded, it shows them (added to a `cols` choice, which would leave them out).
 */
export function toggleDetail(columns: readonly Column[], visible: readonly Column[], query: TableQuery): TableQuery {
  const details = columns.filter((c) => c.detail === true).map((c) => c.id);
  const open = visible.some((c) => c.detail === true);
  if (open) {
    const sortedByDetail = query.sort !== undefined && details.includes(query.sort);
    return {
      ...query,
      detail: "0",
      cols: query.cols.filter((id) => !details.includes(id)),
      sort: sortedByDetail ? undefined : query.sort,
      dir: sortedByDetail ? undefined : query.dir,
    };
  }
  if (query.cols.length === 0) return { ...query, detail: "1" };
  const wanted = new Set([...query.cols, ...details]);
  return { ...query, detail: "1", cols: columns.filter((c) => wanted.has(c.id)).map((c) => c.id) };
}
