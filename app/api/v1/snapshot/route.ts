import type { NextRequest } from "next/server";
import { snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

/** GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark (lib/benchmarks/hosted-responses.ts). */
export const GET = withErrors("GET /api/v1/snapshot", async (request: NextRequest) => snapshotResponse(db(), request.nextUrl.searchParams));
