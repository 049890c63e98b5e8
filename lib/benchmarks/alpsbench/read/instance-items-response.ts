import { NextResponse } from "next/server";
import { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { type Viewer } from "@/lib/db/queries/submission-status";
import { mayReadPredictions, predictionsArePublic } from "@/lib/submissions/prediction-access";
import { INSTANCES_PER_PAGE } from "./queries/submission-instance-results";
import { getInstanceItemsPage } from "./queries/submission-instance-items";
import { resolveTrackParam } from "@/lib/submissions/track-param";
import { officialTrackName, parseTrackName, TRACK_IDS } from "@/lib/benchmarks/alpsbench/track-ids";
import { findShownSubmission } from "@/lib/submissions/held-visibility";
import { ApiError, apiErrorAnswer, type ApiErrorCode } from "@/lib/http/api-error";

/** How this route reads a track name: as the upload path does (any name parseTrackName takes). */
const TRACK_NAMING = { parseTrack: parseTrackName, knownTracks: `${TRACK_IDS.map(officialTrackName).join(", ")} (also written task3/d300 or task3-d300)` };

const error = (code: ApiErrorCode, message: string) => apiErrorAnswer(new ApiError(code, message, {}, { "cache-control": "no-store" }));

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const InstanceItemsQuery = z.strictObject({
  track: z.string().min(1, "must not be empty").max(40, "must be at most 40 characters").optional(),
  split: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || v === "dev" || v === "validation") return;
      ctx.addIssue({ code: "custom", message: v === "test" ? "test-split instances are never listed (hidden gold)" : "must be dev or validation" });
    })
    .transform((v) => v as "dev" | "validation" | undefined),
  q: z.string().max(200, "must be at most 200 characters").optional(),
  page: int(1, 1_000_000).optional(),
  page_size: int(1, INSTANCES_PER_PAGE).optional(),
});

/** A 400 naming each bad or unknown parameter (the /api/v1 error shape). */
function badRequest(issues: z.core.$ZodIssue[]) {
  const message = issues
    .map((i) => (i.code === "unrecognized_keys" ? `unknown parameter(s): ${i.keys.join(", ")}` : `parameter "${i.path.map(String).join(".")}": ${i.message}`))
    .join("; ");
  return error("bad_request", message);
}

/**
 * The answer of GET /api/v1/submissions/{id}/instances (the route only authenticates): one page of a run's
 * per-instance items, its predictions, public-split gold and judge verdicts, searchable and paged. Readable when
 * the caller may see the submission and its predictions (lib/submissions/prediction-access.ts: published runs to
 * anyone, an unpublished upload to its owner and admins); 404 otherwise, like any private thing. Test-split
 * instances are never listed, for anyone.
 */
export async function instanceItemsResponse(db: Db, id: string, params: URLSearchParams, viewer: Viewer): Promise<Response> {
  const query = InstanceItemsQuery.safeParse(Object.fromEntries(params.entries()));
  if (!query.success) return badRequest(query.error.issues);
  const submission = await findShownSubmission(db, id, viewer);
  if (!submission || !mayReadPredictions(submission, viewer))
    return error("not_found", `No submission "${id}" with browsable predictions (it is private, or its predictions are not published).`);
  const { split, q, page, page_size } = query.data;
  // any name of the track (task3-d1000, task3_d1000, task3/d1000), and only one the run covers: never a silent d100
  const named = query.data.track === undefined ? null : resolveTrackParam({ pipeline: TRACK_NAMING }, query.data.track, submission.tracks);
  if (named && !named.ok) return error("bad_request", named.message);
  const data = await getInstanceItemsPage(db, submission, { track: named?.track, split, q, page, pageSize: page_size });
  if (!data) return error("not_found", `Submission "${id}" has no per-instance results (a reported row, or not scored yet).`);
  const { pageSize, withheldTest, onlyMisses: _misses, ...rest } = data;
  return NextResponse.json(
    { submission_id: submission.id, predictions_public: predictionsArePublic(submission), ...rest, page_size: pageSize, withheld_test: withheldTest },
    { headers: { "cache-control": "private, no-store" } },
  );
}
