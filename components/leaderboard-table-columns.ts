import { columnVisibilityFeature, createColumnHelper, metaHelper, rowSortingFeature, tableFeatures, type ColumnDef } from "@tanstack/react-table";
import { SYSTEM_SORT } from "@/lib/leaderboard/table-state";
import type { LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";

/** The leaderboard table's columns as TanStack defines them: Rank, System, each metric and its CI column. */

type ColumnMeta =
  | { role: "rank" }
  | { role: "system" }
  | { role: "metric"; metric: LeaderboardColumn; index: number; groupStart: boolean }
  | { role: "ci"; metric: LeaderboardColumn };

// Module scope: TanStack v9 wants a stable features object (it is the table's plugin registry).
export const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<ColumnMeta>(),
});
export type Features = typeof features;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one array holds columns of different value types (TanStack's own advice)
type Col = ColumnDef<Features, LeaderboardRow, any>;

const helper = createColumnHelper<Features, LeaderboardRow>();

const RANK_ID = "__rank";
export const ciId = (metricId: string) => `${metricId}__ci`;

function metricColumns(metric: LeaderboardColumn, index: number, groupStart: boolean): Col[] {
  return [
    helper.accessor((row) => row.cells[metric.id]?.value ?? undefined, {
      id: metric.id,
      header: metric.label,
      meta: { role: "metric", metric, index, groupStart },
    }),
    helper.display({ id: ciId(metric.id), header: "95% CI", enableSorting: false, meta: { role: "ci", metric } }),
  ];
}

/** Rank, System, then the metric columns (each followed by its CI column); a shared `group` becomes one group header. */
export function buildColumns(metrics: readonly LeaderboardColumn[]): Col[] {
  const out: Col[] = [
    helper.display({ id: RANK_ID, header: "Rank", enableSorting: false, meta: { role: "rank" } }),
    helper.accessor("systemName", { id: SYSTEM_SORT, header: "System", meta: { role: "system" } }),
  ];
  let i = 0;
  while (i < metrics.length) {
    const first = metrics[i]!;
    if (first.group === undefined) {
      out.push(...metricColumns(first, i, i > 0));
      i += 1;
      continue;
    }
    const start = i;
    const children: Col[] = [];
    while (i < metrics.length && metrics[i]!.group === first.group) {
      children.push(...metricColumns(metrics[i]!, i, i === start));
      i += 1;
    }
    out.push(helper.group({ id: `__group:${start}:${first.group}`, header: first.group, columns: children }));
  }
  return out;
}
