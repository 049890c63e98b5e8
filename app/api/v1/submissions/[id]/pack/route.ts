import type { NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { db } from "@/lib/db/client";
import { findVisibleSubmission } from "@/lib/db/queries/submission-status";
import { writePack } from "@/lib/packs/zip-pack";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { optionalUser } from "@/lib/http/with-user";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/pack: the run's reproducibility pack (zip: manifest.json with hashes and figures,
 * per-instance results, judge verdicts, the predictions where published), built by its benchmark's pack hook
 * (lib/packs, docs/reproducibility.md). 404 for a submission the caller cannot see, a reported row (nothing was
 * scored here) or a run not scored yet.
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/pack", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await optionalUser(request);
  const submission = await findVisibleSubmission(db(), id, readingViewer(user));
  if (!submission) throw new ApiError("not_found", `No submission "${id}" (or it is private).`);
  const version = await db().submission.findUniqueOrThrow({ where: { id: submission.id }, select: { benchmarkVersion: { select: { slug: true } } } });
  const hook = benchmarkOfDataVersion(version.benchmarkVersion.slug).pack;
  const built = hook ? await hook.build(db(), submission.id) : null;
  if (!built) throw new ApiError("not_found", `Submission "${id}" has no reproducibility pack (a reported row, or not scored yet).`);
  const zip = writePack(built.manifest, built.entries);
  return new Response(Buffer.from(zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="pack-${submission.id.replace(/[^A-Za-z0-9._-]/g, "_")}.zip"`,
      "cache-control": "private, no-store",
    },
  });
});
