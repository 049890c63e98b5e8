import type { OwnPipeline, ReadAnswer } from "@/lib/benchmarks/types";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { applyTableQuery, unknownColumnsIssue } from "@/lib/leaderboard/apply-table-query";
import { DownloadFormat, parseViewParams } from "@/lib/leaderboard/download-format";
import { scopeOf, serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { viewColumns, viewCsv, viewRecords } from "@/lib/leaderboard/to-table";
import { OVERVIEW, VIEW_SLUGS, viewFromSlug } from "@/lib/benchmarks/alpsbench/read/views";
import { ApiError } from "@/lib/http/api-error";

export const badRequest = (issues: string[]): ReadAnswer => ({ kind: "error", error: new ApiError("bad_request", issues.join("; "), { issues }) });

/** format=eee: the Every Eval Ever zip of the query's scope. */
export const eeeAnswer = (query: TableQuery): ReadAnswer => ({
  kind: "eee",
  scope: { dataVersion: query.benchmark, split: query.split, ...(query.version ? { scoreVersion: query.version } : {}) },
});

/**
 * One AlpsBench table view exactly as the page with the same query shows it (filters, sort, rank, columns, pins),
 * through the same pure function: `GET /api/v1/leaderboards/{view}` (the URLs from before there were several
 * benchmarks) and `GET /api/v1/leaderboards/alpsbench[/{view}]` ("" is the overview).
 */
export const alpsBenchViewAnswer: NonNullable<OwnPipeline["viewAnswer"]> = async (db, viewId, search) => {
  const slug = viewId === "" ? OVERVIEW.id : viewId;
  const view = viewFromSlug(slug);
  if (!view) return { kind: "error", error: new ApiError("not_found", `Unknown leaderboard "${slug}". Known: ${VIEW_SLUGS.join(", ")}.`) };
  const parsed = parseViewParams(DownloadFormat, search);
  if (!parsed.ok) return badRequest(parsed.issues);
  const { format, query } = parsed;
  if (format === "eee") return eeeAnswer(query);
  const board = await getView(db, view, scopeOf(query));
  const table = applyTableQuery(board, query);
  const columnsIssue = unknownColumnsIssue(board, table);
  if (columnsIssue) return badRequest([columnsIssue]);
  const name = `alpsbench-${view.id}-${query.benchmark}-${query.split}${query.version ? `-${query.version}` : ""}`;
  if (format === "csv") return { kind: "csv", text: viewCsv(table), filename: `${name}.csv` };
  return {
    kind: "json",
    body: {
      leaderboard: view.id,
      title: board.title,
      benchmark: query.benchmark,
      split: query.split,
      scoreVersion: query.version ?? "latest",
      /** the normalised query: append it to /api/v1/leaderboards/{view}? or the page's path to get this view */
      query: serializeTableQuery(query),
      sort: table.sort,
      rankedBy: table.rankColumn?.id ?? null,
      total: table.total,
      columns: viewColumns(table),
      rows: viewRecords(table),
      notes: board.notes,
    },
    filename: `${name}.json`,
    inline: true,
  };
};
