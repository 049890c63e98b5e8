import type { NextRequest } from "next/server";
import { snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark (lib/benchmarks/hosted-responses.ts). */
export function GET(request: NextRequest) {
  return snapshotResponse(db(), request.nextUrl.searchParams);
}
