import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { listReleases } from "@/lib/releases/read-releases";
import type { ReleaseList } from "../_lib/answers";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/releases[?benchmark=<id>]: every archived snapshot, newest first, with its scorer and data versions,
 * the date it was cut ("last updated") and where its stored snapshot is (docs/releases.md).
 */
export const GET = withErrors("GET /api/v1/releases", async (request: NextRequest) => {
  const search = request.nextUrl.searchParams;
  const unknown = unknownParamsIssue(search, ["benchmark"]);
  if (unknown) throw new ApiError("bad_request", unknown, { issues: [unknown] });
  const benchmark = search.get("benchmark")?.trim() || undefined;
  const releases = await listReleases(db(), benchmark);
  return NextResponse.json({
    releases: releases.map((r) => ({
      id: r.id,
      benchmark: r.benchmark,
      scorer_version: r.scorerVersion,
      data_version: r.dataVersion,
      trigger: r.trigger,
      note: r.note,
      content_hash: r.contentHash,
      last_updated: r.cutAt.toISOString(),
      url: `/releases/${r.id}`,
      snapshot_url: `/api/v1/releases/${r.id}`,
    })),
  } satisfies z.input<typeof ReleaseList>);
});
