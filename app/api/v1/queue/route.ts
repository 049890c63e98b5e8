import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { getQueueView } from "@/lib/db/queries/queue";
import { internalError } from "../submissions/_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/queue: the public scoring queue: {waiting: {total, jobs}, running: {total, jobs (with progress)},
 * recent (finished, with wait and run durations)}. Private submissions show as `private: true` without id or
 * system name (lib/db/queries/queue.ts).
 */
export async function GET() {
  try {
    return NextResponse.json(await getQueueView(db()), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/queue", error);
  }
}
