import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { countWithheldTestInstances, getDimensionBreakdown, getInstanceBreakdown } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import { currentScoreVersions, findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { dimensionBreakdownCsv, instanceBreakdownCsv } from "@/lib/benchmarks/alpsbench/read/breakdown-csv";
import { apiError, internalError, unauthorized, parseSearchParams } from "../../_lib/http";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  level: z.enum(["instance", "dimension"], { error: "must be instance or dimension" }).default("instance"),
  format: z.enum(["json", "csv"], { error: "must be json or csv" }).default("json"),
  by: z.enum(["domain", "label"], { error: "must be domain or label" }).default("domain"),
});

/**
 * GET /api/v1/submissions/{id}/breakdown?level=instance|dimension&format=json|csv[&by=domain|label]
 *
 * instance: one row per instance {benchmark_id, track, split, predicted, ...metrics}; dimension: per stratum
 * (label domain, or full label with by=label) the mean of each per-instance metric with n. Test-split
 * instances are withheld for everyone but admins (hidden gold; lib/db/queries/submission-breakdown.ts):
 * the JSON says how many in `withheld.test`, the CSV in the X-AlpsBench-Withheld-Test header.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const query = parseSearchParams(request, Query);
  if (!query.ok) return query.response;
  const { level, format, by } = query.data;
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    // a token without the read scope reads as a visitor
    const viewer = readingViewer(user);
    const submission = await findVisibleSubmission(db(), id, viewer);
    if (!submission) return apiError(404, "not_found", `No submission "${id}" (or it is private).`);
    const includeTest = viewer?.role === "admin";
    const versions = await currentScoreVersions(db(), submission.id, submission.scorerVersion);
    const withheldTest = includeTest ? 0 : await countWithheldTestInstances(db(), submission.id, versions);
    const withheld = {
      test: withheldTest,
      ...(withheldTest > 0
        ? { reason: "Per-instance results on the test split are not published: its gold is hidden, and per-instance scores would reveal it." }
        : {}),
    };
    const filename = `alpsbench-${submission.id}-${level}${level === "dimension" ? `-${by}` : ""}`;
    const headers = { "cache-control": "no-store", "x-alpsbench-withheld-test": String(withheldTest) };

    if (level === "instance") {
      const { rows, metrics } = await getInstanceBreakdown(db(), submission.id, versions, includeTest);
      if (format === "csv") {
        // for people: readable headers, figures at their metric's decimals (the JSON keeps ids and full precision)
        return new NextResponse(instanceBreakdownCsv(rows, metrics), {
          headers: { ...headers, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}.csv"` },
        });
      }
      return NextResponse.json(
        { submission: submission.id, status: submission.status, split: submission.split, level, scoreVersions: versions, metrics, withheld, rows },
        { headers },
      );
    }

    const { groups, metrics } = await getDimensionBreakdown(db(), submission.id, versions, includeTest, by);
    if (format === "csv") {
      // every row says which splits it covers, so a spreadsheet without the response headers still knows
      const coverage = includeTest
        ? "dev+validation+test"
        : withheldTest > 0
          ? `dev+validation (${withheldTest} test instances withheld: hidden gold)`
          : "dev+validation";
      const csv = dimensionBreakdownCsv(groups, metrics, coverage);
      return new NextResponse(csv, {
        headers: { ...headers, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}.csv"` },
      });
    }
    return NextResponse.json(
      { submission: submission.id, status: submission.status, split: submission.split, level, by, scoreVersions: versions, metrics, withheld, groups },
      { headers },
    );
  } catch (error) {
    return internalError("GET /api/v1/submissions/{id}/breakdown", error);
  }
}
