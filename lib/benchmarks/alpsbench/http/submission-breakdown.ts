import type { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import type { ListedSubmission, ReadAnswer, SubmissionViewer } from "@/lib/benchmarks/types";
import { countWithheldTestInstances, getDimensionBreakdown, getInstanceBreakdown } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import type { BreakdownQuery } from "./breakdown-query";
import { dimensionBreakdownCsv, instanceBreakdownCsv } from "@/lib/benchmarks/alpsbench/read/breakdown-csv";

/**
 * GET /api/v1/submissions/{id}/breakdown?level=instance|dimension&format=json|csv[&by=domain|label] for an
 * AlpsBench upload (the route checked the query and that the reader may see the upload).
 *
 * instance: one row per instance {benchmark_id, track, split, predicted, ...metrics}; dimension: per stratum
 * (label domain, or full label with by=label) the mean of each per-instance metric with n. Test-split
 * instances are withheld for everyone but admins (hidden gold): the JSON says how many in `withheld.test`, the CSV
 * in the X-AlpsBench-Withheld-Test header.
 */
export async function alpsBenchBreakdownAnswer(
  db: Db,
  submission: ListedSubmission,
  viewer: SubmissionViewer,
  query: z.infer<typeof BreakdownQuery>,
): Promise<ReadAnswer> {
  const { level, format, by } = query;
  const includeTest = viewer?.role === "admin";
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const withheldTest = includeTest ? 0 : await countWithheldTestInstances(db, submission.id, versions);
  const withheld = {
    test: withheldTest,
    ...(withheldTest > 0
      ? { reason: "Per-instance results on the test split are not published: its gold is hidden, and per-instance scores would reveal it." }
      : {}),
  };
  const filename = `alpsbench-${submission.id}-${level}${level === "dimension" ? `-${by}` : ""}`;
  const common = { noStore: true, headers: { "x-alpsbench-withheld-test": String(withheldTest) } };
  const csv = (text: string): ReadAnswer => ({ kind: "csv", text, filename: `${filename}.csv`, ...common });

  if (level === "instance") {
    const { rows, metrics } = await getInstanceBreakdown(db, submission.id, versions, includeTest);
    if (format === "csv") {
      // for people: readable headers, figures at their metric's decimals (the JSON keeps ids and full precision)
      return csv(instanceBreakdownCsv(rows, metrics));
    }
    return {
      kind: "json",
      body: { submission: submission.id, status: submission.status, split: submission.split, level, scoreVersions: versions, metrics, withheld, rows },
      ...common,
    };
  }

  const { groups, metrics } = await getDimensionBreakdown(db, submission.id, versions, includeTest, by);
  if (format === "csv") {
    // every row says which splits it covers, so a spreadsheet without the response headers still knows
    const coverage = includeTest
      ? "dev+validation+test"
      : withheldTest > 0
        ? `dev+validation (${withheldTest} test instances withheld: hidden gold)`
        : "dev+validation";
    return csv(dimensionBreakdownCsv(groups, metrics, coverage));
  }
  return {
    kind: "json",
    body: { submission: submission.id, status: submission.status, split: submission.split, level, by, scoreVersions: versions, metrics, withheld, groups },
    ...common,
  };
}
