import type { Db } from "@/lib/db/create-client";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { parseFormat } from "@/lib/leaderboard/download-format";
import { SnapshotFormat } from "@/lib/leaderboard/snapshot";
import { benchmarkViewAnswer } from "./benchmark-view-response";
import { getHostedBenchmark, ROOT_BENCHMARK } from "./index";
import { readAnswerResponse } from "./read-answer";
import { resolveBenchmarkName } from "./resolve-benchmark-name";
import { moduleSnapshot, moduleSnapshotFiles } from "./module-snapshot";
import { isPipelineBenchmark, type Benchmark, type HostedBenchmark, type ReadAnswer } from "./types";
import { ApiError } from "@/lib/http/api-error";

/**
 * The read API's dispatch, the same for every hosted benchmark (the route files only unpack the URL):
 *   /api/v1/leaderboards/<benchmark>          its default view
 *   /api/v1/leaderboards/<benchmark>/<view>   another view
 *   /api/v1/leaderboards/<view>               a view of the benchmark at "/" by its old URL (/overview, /task1)
 * A module's views are the platform's table function (benchmarkViewAnswer); a pipeline benchmark gives its own
 * (`pipeline.viewAnswer`). Either is data: the answer is built here (readAnswerResponse).
 */
export async function leaderboardResponse(db: Db, first: string, second: string | null, search: URLSearchParams): Promise<Response> {
  const benchmark = getHostedBenchmark(first);
  if (!benchmark) {
    if (second === null) return readAnswerResponse(db, ROOT_BENCHMARK, await ROOT_BENCHMARK.pipeline.viewAnswer(db, first, search));
    return readAnswerResponse(db, ROOT_BENCHMARK, { kind: "error", error: new ApiError("not_found", `Unknown benchmark "${first}".`) });
  }
  const answer = isPipelineBenchmark(benchmark)
    ? await benchmark.pipeline.viewAnswer(db, second ?? "", search)
    : await benchmarkViewAnswer(db, benchmark, second ?? "", search);
  return readAnswerResponse(db, benchmark, answer);
}

/**
 * GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark, versioned and dated. `benchmark`
 * names a module (personalllm: its views with their settings as fields), a pipeline benchmark, or a data version of
 * the benchmark at "/" (alpsbench-v1, demo); a pipeline benchmark gives its own (`pipeline.snapshotAnswer`).
 */
export async function snapshotResponse(db: Db, search: URLSearchParams): Promise<Response> {
  // trimmed as the table query trims it, so the dispatch and the benchmark's own reading agree
  const named = await resolveBenchmarkName(db, (search.get("benchmark") ?? "").trim());
  if (!named.ok) return readAnswerResponse(db, ROOT_BENCHMARK, { kind: "error", error: new ApiError("not_found", named.message) });
  const hosted: HostedBenchmark = named.benchmark;
  const answer = isPipelineBenchmark(hosted) ? await hosted.pipeline.snapshotAnswer(db, search) : await moduleSnapshotAnswer(db, hosted, search);
  return readAnswerResponse(db, hosted, answer);
}

/** A module's snapshot: JSON, one CSV per view in a zip, or its Every Eval Ever export. */
async function moduleSnapshotAnswer(db: Db, hosted: Benchmark, search: URLSearchParams): Promise<ReadAnswer> {
  const format = parseFormat(SnapshotFormat, search);
  const unknown = unknownParamsIssue(search, ["format", "benchmark"]);
  if (!format.ok || unknown) {
    const issues = [...(format.ok ? [] : [format.issue]), ...(unknown ? [unknown] : [])];
    return { kind: "error", error: new ApiError("bad_request", issues.join("; "), { issues }) };
  }
  if (format.format === "eee") return { kind: "eee", scope: { dataVersion: hosted.id, split: "full" } };
  const generatedAt = new Date();
  const snapshot = await moduleSnapshot(db, hosted, generatedAt);
  const name = `${hosted.id}-snapshot-${generatedAt.toISOString().slice(0, 10)}`;
  if (format.format === "zip") return { kind: "zip", files: moduleSnapshotFiles(snapshot), filename: `${name}.zip` };
  return { kind: "json", body: snapshot, filename: `${name}.json` };
}
