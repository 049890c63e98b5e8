import { strToU8, zipSync } from "fflate";
import { NextResponse } from "next/server";
import type { Db } from "@/lib/db/create-client";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { parseFormat } from "@/lib/leaderboard/download-format";
import { SnapshotFormat } from "@/lib/leaderboard/snapshot";
import { eeeZipResponse } from "@/lib/eee/eee-response";
import { benchmarkViewResponse } from "./benchmark-view-response";
import { getHostedBenchmark, ROOT_BENCHMARK } from "./index";
import { resolveBenchmarkName } from "./resolve-benchmark-name";
import { moduleSnapshot, moduleSnapshotFiles } from "./module-snapshot";
import { isPipelineBenchmark } from "./types";
import { ApiError, apiErrorAnswer } from "@/lib/http/api-error";

/**
 * The read API's dispatch, the same for every hosted benchmark (the route files only unpack the URL):
 *   /api/v1/leaderboards/<benchmark>          its default view
 *   /api/v1/leaderboards/<benchmark>/<view>   another view
 *   /api/v1/leaderboards/<view>               a view of the benchmark at "/" by its old URL (/overview, /task1)
 * A module's views go through the platform's table function (benchmarkViewResponse); a pipeline benchmark answers
 * its own (`pipeline.viewResponse`).
 */
export function leaderboardResponse(db: Db, first: string, second: string | null, search: URLSearchParams): Promise<Response> {
  const benchmark = getHostedBenchmark(first);
  if (!benchmark) {
    if (second === null) return ROOT_BENCHMARK.pipeline.viewResponse(db, first, search);
    return Promise.resolve(apiErrorAnswer(new ApiError("not_found", `Unknown benchmark "${first}".`)));
  }
  if (isPipelineBenchmark(benchmark)) return benchmark.pipeline.viewResponse(db, second ?? "", search);
  return benchmarkViewResponse(db, benchmark, second ?? "", search);
}

const badRequest = (issues: string[]) => apiErrorAnswer(new ApiError("bad_request", issues.join("; "), { issues }));

/**
 * GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark, versioned and dated. `benchmark`
 * names a module (personalllm: its views with their settings as fields), a pipeline benchmark, or a data version of
 * the benchmark at "/" (alpsbench-v1, demo); a pipeline benchmark answers its own (`pipeline.snapshotResponse`).
 */
export async function snapshotResponse(db: Db, search: URLSearchParams): Promise<Response> {
  // trimmed as the table query trims it, so the dispatch and the benchmark's own reading agree
  const named = await resolveBenchmarkName(db, (search.get("benchmark") ?? "").trim());
  if (!named.ok) return apiErrorAnswer(new ApiError("not_found", named.message));
  const hosted = named.benchmark;
  if (isPipelineBenchmark(hosted)) return hosted.pipeline.snapshotResponse(db, search);
  const format = parseFormat(SnapshotFormat, search);
  const unknown = unknownParamsIssue(search, ["format", "benchmark"]);
  if (!format.ok || unknown) return badRequest([...(format.ok ? [] : [format.issue]), ...(unknown ? [unknown] : [])]);
  if (format.format === "eee") return eeeZipResponse(db, hosted.eee, { dataVersion: hosted.id, split: "full" }, hosted.title);
  const generatedAt = new Date();
  const snapshot = await moduleSnapshot(db, hosted, generatedAt);
  const name = `${hosted.id}-snapshot-${generatedAt.toISOString().slice(0, 10)}`;
  if (format.format === "zip") {
    const files = moduleSnapshotFiles(snapshot);
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, strToU8(text)])), { level: 6 });
    return new NextResponse(Buffer.from(zip), { headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${name}.zip"` } });
  }
  return NextResponse.json(snapshot, { headers: { "content-disposition": `attachment; filename="${name}.json"` } });
}
