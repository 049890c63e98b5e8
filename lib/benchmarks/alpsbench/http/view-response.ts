import { NextResponse } from "next/server";
import type { OwnPipeline } from "@/lib/benchmarks/types";
import { getView } from "@/lib/db/queries/view";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { DownloadFormat, parseFormat, VIEW_API_PARAMS } from "@/lib/leaderboard/download-format";
import { parseTableQuery, scopeOf, serializeTableQuery } from "@/lib/leaderboard/table-state";
import { viewColumns, viewCsv, viewRecords } from "@/lib/leaderboard/to-table";
import { OVERVIEW, VIEW_SLUGS, viewFromSlug } from "@/lib/leaderboard/views";

const badRequest = (issues: string[]) => NextResponse.json({ error: { code: "bad_request", message: issues.join("; "), issues } }, { status: 400 });

/**
 * One AlpsBench table view exactly as the page with the same query shows it (filters, sort, rank, columns, pins),
 * through the same pure function: `GET /api/v1/leaderboards/{view}` (the URLs from before there were several
 * benchmarks) and `GET /api/v1/leaderboards/alpsbench[/{view}]` ("" is the overview).
 */
export const alpsBenchViewResponse: OwnPipeline["viewResponse"] = async (db, viewId, search) => {
  const slug = viewId === "" ? OVERVIEW.id : viewId;
  const view = viewFromSlug(slug);
  if (!view) {
    return NextResponse.json({ error: { code: "not_found", message: `Unknown leaderboard "${slug}". Known: ${VIEW_SLUGS.join(", ")}.` } }, { status: 404 });
  }
  const format = parseFormat(DownloadFormat, search);
  const parsed = parseTableQuery(search);
  const unknown = unknownParamsIssue(search, VIEW_API_PARAMS);
  const issues = [...(format.ok ? [] : [format.issue]), ...(parsed.ok ? [] : parsed.issues), ...(unknown ? [unknown] : [])];
  if (!format.ok || !parsed.ok || unknown) return badRequest(issues);
  const query = parsed.query;
  const board = await getView(db, view, scopeOf(query));
  const table = applyTableQuery(board, query);
  if (table.unknownColumns.length > 0) {
    return badRequest([
      `sort/cols: view "${view.id}" has no column ${table.unknownColumns.map((c) => `"${c}"`).join(", ")}. Known: ${board.columns.map((c) => c.id).join(", ")}, system.`,
    ]);
  }
  const name = `alpsbench-${view.id}-${query.benchmark}-${query.split}${query.version ? `-${query.version}` : ""}`;
  if (format.format === "csv") {
    return new NextResponse(viewCsv(table), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}.csv"`,
      },
    });
  }
  return NextResponse.json(
    {
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
    { headers: { "content-disposition": `inline; filename="${name}.json"` } },
  );
};
