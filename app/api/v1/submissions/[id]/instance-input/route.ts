import { withErrors } from "@/lib/http/error-response";
import { listedInstanceRead } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-input?track=…&benchmark_id=…: the model input of one instance the
 * submission page lists, as its benchmark shows it (its `submissionReads.instanceInput` hook; 404 for a benchmark
 * without one). Fetched when a row is opened; the page's access rule (listed-instance.ts).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/instance-input", listedInstanceRead("instanceInput"));
