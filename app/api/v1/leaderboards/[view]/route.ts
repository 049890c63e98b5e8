import { stringify } from "csv-stringify/sync";
import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { getView } from "@/lib/db/queries/view";
import { parseScope } from "@/lib/leaderboard/scope";
import { leaderboardRecords } from "@/lib/leaderboard/to-table";
import { VIEW_SLUGS, viewFromSlug } from "@/lib/leaderboard/views";

export const dynamic = "force-dynamic";

/** GET /api/v1/leaderboards/{view}[?format=csv&benchmark=…&split=…] */
export async function GET(request: NextRequest, context: { params: Promise<{ view: string }> }) {
  const { view: slug } = await context.params;
  const view = viewFromSlug(slug);
  if (!view) {
    return NextResponse.json(
      { error: { code: "not_found", message: `Unknown leaderboard "${slug}". Known: ${VIEW_SLUGS.join(", ")}.` } },
      { status: 404 },
    );
  }
  const params = Object.fromEntries(request.nextUrl.searchParams.entries());
  const format = params.format ?? "json";
  if (format !== "json" && format !== "csv") {
    return NextResponse.json({ error: { code: "bad_request", message: `format must be json or csv, not "${format}".` } }, { status: 400 });
  }
  const scope = parseScope(params);
  const board = await getView(db(), view, scope);
  const records = leaderboardRecords(board);
  if (format === "csv") {
    // Booleans as words: csv-stringify's default writes false as an empty cell, indistinguishable from null.
    const csv = stringify(records, {
      header: true,
      columns: Object.keys(records[0] ?? { system: null }),
      cast: { boolean: (value) => (value ? "true" : "false") },
    });
    return new NextResponse(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="alpsbench-${view.id}-${scope.benchmark}-${scope.split}.csv"`,
      },
    });
  }
  return NextResponse.json({
    leaderboard: view.id,
    title: board.title,
    benchmark: scope.benchmark,
    split: scope.split,
    columns: board.columns,
    rows: records,
  });
}
