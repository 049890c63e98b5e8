import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { getBenchmark } from "@/lib/benchmarks";
import { readinessBody } from "@/lib/benchmarks/track-readiness";
import { db } from "@/lib/db/client";
import type { ReadinessAnswer } from "../../../_lib/answers";
import { apiError, internalError } from "../../../submissions/_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/benchmarks/{benchmark}/readiness: whether each track of a benchmark module can take an upload on this
 * server, before anything is uploaded: {benchmark, ready, tracks: [{track, ready, missing}]}, `missing` naming the
 * data the track needs and how an operator imports it (null when ready). 404 for a name no module registers.
 */
export async function GET(_request: NextRequest, context: { params: Promise<{ benchmark: string }> }) {
  try {
    const { benchmark } = await context.params;
    const body = await readinessBody(db(), getBenchmark(benchmark));
    if (!body) return apiError(404, "not_found", `No benchmark module "${benchmark}" on this server.`);
    return NextResponse.json(body satisfies z.input<typeof ReadinessAnswer>, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/benchmarks/[benchmark]/readiness", error);
  }
}
