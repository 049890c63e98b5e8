import { matchesFactFilter, parseSearchOperators, type FactFilter } from "@/lib/model-facts/filter";
import { competitionRanks } from "./rank";
import { SYSTEM_SORT, type TableQuery } from "./table-state";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, RowExtraField } from "./types";
import { isBaseline } from "./row-kind";
import { heldByReview } from "./review-hold";

/** Rows a page shows before "Show all" (scripts/bench/pages.ts measures a 1,000-system board's pages at this size). */
export const PAGE_ROWS = 50;
/**
 * Rows of a page in the server's HTML (components/leaderboard-table.tsx): a first screen (17-18 compact rows show
 * at 1280x900), and what a visitor without JavaScript sees; the page's other rows are drawn on hydration.
 */
export const FIRST_SCREEN_ROWS = 20;

export interface TableView {
  /** visible metric columns, in the leaderboard's order */
  columns: LeaderboardColumn[];
  /** pinned rows first, then the matching rows, both in sort order */
  rows: LeaderboardRow[];
  /** competition rank of each shown row on `rankColumn` among the shown rows (null: no value) */
  ranks: Map<string, number | null>;
  rankColumn: LeaderboardColumn | null;
  sort: { id: string; desc: boolean };
  pinned: Set<string>;
  /** rows in the leaderboard before any filter */
  total: number;
  /** the sort/cols parameters named columns the view does not have (ignored) */
  unknownColumns: string[];
  /** the benchmark's own row fields its downloads carry (Leaderboard.extraFields) */
  extraFields: readonly RowExtraField[];
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Best first: descending for "higher is better" metrics. */
export function bestFirstDesc(column: LeaderboardColumn): boolean {
  return column.direction === "higher";
}

/**
 * A row its benchmark's check flagged (LeaderboardRow.flag) or found no result of its own (`unranked`, e.g. a copy of
 * another run): listed only on request, never ranked.
 */
export function isFlagged(row: Pick<LeaderboardRow, "flag" | "unranked">): boolean {
  return Boolean(row.flag) || Boolean(row.unranked);
}

export function matchesFilters(row: LeaderboardRow, query: TableQuery): boolean {
  // a row held for review (or rejected) is shown to its owner and the moderators only, never on a public board
  if (heldByReview(row)) return false;
  if (isFlagged(row) && query.flagged !== "1") return false;
  if (query.kind.length > 0 && !(query.kind as readonly string[]).includes(row.kind)) return false;
  if (query.tier.length > 0 && !query.tier.includes(row.tier)) return false;
  if (query.weights === "open" && row.openWeights !== true) return false;
  if (query.weights === "closed" && row.openWeights !== false) return false;
  if (query.org.length > 0 && (row.organisation === null || !query.org.includes(row.organisation))) return false;
  // model facts: the URL's filters, then the search box's operators (`open:yes params:<20`)
  const urlFacts: FactFilter = { open: query.open === "1", licenses: query.license };
  if (query.params_max !== undefined) urlFacts.paramsMax = Number(query.params_max);
  if (!matchesFactFilter(row, urlFacts)) return false;
  const search = parseSearchOperators(query.q);
  if (!matchesFactFilter(row, search.filter)) return false;
  const needle = search.text.trim().toLowerCase();
  if (needle) {
    const haystack = [row.systemName, row.organisation, row.backbone].filter(Boolean).join("\n").toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

/**
 * The values a column's "best" (bold) is chosen among: a reference baseline is never the best system (copy-the-input
 * tops Task 2's Score), and a noised test figure is not comparable with exact ones at their precision.
 */
export function bestCandidates(rows: readonly LeaderboardRow[], columnId: string): { id: string; value: number | null | undefined }[] {
  return rows.map((r) => {
    const cell = r.cells[columnId];
    return { id: r.rowId, value: isBaseline(r) || cell?.noised || unrankedForCause(r) ? null : cell?.value };
  });
}

type Coverage = NonNullable<LeaderboardColumn["coverage"]>;

const coverageOf = (row: LeaderboardRow, coverage: Coverage) => {
  const v = row.cells[coverage.column]?.value;
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
};

/**
 * An upload kept out of the ranking with a stated reason: held for review or rejected (lib/leaderboard/review-hold.ts).
 * A row below a contentless reference is not one: it keeps its rank with its mark, whatever its tier
 * (lib/leaderboard/baseline-marks.ts).
 */
export function unrankedForCause(row: LeaderboardRow): boolean {
  return heldByReview(row);
}

/** May this row take a rank on a column (flagged and reference rows never do; a coverage column: full coverage only)? */
export function rankable(row: LeaderboardRow, column: LeaderboardColumn | null): boolean {
  // a row scored on synthetic data is not comparable with rows scored on the real data
  if (isFlagged(row) || isBaseline(row) || row.syntheticData === true || unrankedForCause(row)) return false;
  return !column?.coverage || coverageOf(row, column.coverage) >= column.coverage.of;
}

/**
 * Missing values last in both directions; on a column with `coverage`, more coverage first (whatever the
 * direction); equal values by system name, then row id, so the order is total.
 */
export function compareRows(a: LeaderboardRow, b: LeaderboardRow, sort: { id: string; desc: boolean }, coverage?: Coverage): number {
  const byName = collator.compare(a.systemName, b.systemName) || (a.rowId < b.rowId ? -1 : a.rowId > b.rowId ? 1 : 0);
  if (sort.id === SYSTEM_SORT) return sort.desc ? -byName : byName;
  const av = a.cells[sort.id]?.value;
  const bv = b.cells[sort.id]?.value;
  const aMissing = av === null || av === undefined || !Number.isFinite(av);
  const bMissing = bv === null || bv === undefined || !Number.isFinite(bv);
  if (aMissing || bMissing) return aMissing && bMissing ? byName : aMissing ? 1 : -1;
  if (coverage) {
    const more = coverageOf(b, coverage) - coverageOf(a, coverage);
    if (more !== 0) return more;
  }
  if (av === bv) return byName;
  return sort.desc ? bv - av : av - bv;
}

const hasValue = (row: LeaderboardRow, id: string) => {
  const v = row.cells[id]?.value;
  return v !== null && v !== undefined && Number.isFinite(v);
};

/**
 * The columns a query shows: the ones it names, or by default every column with a value in at least one row of
 * the view (pinned rows included), so a column that is empty for everything on screen takes no room. Empty
 * columns stay selectable by naming them. A view with no values at all keeps every column (its header).
 */
export function visibleColumns(board: Leaderboard, query: TableQuery): LeaderboardColumn[] {
  const known = new Set(board.columns.map((c) => c.id));
  const wanted = new Set(query.cols.filter((id) => known.has(id)));
  if (wanted.size > 0) return board.columns.filter((c) => wanted.has(c.id));
  const rows = board.rows.filter((r) => (query.pin.includes(r.rowId) && !heldByReview(r)) || matchesFilters(r, query));
  const filled = board.columns.filter((c) => rows.some((r) => hasValue(r, c.id)));
  return filled.length > 0 ? filled : board.columns;
}

/** The sort a query asks for, or the view's default (its headline metric, best first). */
export function resolveSort(board: Leaderboard, query: TableQuery, shownColumns?: LeaderboardColumn[]): { id: string; desc: boolean } {
  if (query.sort === SYSTEM_SORT) return { id: SYSTEM_SORT, desc: query.dir === "desc" };
  // The default is the headline metric, or the first visible column when the headline is hidden.
  const visible = shownColumns ?? visibleColumns(board, query);
  const shown = visible.length > 0 ? visible : board.columns;
  const column = board.columns.find((c) => c.id === query.sort) ?? shown.find((c) => c.id === board.defaultSort) ?? shown[0];
  if (!column) return { id: SYSTEM_SORT, desc: false };
  const explicit = query.sort === column.id ? query.dir : undefined;
  return { id: column.id, desc: explicit ? explicit === "desc" : bestFirstDesc(column) };
}

/**
 * One row per system, tier and flag: the run that is best on `headline` (missing values lose; equal values keep
 * the row that sorts first by name and id, so the choice is stable). Multi-track views are built that way already.
 */
export function bestRunPerSystem(rows: readonly LeaderboardRow[], headline: { id: string; desc: boolean }): LeaderboardRow[] {
  const best = new Map<string, LeaderboardRow>();
  for (const row of rows) {
    // a run held for review or unranked for a cause never hides the system's best ranked run (nor the other way)
    const key = `${row.systemSlug}\u0000${row.tier}\u0000${isFlagged(row) ? "flagged" : ""}\u0000${unrankedForCause(row) ? "unranked" : ""}`;
    const current = best.get(key);
    if (!current || compareRows(row, current, headline) < 0) best.set(key, row);
  }
  const kept = new Set([...best.values()].map((r) => r.rowId));
  return rows.filter((r) => kept.has(r.rowId));
}

/**
 * The one filter/sort/rank function behind the page, the client table and the downloads. Ranks are standard
 * competition ranks (ties share a rank, at the precision shown) on the sorted metric, or on the headline metric
 * while sorted by name, counted among the rows shown that may be ranked (rankable).
 */
export function applyTableQuery(board: Leaderboard, query: TableQuery): TableView {
  const known = new Set(board.columns.map((c) => c.id));
  const unknownColumns = [...(query.sort && query.sort !== SYSTEM_SORT && !known.has(query.sort) ? [query.sort] : []), ...query.cols.filter((id) => !known.has(id))];
  const columns = visibleColumns(board, query);

  const sort = resolveSort(board, query, columns);
  const pinned = new Set(query.pin.filter((id) => board.rows.some((r) => r.rowId === id && !heldByReview(r))));
  const coverage = board.columns.find((c) => c.id === sort.id)?.coverage;
  const cmp = (a: LeaderboardRow, b: LeaderboardRow) => compareRows(a, b, sort, coverage);
  const headline = resolveSort(board, { ...query, sort: undefined, dir: undefined }, columns);
  const candidates = query.runs === "all" ? board.rows : bestRunPerSystem(board.rows, headline);
  const top = board.rows.filter((r) => pinned.has(r.rowId)).sort(cmp);
  const sorted = candidates.filter((r) => !pinned.has(r.rowId) && matchesFilters(r, query)).sort(cmp);
  // a row unranked for a cause (held for review, rejected) is listed
  // below the others, whatever it scores, with its reason: the first rows of a board are always its ranked ones
  const last = unrankedForCause;
  const rest = [...sorted.filter((r) => !last(r)), ...sorted.filter(last)];
  const rows = [...top, ...rest];

  const rankColumn = board.columns.find((c) => c.id === sort.id) ?? board.columns.find((c) => c.id === headline.id) ?? null;
  // Flagged rows are shown on request but never ranked: they would push honest runs down. Reference rows are
  // shown but never ranked, and a coverage column ranks full-coverage rows only (rankable).
  const ranked = rows.filter((r) => rankable(r, rankColumn));
  const ranks = rankColumn
    ? competitionRanks(
        ranked.map((r) => ({ id: r.rowId, value: r.cells[rankColumn.id]?.value })),
        rankColumn.direction,
        rankColumn.decimals,
      )
    : new Map<string, number | null>();
  for (const row of rows) if (!ranks.has(row.rowId)) ranks.set(row.rowId, null);

  const total = board.rows.filter((r) => !heldByReview(r)).length;
  return { columns, rows, ranks, rankColumn, sort, pinned, total, unknownColumns, extraFields: board.extraFields ?? [] };
}

/** Distinct organisations of a leaderboard's rows, for the filter menu. */
export function organisationsOf(board: Leaderboard): string[] {
  return [...new Set(board.rows.map((r) => r.organisation).filter((o): o is string => Boolean(o)))].sort(collator.compare);
}

/**
 * The query after a click on a column header: a new column sorts best first (A to Z for names), the sorted
 * one flips. The default sort is written as no parameter, so the default view keeps the bare URL.
 */
export function withSort(board: Leaderboard, query: TableQuery, id: string, desc?: boolean): TableQuery {
  const current = resolveSort(board, query);
  const column = board.columns.find((c) => c.id === id);
  const nextDesc = desc ?? (current.id === id ? !current.desc : column ? bestFirstDesc(column) : false);
  const fallback = resolveSort(board, { ...query, sort: undefined, dir: undefined });
  if (fallback.id === id && fallback.desc === nextDesc) return { ...query, sort: undefined, dir: undefined };
  return { ...query, sort: id, dir: nextDesc ? "desc" : "asc" };
}

/** Pin or unpin one row. */
export function withPin(query: TableQuery, rowId: string): TableQuery {
  return { ...query, pin: query.pin.includes(rowId) ? query.pin.filter((id) => id !== rowId) : [...query.pin, rowId] };
}

/**
 * Above this many rows the page does not ship the whole leaderboard to the browser: the server applies the
 * query and sends the page of rows it shows, with their ranks, and every change of view asks the server again.
 * One page (PAGE_ROWS): a board that fits on one page filters and sorts in the browser at once; any larger one
 * ships only what is on screen (a 266-row Task 4 board was 1.4 MB of HTML; scripts/bench/README.md).
 */
export const CLIENT_ROWS_LIMIT = PAGE_ROWS;

/** What the server computed for a large leaderboard (see CLIENT_ROWS_LIMIT). */
export interface ServerSlice {
  /** the rank of each row the page was sent, in the order of the packed board's rows */
  ranks: (number | null)[];
  /** rows matching the query (pinned included) */
  matching: number;
  total: number;
  organisations: string[];
  /** the ids of the columns the query shows, computed over every matching row (not only this page) */
  columns: string[];
}

/** The 400 message for `sort`/`cols` naming columns a view does not have, or null (every view API says it alike). */
export function unknownColumnsIssue(board: Pick<Leaderboard, "id" | "columns">, view: Pick<TableView, "unknownColumns">): string | null {
  if (view.unknownColumns.length === 0) return null;
  const named = view.unknownColumns.map((c) => `"${c}"`).join(", ");
  return `sort/cols: view "${board.id}" has no column ${named}. Known: ${board.columns.map((c) => c.id).join(", ")}, system.`;
}
