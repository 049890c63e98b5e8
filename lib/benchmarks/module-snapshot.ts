import type { Db } from "@/lib/db/create-client";
import { SNAPSHOT_SCHEMA_VERSION, type SnapshotMeta } from "@/lib/leaderboard/snapshot";
import type { LeaderboardColumn } from "@/lib/leaderboard/types";
import { moduleViewCsv, moduleViewTable } from "./benchmark-view-response";
import type { Benchmark } from "./types";

/** `fields`: the record fields in the CSV's order; `columns`: the metric columns' definitions */
type ModuleSnapshotView = {
  view: string;
  file: string;
  title: string;
  fields: string[];
  columns: LeaderboardColumn[];
  rows: Record<string, unknown>[];
  notes: string[];
};

/**
 * Every view of a benchmark module in its default ranking, with the module's settings as fields, as one citable
 * file (`GET /api/v1/snapshot?benchmark=<module>`): the same records as `GET /api/v1/leaderboards/<module>[/<view>]`
 * (moduleViewTable), under the snapshot's metadata. `scorerVersion` names each track's scorer.
 */
export async function moduleSnapshot(db: Db, benchmark: Benchmark, generatedAt: Date): Promise<{ snapshot: SnapshotMeta; views: ModuleSnapshotView[] }> {
  const views: ModuleSnapshotView[] = [];
  let split = "";
  // one view after the other, as the AlpsBench snapshot: an export is not worth a connection per view
  for (const declared of benchmark.views) {
    const table = await moduleViewTable(db, benchmark, declared.id, new URLSearchParams());
    if (table === null || !table.ok) throw new Error(`${benchmark.id} view "${declared.id}" cannot be read with its default query`);
    split ||= table.board.split;
    const view = declared.id ? `${benchmark.id}/${declared.id}` : benchmark.id;
    views.push({
      view,
      file: `${view.replace("/", "-")}.csv`,
      title: table.board.title,
      fields: table.columns,
      columns: table.view.columns,
      rows: table.rows,
      notes: table.board.notes,
    });
  }
  return {
    snapshot: {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      scorerVersion: benchmark.tracks.map((t) => `${t.id}@${t.scorerVersion}`).join(", "),
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
  const manifest = { snapshot: snapshot.snapshot, views: snapshot.views.map(({ view, file, title, columns, notes }) => ({ view, file, title, columns, notes })) };
  files["manifest.json"] = JSON.stringify(manifest, null, 2);
  return files;
}
