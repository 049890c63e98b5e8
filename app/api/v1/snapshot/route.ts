import { strToU8, zipSync } from "fflate";
import { NextResponse, type NextRequest } from "next/server";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { moduleSnapshot, moduleSnapshotFiles } from "@/lib/benchmarks/module-snapshot";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/client";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { parseFormat } from "@/lib/leaderboard/download-format";
import { SnapshotFormat } from "@/lib/leaderboard/snapshot";

export const dynamic = "force-dynamic";

const badRequest = (issues: string[]) => NextResponse.json({ error: { code: "bad_request", message: issues.join("; "), issues } }, { status: 400 });

/**
 * GET /api/v1/snapshot?format=json|zip&benchmark=…: every view of one benchmark, versioned and dated. `benchmark`
 * names a module (personalllm: its views with their settings as fields) or a data version of the benchmark at "/"
 * (alpsbench-v1, demo; that benchmark's own answer, with its table scope: split, version).
 */
export async function GET(request: NextRequest) {
  const search = request.nextUrl.searchParams;
  const hosted = benchmarkOfDataVersion(search.get("benchmark") ?? "");
  if (isPipelineBenchmark(hosted)) return hosted.pipeline.snapshotResponse(db(), search);
  const format = parseFormat(SnapshotFormat, search);
  const unknown = unknownParamsIssue(search, ["format", "benchmark"]);
  if (!format.ok || unknown) return badRequest([...(format.ok ? [] : [format.issue]), ...(unknown ? [unknown] : [])]);
  const generatedAt = new Date();
  const snapshot = await moduleSnapshot(db(), hosted, generatedAt);
  const name = `${hosted.id}-snapshot-${generatedAt.toISOString().slice(0, 10)}`;
  if (format.format === "zip") {
    const files = moduleSnapshotFiles(snapshot);
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, strToU8(text)])), { level: 6 });
    return new NextResponse(Buffer.from(zip), { headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${name}.zip"` } });
  }
  return NextResponse.json(snapshot, { headers: { "content-disposition": `attachment; filename="${name}.json"` } });
}
