import { stringify } from "csv-stringify/sync";
import { applyTableQuery, type TableView } from "./apply-table-query";
import { DEFAULT_TABLE_QUERY } from "./table-state";
import type { Leaderboard } from "./types";
import { csvSafeString } from "@/lib/security/csv-safe";

export type TableRecord = Record<string, string | number | boolean | null>;

/**
 * Flattens a table view into rows of plain fields for CSV and JSON downloads, in the view's row order and with
 * its visible columns only: rank, identity, then per metric its value, n, 95% CI bounds and (judge metrics)
 * the judge profile that produced the number.
 */
export function viewRecords(view: TableView): TableRecord[] {
  return view.rows.map((row) => {
    const record: TableRecord = {
      rank: view.ranks.get(row.rowId) ?? null,
      pinned: view.pinned.has(row.rowId),
      row_id: row.rowId,
      system: row.systemName,
      system_slug: row.systemSlug,
      organisation: row.organisation,
      kind: row.kind,
      backbone: row.backbone,
      open_weights: row.openWeights,
      tier: row.tier,
      source: row.sourceLabel,
      source_url: row.sourceUrl,
      note: row.note,
      submission_id: row.submissionId,
    };
    for (const column of view.columns) {
      const cell = row.cells[column.id];
      record[column.id] = cell?.value ?? null;
      record[`${column.id}__n`] = cell?.n ?? null;
      record[`${column.id}__ci_low`] = cell?.ciLow ?? null;
      record[`${column.id}__ci_high`] = cell?.ciHigh ?? null;
      if (column.kind === "judge") record[`${column.id}__judge`] = cell?.judgeProfile ?? null;
    }
    return record;
  });
}

/** The field names of viewRecords, also when there are no rows (a CSV of an empty filter keeps its header). */
export function viewRecordFields(view: TableView): string[] {
  const fields = ["rank", "pinned", "row_id", "system", "system_slug", "organisation", "kind", "backbone", "open_weights", "tier", "source", "source_url", "note", "submission_id"];
  for (const column of view.columns) {
    fields.push(column.id, `${column.id}__n`, `${column.id}__ci_low`, `${column.id}__ci_high`);
    if (column.kind === "judge") fields.push(`${column.id}__judge`);
  }
  return fields;
}

export function viewCsv(view: TableView): string {
  // Booleans as words: csv-stringify's default writes false as an empty cell, indistinguishable from null.
  return stringify(viewRecords(view), {
    header: true,
    columns: viewRecordFields(view),
    // system names and organisations are user input: no cell may start a spreadsheet formula
    cast: { boolean: (value) => (value ? "true" : "false"), string: csvSafeString },
  });
}

/** The default view's records (headline ranking, every column). */
export function leaderboardRecords(board: Leaderboard): TableRecord[] {
  return viewRecords(applyTableQuery(board, DEFAULT_TABLE_QUERY));
}
