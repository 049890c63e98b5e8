import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import type { ReadinessAnswer } from "../../../_lib/answers";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/benchmarks/{benchmark}/readiness: whether each track of a benchmark can take an upload on this
 * server, before anything is uploaded: {benchmark, ready, tracks: [{track, ready, missing}]}, `missing` naming the
 * data the track needs and how an operator imports it (null when ready): its `readiness` capability
 * (hosted-capabilities.ts: its `trackData`, else its one-call reads). 404 for a name no benchmark answers to, or one
 * that can tell neither way.
 */
export const GET = withErrors("GET /api/v1/benchmarks/[benchmark]/readiness", async (_request: NextRequest, context: { params: Promise<{ benchmark: string }> }) => {
  const { benchmark } = await context.params;
  const hosted = getBenchmark(benchmark);
  const body = hosted && (await capabilitiesOf(hosted).readiness(db()));
  if (!body) throw new ApiError("not_found", `No benchmark "${benchmark}" on this server says whether its tracks take uploads.`);
  return NextResponse.json(body satisfies z.input<typeof ReadinessAnswer>, { headers: { "cache-control": "no-store" } });
});
