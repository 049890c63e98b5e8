import { z } from "zod";
import { applyTableQuery } from "./apply-table-query";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import { viewColumns, viewCsv, viewRecords, type TableRecord } from "./to-table";
import type { Leaderboard, LeaderboardColumn } from "./types";

/** Bumped when the snapshot's shape changes (fields renamed or removed), not when figures change. */
export const SNAPSHOT_SCHEMA_VERSION = 1;

export const SnapshotFormat = z.enum(["json", "zip", "eee"]).default("json").meta({
  description:
    "`json` (default): one file with every view; `zip`: one CSV per view plus `manifest.json`; `eee`: Every Eval Ever records and Hugging Face `.eval_results` YAML of every public row, zipped (docs/every-eval-ever.md).",
});

export interface SnapshotMeta {
  schemaVersion: number;
  /** the deterministic scorer's version on this server; rows carry their own score version via `version` */
  scorerVersion: string;
  generatedAt: string;
  benchmark: string;
  split: string;
  scoreVersion: string;
}

interface SnapshotView {
  view: string;
  title: string;
  columns: LeaderboardColumn[];
  rows: TableRecord[];
  notes: string[];
}

/** Every view in its default ranking, every column: the whole leaderboard as one citable file. */
export function buildSnapshot(meta: SnapshotMeta, boards: readonly { slug: string; board: Leaderboard }[]): { snapshot: SnapshotMeta; views: SnapshotView[] } {
  return {
    snapshot: meta,
    views: boards.map(({ slug, board }) => {
      const view = applyTableQuery(board, DEFAULT_TABLE_QUERY);
      return { view: slug, title: board.title, columns: viewColumns(view), rows: viewRecords(view), notes: board.notes };
    }),
  };
}

/** The same snapshot as CSV files by name (one per view), with the metadata and column definitions in manifest.json. */
export function snapshotCsvFiles(meta: SnapshotMeta, boards: readonly { slug: string; board: Leaderboard }[]): Record<string, string> {
  const files: Record<string, string> = {};
  const manifest = { snapshot: meta, views: [] as { view: string; file: string; title: string; columns: LeaderboardColumn[]; notes: string[] }[] };
  for (const { slug, board } of boards) {
    const view = applyTableQuery(board, DEFAULT_TABLE_QUERY);
    const file = `${slug}.csv`;
    files[file] = viewCsv(view);
    manifest.views.push({ view: slug, file, title: board.title, columns: viewColumns(view), notes: board.notes });
  }
  files["manifest.json"] = JSON.stringify(manifest, null, 2);
  return files;
}
