import { NextResponse, type NextRequest } from "next/server";
import { readingViewer, requestUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { getQueueView } from "@/lib/db/queries/queue";
import { internalError, unauthorized } from "../submissions/_lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/queue: the public scoring queue: {waiting: {total, jobs}, running: {total, jobs (with progress)},
 * recent (finished, with wait and run durations)}. Private and hidden submissions are listed only to their owner
 * (a session, or a token with the read scope) and to admins, marked `private: true`; to anyone else they count in
 * the totals only (lib/db/queries/queue.ts).
 */
export async function GET(request: NextRequest) {
  try {
    const user = await requestUser(request);
    if (!user && request.headers.get("authorization") !== null) return unauthorized(request);
    const viewer = readingViewer(user);
    return NextResponse.json(await getQueueView(db(), viewer && { id: viewer.id, role: viewer.role }), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return internalError("GET /api/v1/queue", error);
  }
}
