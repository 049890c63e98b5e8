import { badRequest, eeeAnswer } from "./view-response";
import type { OwnPipeline } from "@/lib/benchmarks/types";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { parseViewParams } from "@/lib/leaderboard/download-format";
import { buildSnapshot, SNAPSHOT_SCHEMA_VERSION, SnapshotFormat, snapshotCsvFiles, type SnapshotMeta } from "@/lib/leaderboard/snapshot";
import { scopeOf } from "@/lib/leaderboard/table-state";
import { VIEW_SLUGS, viewFromSlug } from "@/lib/benchmarks/alpsbench/read/views";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";

/**
 * AlpsBench's snapshot (`GET /api/v1/snapshot?format=json|zip&benchmark=…&split=…&version=…`): every view, versioned
 * and dated, under one table scope. `benchmark` is a data version (alpsbench-v1, demo) or `alpsbench` (the default).
 */
export const alpsBenchSnapshotAnswer: NonNullable<OwnPipeline["snapshotAnswer"]> = async (db, search) => {
  const parsed = parseViewParams(SnapshotFormat, search);
  if (!parsed.ok) return badRequest(parsed.issues);
  const { format, query } = parsed;
  if (format === "eee") return eeeAnswer(query);
  const scope = scopeOf(query);
  // One view after the other: an export is not worth holding a connection per view while pages are served.
  const boards = [];
  for (const slug of VIEW_SLUGS) boards.push({ slug, board: await getView(db, viewFromSlug(slug)!, scope) });
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
  if (format === "zip") return { kind: "zip", files: snapshotCsvFiles(meta, boards), filename: `${name}.zip` };
  return { kind: "json", body: buildSnapshot(meta, boards), filename: `${name}.json` };
};
