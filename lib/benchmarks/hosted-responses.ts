import type { Db } from "@/lib/db/create-client";
import { capabilitiesOf } from "./hosted-capabilities";
import { getBenchmark, ROOT_BENCHMARK } from "./index";
import { readAnswerResponse } from "./read-answer";
import { resolveBenchmarkName } from "./resolve-benchmark-name";
import { ApiError } from "@/lib/http/api-error";

/**
 * The read API's dispatch, the same for every hosted benchmark (the route files only unpack the URL):
 *   /api/v1/leaderboards/<benchmark>          its default view
 *   /api/v1/leaderboards/<benchmark>/<view>   another view
 *   /api/v1/leaderboards/<view>               a view of the benchmark at "/" by its old URL (/overview, /task1)
 * Each is the benchmark's view answer (its own, or the platform's table function: hosted-capabilities.ts), data the
 * answer is built from here (readAnswerResponse).
 */
export async function leaderboardResponse(db: Db, first: string, second: string | null, search: URLSearchParams): Promise<Response> {
  const benchmark = getBenchmark(first);
  if (!benchmark) {
    if (second === null) return readAnswerResponse(db, ROOT_BENCHMARK, await capabilitiesOf(ROOT_BENCHMARK).viewAnswer(db, first, search));
    return readAnswerResponse(db, ROOT_BENCHMARK, { kind: "error", error: new ApiError("not_found", `Unknown benchmark "${first}".`) });
  }
  return readAnswerResponse(db, benchmark, await capabilitiesOf(benchmark).viewAnswer(db, second ?? "", search));
}

/**
 * GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark, versioned and dated. `benchmark`
 * names a benchmark (personalllm: its views with their settings as fields) or a data version of the benchmark at
 * "/" (alpsbench-v1, demo); the answer is the benchmark's snapshot capability (its own, or the platform's).
 */
export async function snapshotResponse(db: Db, search: URLSearchParams): Promise<Response> {
  // trimmed as the table query trims it, so the dispatch and the benchmark's own reading agree
  const named = await resolveBenchmarkName(db, (search.get("benchmark") ?? "").trim());
  if (!named.ok) return readAnswerResponse(db, ROOT_BENCHMARK, { kind: "error", error: new ApiError("not_found", named.message) });
  return readAnswerResponse(db, named.benchmark, await capabilitiesOf(named.benchmark).snapshotAnswer(db, search));
}
