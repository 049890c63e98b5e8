import { withErrors } from "@/lib/http/error-response";
import { listedInstanceRead } from "../../_lib/listed-instance";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/instance-explanation?track=…&benchmark_id=…: one listed instance of the
 * submission page, explained by its benchmark (its `submissionReads.instanceExplanation` hook; 404 for a benchmark
 * without one). Fetched when a row is opened, so a page holds 50 one-line rows whatever the upload's size. The
 * page's access rule (listed-instance.ts); what else the reader may see is the benchmark's call
 * (AlpsBench: the submitted items only to the owner and admins, or to anyone when its predictions are published).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/instance-explanation", listedInstanceRead("instanceExplanation"));
