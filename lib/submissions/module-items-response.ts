import { stringify } from "csv-stringify/sync";
import { NextResponse } from "next/server";
import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { Db } from "@/lib/db/create-client";
import { allModuleItems, mayReadModuleItems } from "@/lib/db/queries/module-items";
import { type Viewer } from "@/lib/db/queries/submission-status";
import { csvSafeString } from "@/lib/security/csv-safe";
import { shownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { ApiError, apiErrorAnswer, type ApiErrorCode } from "@/lib/http/api-error";

const error = (code: ApiErrorCode, message: string) => apiErrorAnswer(new ApiError(code, message, {}, { "cache-control": "no-store" }));

/**
 * The answer of GET /api/v1/submissions/{id}/items (the route only authenticates): the per-item rows of an upload
 * to a benchmark module (one row per PersonalLLM user), the item key then the figures the track declares
 * (TrackDefinition.itemRows), in the scorer's order. Its owner and admins may always read them; anyone else only
 * when the upload is public and the track declares its items public (mayReadModuleItems). A private upload
 * answers 404 to others, like its status page.
 */
export async function moduleItemsResponse(db: Db, id: string, viewer: Viewer, format: "json" | "csv"): Promise<Response> {
  const submission = await shownSubmissionStatus(db, id, viewer);
  if (!submission) return error("not_found", `No submission "${id}" (or it is private).`);
  const hosted = getBenchmark(submission.benchmark);
  const itemRows = hosted && capabilitiesOf(hosted).itemRows(submission.track, submission.split);
  if (!hosted || !itemRows)
    return error(
      "not_found",
      `Submission "${id}" has no per-item rows (only uploads to a benchmark module's track with item rows have, on a split whose gold is public).`,
    );
  const { track: trackId, decl } = itemRows;
  if (!mayReadModuleItems(submission, viewer, decl)) {
    return error("forbidden", `The per-item rows of submission "${id}" are visible to its owner only (the ${trackId} track keeps its items private).`);
  }
  if (submission.status !== "done") return error("conflict", `Submission "${id}" is ${submission.status}: its per-item rows exist once it is done.`);
  const rows = await allModuleItems(db, submission.id);
  const columns = ["item", ...decl.columns.map((c) => c.id)];
  const records = rows.map((r) => Object.fromEntries(columns.map((c) => [c, c === "item" ? r.itemKey : (r.figures[c] ?? null)])));
  const filename = `${hosted.id}-${submission.id}-items`;
  if (format === "csv") {
    const csv = stringify(records, { header: true, columns, cast: { boolean: (v) => (v ? "true" : "false"), string: csvSafeString } });
    return new NextResponse(csv, {
      headers: { "cache-control": "no-store", "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}.csv"` },
    });
  }
  return NextResponse.json(
    {
      submission: submission.id,
      benchmark: hosted.id,
      track: trackId,
      scoreVersion: rows[0]?.scoreVersion ?? submission.scorerVersion,
      total: rows.length,
      columns,
      rows: records,
    },
    { headers: { "cache-control": "no-store", "content-disposition": `inline; filename="${filename}.json"` } },
  );
}
