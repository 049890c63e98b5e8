import type { Db } from "@/lib/db/create-client";
import { ApiError } from "@/lib/http/api-error";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { parseFormat } from "@/lib/leaderboard/download-format";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotFormat, type SnapshotMeta } from "@/lib/leaderboard/snapshot";
import type { LeaderboardColumn } from "@/lib/leaderboard/types";
import { moduleViewCsv, moduleViewTable } from "./benchmark-view-response";
import { oneCallScorerVersion } from "./module-rows";
import { hasSplits, trackSplits } from "./module-splits";
import type { OneCallBenchmark, ReadAnswer } from "./types";

/** `fields`: the record fields in the CSV's order; `columns`: the metric columns' definitions */
type ModuleSnapshotView = {
  view: string;
  file: string;
  /** the split of a module that declares splits (one entry per view and split); absent: the module has none */
  split?: string;
  title: string;
  fields: string[];
  columns: LeaderboardColumn[];
  rows: Record<string, unknown>[];
  notes: string[];
};

/**
 * Every view of a benchmark module (on each of its splits, when it declares splits) in its default ranking, with the module's settings as fields, as one citable
 * file (`GET /api/v1/snapshot?benchmark=<module>`): the same records as `GET /api/v1/leaderboards/<module>[/<view>]`
 * (moduleViewTable), under the snapshot's metadata. `scorerVersion` names each track's scorer.
 */
export async function moduleSnapshot(db: Db, benchmark: OneCallBenchmark, generatedAt: Date): Promise<{ snapshot: SnapshotMeta; views: ModuleSnapshotView[] }> {
  const views: ModuleSnapshotView[] = [];
  let split = "";
  // one view after the other, as the AlpsBench snapshot: an export is not worth a connection per view
  for (const declared of benchmark.views) {
    // a module with splits: the view on each of its track's splits, in their order; without: the view once
    const track = benchmark.tracks.find((t) => t.id === declared.track);
    const splits = hasSplits(benchmark) && track ? trackSplits(benchmark, track).map((s) => s.id) : [null];
    for (const onSplit of splits) {
      const table = await moduleViewTable(db, benchmark, declared.id, new URLSearchParams(onSplit ? { split: onSplit } : {}));
      if (table === null || !table.ok) throw new Error(`${benchmark.id} view "${declared.id}" cannot be read with its default query`);
      split ||= table.board.split;
      const view = declared.id ? `${benchmark.id}/${declared.id}` : benchmark.id;
      views.push({
        view,
        file: `${view.replace("/", "-")}${onSplit ? `-${onSplit}` : ""}.csv`,
        ...(onSplit ? { split: onSplit } : {}),
        title: table.board.title,
        fields: table.columns,
        columns: table.view.columns,
        rows: table.rows,
        notes: table.board.notes,
      });
    }
  }
  return {
    snapshot: {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      scorerVersion: oneCallScorerVersion(benchmark),
      generatedAt: generatedAt.toISOString(),
      benchmark: benchmark.id,
      split,
      scoreVersion: "latest",
    },
    views,
  };
}

/** The same snapshot as one CSV per view plus manifest.json (metadata, column definitions, notes). */
export function moduleSnapshotFiles(snapshot: Awaited<ReturnType<typeof moduleSnapshot>>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const view of snapshot.views) files[view.file] = moduleViewCsv(view.fields, view.rows);
  const manifest = {
    snapshot: snapshot.snapshot,
    views: snapshot.views.map(({ view, file, split, title, columns, notes }) => ({ view, file, ...(split ? { split } : {}), title, columns, notes })),
  };
  files["manifest.json"] = JSON.stringify(manifest, null, 2);
  return files;
}

/** The platform's snapshot answer (hosted-capabilities.ts): JSON, one CSV per view in a zip, or its Every Eval Ever export. */
export async function moduleSnapshotAnswer(db: Db, hosted: OneCallBenchmark, search: URLSearchParams): Promise<ReadAnswer> {
  const format = parseFormat(SnapshotFormat, search);
  const unknown = unknownParamsIssue(search, ["format", "benchmark"]);
  if (!format.ok || unknown) {
    const issues = [...(format.ok ? [] : [format.issue]), ...(unknown ? [unknown] : [])];
    return { kind: "error", error: new ApiError("bad_request", issues.join("; "), { issues }) };
  }
  if (format.format === "eee") return { kind: "eee", scope: { dataVersion: hosted.id, split: "full" } };
  const generatedAt = new Date();
  const snapshot = await moduleSnapshot(db, hosted, generatedAt);
  const name = `${hosted.id}-snapshot-${generatedAt.toISOString().slice(0, 10)}`;
  if (format.format === "zip") return { kind: "zip", files: moduleSnapshotFiles(snapshot), filename: `${name}.zip` };
  return { kind: "json", body: snapshot, filename: `${name}.json` };
}
