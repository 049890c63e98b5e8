import { NextResponse, type NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";
import { db } from "@/lib/db/client";
import { getQueueView } from "@/lib/db/queries/queue";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/queue: the public scoring queue: {waiting: {total, jobs}, running: {total, jobs (with progress)},
 * recent (finished, with wait and run durations)}. Private and hidden submissions are listed only to their owner
 * (a session, or a token with the read scope) and to admins, marked `private: true`; to anyone else they count in
 * the totals only (lib/db/queries/queue.ts).
 */
export const GET = withErrors("GET /api/v1/queue", async (request: NextRequest) => {
  const viewer = readingViewer(await optionalUser(request));
  return NextResponse.json(await getQueueView(db(), viewer && { id: viewer.id, role: viewer.role }), { headers: { "cache-control": "no-store" } });
});
