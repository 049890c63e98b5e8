import type { Leaderboard, LeaderboardRow, ResultTier } from "@/lib/leaderboard/types";

/**
 * One leaderboard row as a chart series: a label unique within the chart (tables, tooltips), the short name a
 * chart writes beside its mark (the tier is shown by the mark and its legend, not spelled out in every name),
 * and where its figures come from.
 */
type ChartSeriesKey = { rowId: string; label: string; name: string; systemSlug: string; tier: ResultTier };

const TIER_SUFFIX: Record<ResultTier, string> = { reported: "reported", rescored: "re-scored", verified: "verified", submitted: "submitted", claimed: "claimed" };

/**
 * Labels for rows, unique within one chart. A system with a reported and a re-scored row would otherwise show
 * as two identical names: those get the tier in brackets, and a further duplicate a running number.
 */
export function seriesKeys(rows: readonly LeaderboardRow[]): ChartSeriesKey[] {
  const perSystem = new Map<string, number>();
  for (const row of rows) perSystem.set(row.systemSlug, (perSystem.get(row.systemSlug) ?? 0) + 1);
  const used = new Map<string, number>();
  return rows.map((row) => {
    const base = (perSystem.get(row.systemSlug) ?? 0) > 1 ? `${row.systemName} (${TIER_SUFFIX[row.tier]})` : row.systemName;
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    const number = seen === 1 ? "" : ` #${seen}`;
    return { rowId: row.rowId, label: `${base}${number}`, name: `${row.systemName}${number}`, systemSlug: row.systemSlug, tier: row.tier };
  });
}

/**
 * Is a chart row pinned in the table? A row the charts merged from several reported rows (mergeReportedRows:
 * ids joined with "+", which row ids never contain) is pinned when any of them is.
 */
export function isPinned(rowId: string, pinned: ReadonlySet<string>): boolean {
  return pinned.size > 0 && rowId.split("+").some((id) => pinned.has(id));
}

/**
 * The first `limit` items of a chart (already in the chart's order), and every pinned item whatever its place:
 * a row pinned in the table is always drawn. Pinned items take their room from the limit.
 */
export function topWithPinned<T extends { pinned: boolean }>(sorted: readonly T[], limit: number): T[] {
  let room = Math.max(0, limit - sorted.filter((item) => item.pinned).length);
  return sorted.filter((item) => item.pinned || room-- > 0);
}

/** A cell's value when it is a finite number, else null. */
export function cellValue(row: LeaderboardRow, columnId: string): number | null {
  const value = row.cells[columnId]?.value;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A cell's 95% interval [low, high] when both bounds are finite numbers, else null (reported figures have none). */
export function cellInterval(row: LeaderboardRow, columnId: string): [number, number] | null {
  const cell = row.cells[columnId];
  const { ciLow, ciHigh } = cell ?? {};
  return typeof ciLow === "number" && typeof ciHigh === "number" && Number.isFinite(ciLow) && Number.isFinite(ciHigh) ? [ciLow, ciHigh] : null;
}

/** "3 reported, 2 re-scored": the source tiers of the rows a chart draws, for its caption. */
export function tierSummary(tiers: readonly ResultTier[]): string {
  if (tiers.length === 0) return "no rows";
  const counts = new Map<ResultTier, number>();
  for (const tier of tiers) counts.set(tier, (counts.get(tier) ?? 0) + 1);
  const order: ResultTier[] = ["reported", "rescored", "verified", "submitted", "claimed"];
  return order
    .filter((tier) => counts.has(tier))
    .map((tier) => `${counts.get(tier)} ${TIER_SUFFIX[tier]}`)
    .join(", ");
}

/** Does the board have a column with this id? Charts must not silently read metrics a view does not carry. */
export function requireColumn(board: Leaderboard, columnId: string): void {
  if (!board.columns.some((c) => c.id === columnId)) throw new Error(`chart needs column "${columnId}", which view "${board.id}" does not have`);
}

/**
 * Charts draw at most this many systems, the best by the chart's own order; the caption says how many there
 * are and the table above lists them all. A page with a thousand systems must not ship a thousand-row chart.
 */
export const CHART_ROW_LIMIT = 40;

/** The caption's note when a chart draws fewer systems than it has: empty when it draws them all. */
export function shownNote(shown: number, total: number, order: string): string {
  return shown < total ? `Showing the top ${shown} of ${total} systems by ${order}; the table lists them all. ` : "";
}

/** Mean of the numbers present, or null when none are. */
export function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

/**
 * Reported figures for one system can come from several sources (the site's table and a paper table), each
 * its own row in the table. A chart wants one profile per system: such rows are merged when they share no
 * metric. If two sources give the same metric, the rows stay apart, so no source's figure is dropped.
 * Re-scored and verified rows are separate runs and are never merged.
 */
export function mergeReportedRows(board: Leaderboard): Leaderboard {
  const groups = new Map<string, LeaderboardRow[]>();
  for (const row of board.rows) {
    if (row.tier !== "reported") continue;
    groups.set(row.systemSlug, [...(groups.get(row.systemSlug) ?? []), row]);
  }
  const merged = new Map<string, LeaderboardRow>();
  const absorbed = new Set<string>();
  for (const rows of groups.values()) {
    if (rows.length < 2) continue;
    const columns = rows.flatMap((r) => Object.keys(r.cells).filter((c) => cellValue(r, c) !== null));
    if (new Set(columns).size !== columns.length) continue;
    const [first, ...rest] = rows as [LeaderboardRow, ...LeaderboardRow[]];
    const cells = Object.assign({}, ...rows.map((r) => Object.fromEntries(Object.entries(r.cells).filter(([c]) => cellValue(r, c) !== null))));
    merged.set(first.rowId, {
      ...first,
      rowId: rows.map((r) => r.rowId).join("+"),
      sourceLabel:
        rows
          .map((r) => r.sourceLabel)
          .filter(Boolean)
          .join("; ") || null,
      cells,
    });
    for (const r of rest) absorbed.add(r.rowId);
  }
  return { ...board, rows: board.rows.filter((r) => !absorbed.has(r.rowId)).map((r) => merged.get(r.rowId) ?? r) };
}
