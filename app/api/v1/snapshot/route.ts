import { strToU8, zipSync } from "fflate";
import { NextResponse, type NextRequest } from "next/server";
import { getBenchmark } from "@/lib/benchmarks";
import { moduleSnapshot, moduleSnapshotFiles } from "@/lib/benchmarks/module-snapshot";
import { db } from "@/lib/db/client";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { getView } from "@/lib/db/queries/view";
import { buildSnapshot, SNAPSHOT_SCHEMA_VERSION, SnapshotFormat, snapshotCsvFiles, type SnapshotMeta } from "@/lib/leaderboard/snapshot";
import { parseFormat, VIEW_API_PARAMS } from "@/lib/leaderboard/download-format";
import { parseTableQuery, scopeOf } from "@/lib/leaderboard/table-state";
import { VIEW_SLUGS, viewFromSlug } from "@/lib/leaderboard/views";
import { SCORER_VERSION } from "@/lib/pipeline/score-track";

export const dynamic = "force-dynamic";

const badRequest = (issues: string[]) => NextResponse.json({ error: { code: "bad_request", message: issues.join("; "), issues } }, { status: 400 });

/**
 * GET /api/v1/snapshot?format=json|zip&benchmark=…&split=…&version=…: every view, versioned and dated.
 * `benchmark=<module>` (e.g. personalllm): every view of that benchmark module, with its settings as fields.
 */
export async function GET(request: NextRequest) {
  const search = request.nextUrl.searchParams;
  const format = parseFormat(SnapshotFormat, search);
  const moduleBenchmark = getBenchmark(search.get("benchmark") ?? "");
  if (moduleBenchmark) {
    const unknown = unknownParamsIssue(search, ["format", "benchmark"]);
    if (!format.ok || unknown) return badRequest([...(format.ok ? [] : [format.issue]), ...(unknown ? [unknown] : [])]);
    const generatedAt = new Date();
    const snapshot = await moduleSnapshot(db(), moduleBenchmark, generatedAt);
    const name = `${moduleBenchmark.id}-snapshot-${generatedAt.toISOString().slice(0, 10)}`;
    if (format.format === "zip") {
      const files = moduleSnapshotFiles(snapshot);
      const zip = zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, strToU8(text)])), { level: 6 });
      return new NextResponse(Buffer.from(zip), { headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${name}.zip"` } });
    }
    return NextResponse.json(snapshot, { headers: { "content-disposition": `attachment; filename="${name}.json"` } });
  }
  const parsed = parseTableQuery(search);
  const unknown = unknownParamsIssue(search, VIEW_API_PARAMS);
  const issues = [...(format.ok ? [] : [format.issue]), ...(parsed.ok ? [] : parsed.issues), ...(unknown ? [unknown] : [])];
  if (!format.ok || !parsed.ok || unknown) return badRequest(issues);
  const query = parsed.query;
  const scope = scopeOf(query);
  // One view after the other: an export is not worth holding a connection per view while pages are served.
  const boards = [];
  for (const slug of VIEW_SLUGS) {
    const view = viewFromSlug(slug)!;
    boards.push({ slug, board: await getView(db(), view, scope) });
  }
  const generatedAt = new Date();
  const meta: SnapshotMeta = {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    scorerVersion: SCORER_VERSION,
    generatedAt: generatedAt.toISOString(),
    benchmark: query.benchmark,
    split: query.split,
    scoreVersion: query.version ?? "latest",
  };
  const stamp = generatedAt.toISOString().slice(0, 10);
  const name = `alpsbench-snapshot-${query.benchmark}-${query.split}-${stamp}`;
  if (format.format === "zip") {
    const files = snapshotCsvFiles(meta, boards);
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, strToU8(text)])), { level: 6 });
    return new NextResponse(Buffer.from(zip), {
      headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${name}.zip"` },
    });
  }
  return NextResponse.json(buildSnapshot(meta, boards), {
    headers: { "content-disposition": `attachment; filename="${name}.json"` },
  });
}
