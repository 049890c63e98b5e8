import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { countInputs, pageInputs } from "@/lib/db/queries/submission-inputs";
import { internalError } from "../../submissions/_lib/http";
import { inputScopeOf } from "../_lib/input-scope";
import { pagedNdjsonStream } from "@/lib/http/paged-ndjson-stream";

export const dynamic = "force-dynamic";

/** Task 3 inputs at d1000 are ~100 KB each: 50 rows is a few MB per page at most. */
const PAGE_SIZE = 50;

/**
 * GET /api/v1/inputs/{track-slug}[?split=dev|validation|test&benchmark=alpsbench-v1]
 *
 * The model inputs of a track as JSONL, one `{benchmark_id, ...input}` object per line, in benchmark id
 * order: exactly what a system sees, never gold (see lib/db/queries/submission-inputs.ts). Without `split`
 * every instance (what a `full` submission is scored on). Streamed page by page as the client reads it;
 * X-AlpsBench-Instances says how many lines to expect.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ track: string }> }) {
  const { track: slug } = await context.params;
  try {
    const resolved = await inputScopeOf(db(), slug, request.nextUrl.searchParams);
    if (!resolved.ok) return resolved.response;
    const { scope } = resolved;
    const total = await countInputs(db(), scope);
    const input = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : { input: value });
    // the next page only when the client has taken the previous one; none once it has gone
    const body = pagedNdjsonStream(
      (last: { benchmarkId: string; input: unknown } | null) => pageInputs(db(), scope, last?.benchmarkId ?? null, PAGE_SIZE),
      PAGE_SIZE,
      (row) => JSON.stringify({ benchmark_id: row.benchmarkId, ...input(row.input) }),
      (error) => console.error("[GET /api/v1/inputs/{track}] page failed", error),
    );
    const filename = `alpsbench-${resolved.benchmark}-${resolved.slug}-${scope.split ?? "full"}-inputs.jsonl`;
    return new Response(body, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "x-alpsbench-instances": String(total),
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return internalError("GET /api/v1/inputs/{track}", error);
  }
}
