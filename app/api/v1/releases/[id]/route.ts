import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { getRelease } from "@/lib/releases/read-releases";

export const dynamic = "force-dynamic";

/** GET /api/v1/releases/<id>: the snapshot as stored when the release was cut (the same JSON as /api/v1/snapshot then). */
export const GET = withErrors("GET /api/v1/releases/{id}", async (_request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const release = await getRelease(db(), id);
  if (!release) throw new ApiError("not_found", `No release "${id.slice(0, 64)}".`);
  const name = `${release.benchmark}-release-${release.cutAt.toISOString().slice(0, 10)}-${release.id}`;
  return NextResponse.json(release.raw, { headers: { "content-disposition": `attachment; filename="${name}.json"` } });
});
