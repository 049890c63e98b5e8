import { resolveBenchmarkName } from "@/lib/benchmarks/resolve-benchmark-name";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { InputsGzip } from "@/lib/benchmarks/types-pipeline";
import type { Db } from "@/lib/db/create-client";
import { ApiError, apiErrorAnswer } from "@/lib/http/api-error";
import { readAnswerResponse } from "@/lib/benchmarks/read-answer";

/**
 * The inputs download's dispatch: the benchmark the `benchmark` parameter names (a data version of the benchmark
 * at "/" by default) gives its inputs through its `inputsAnswer` capability, answered here; the platform's default (a
 * benchmark such as PersonalLLM, whose inputs are its public dataset) answers 404 saying where its inputs are. A download (not the small
 * example file) is a stored file built once; its build takes a place in the heavy-read gate's "inputs" line
 * (lib/http/gzip-file-cache.ts: a minute of CPU for the largest), later requests stream the file; past the line, 503
 * with Retry-After.
 */
export async function inputsResponse(db: Db, track: string, search: URLSearchParams, kind: "inputs" | "example", gzip: InputsGzip = "no"): Promise<Response> {
  // one benchmark: the dispatch below and the benchmark's own reading must agree on it
  if (search.getAll("benchmark").length > 1) return apiErrorAnswer(new ApiError("bad_request", "parameter benchmark given more than once"));
  // trimmed as the benchmark's own reading trims it, so both agree
  const named = await resolveBenchmarkName(db, (search.get("benchmark") ?? "").trim());
  if (!named.ok) return apiErrorAnswer(new ApiError("not_found", named.message));
  const hosted = named.benchmark;
  const answer = await capabilitiesOf(hosted).inputsAnswer(db, track, search, kind, gzip);
  const response = await readAnswerResponse(db, hosted, answer);
  // which form a URL gets is the route's (its file name; a client's Accept-Encoding for the encoded lines): a cache
  // keeps a download per encoding; the compact file has one form only
  if (answer.kind === "stored" && gzip !== "compact") response.headers.set("vary", "Accept-Encoding");
  return response;
}
