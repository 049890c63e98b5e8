import { stringify } from "csv-stringify/sync";
import type { TableView } from "./apply-table-query";
import type { LeaderboardColumn, LeaderboardRow } from "./types";
import { csvSafeString } from "@/lib/security/csv-safe";
import { roundToDigits } from "./round";

export type TableRecord = Record<string, string | number | boolean | null>;

/** The judge profiles behind a judge column's values in this view (one entry when a single judge scored them). */
function judgeProfiles(view: TableView, column: LeaderboardColumn): string[] {
  if (column.kind !== "judge") return [];
  const out = new Set<string>();
  for (const row of view.rows) {
    const cell = row.cells[column.id];
    if (cell?.value !== null && cell?.value !== undefined && cell.judgeProfile) out.add(cell.judgeProfile);
  }
  return [...out].sort();
}

/** Per-row judge profile fields only where a column mixes judges; otherwise the profile is stated once per column. */
const perRowJudge = (view: TableView, column: LeaderboardColumn) => judgeProfiles(view, column).length > 1;

/** Paper figure fields only for columns where a shown reported figure is contradicted by the paper in this view. */
const hasOtherReported = (view: TableView, column: LeaderboardColumn) => view.rows.some((row) => row.cells[column.id]?.otherReported);

/** Figure-source fields only for columns where a re-scored row shows a reported figure in this view. */
const hasReportedBy = (view: TableView, column: LeaderboardColumn) => view.rows.some((row) => row.cells[column.id]?.reportedBy);

/**
 * Flattens a table view into rows of plain fields for CSV and JSON downloads, in the view's row order and with
 * its visible columns only: rank, identity, then per metric its value, n and 95% CI bounds (rounded, see
 * roundForDownload). The judge profile of a judge metric is per column (`judgeProfiles` in the JSON's
 * `columns`, the CSV's header); a `__judge` field per row appears only when one column mixes judges.
 */
export function viewRecords(view: TableView): TableRecord[] {
  return buildRecords(view, 2);
}

/** viewRecords with every metric figure rounded to its column's decimals plus `extraDigits`. */
function buildRecords(view: TableView, extraDigits: number): TableRecord[] {
  const round = (value: number | null | undefined, decimals: number) => roundToDigits(value, decimals + extraDigits);
  const mixed = new Set(view.columns.filter((c) => perRowJudge(view, c)).map((c) => c.id));
  const disputed = new Set(view.columns.filter((c) => hasOtherReported(view, c)).map((c) => c.id));
  const reportedIn = new Set(view.columns.filter((c) => hasReportedBy(view, c)).map((c) => c.id));
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
      params_b: roundBillions(row.facts?.paramsB),
      active_params_b: roundBillions(row.facts?.activeParamsB),
      license: row.facts?.license ?? null,
      release_date: row.facts?.releaseDate ?? null,
      model_url: row.facts?.modelUrl ?? null,
      // as the submitter reported them (unverified); null when not reported
      cost_usd: row.runCost?.usd ?? null,
      tokens: row.runCost?.tokens ?? null,
      tier: row.tier,
      source: row.sourceLabel,
      source_url: row.sourceUrl,
      note: row.note,
      submission_id: row.submissionId,
      pack_url: row.packUrl ?? null,
      submitted_by: row.submittedBy ?? null,
      submitted_at: row.submittedAt ?? null,
      // the benchmark's own fields of the row, as its board declares them (AlpsBench: the contamination check's figures)
      ...extraValues(view.extraFields, row),
      // the reference row a row does not beat (a reference row itself reads `kind: "baseline"` and is never ranked)
      below_baseline: row.belowBaseline?.system ?? null,
      // the contentless reference row it does not beat (ranked all the same, with this mark: one rule for every tier)
      below_contentless: row.belowContentless?.system ?? null,
      // a re-scored row that also shows the authors' reported figures of the system: their source
      reported_source: row.reported ? (row.reported.sourceLabel ?? "reported") : null,
      // an upload with rows for only some instances: how many of how many (null: all of them, or no upload)
      covered_instances: row.coverage?.covered ?? null,
      expected_instances: row.coverage?.expected ?? null,
      // why an upload has no rank: held for a moderator's review, rejected, or no better than a contentless row
      review_state: row.review?.state ?? null,
      review_note: row.review?.state === "approved" ? row.review.note : null,
      unranked_reason: unrankedReason(row),
    };
    for (const column of view.columns) {
      const cell = row.cells[column.id];
      record[column.id] = round(cell?.value, column.decimals);
      record[`${column.id}__n`] = cell?.n ?? null;
      record[`${column.id}__ci_low`] = round(cell?.ciLow, column.decimals);
      record[`${column.id}__ci_high`] = round(cell?.ciHigh, column.decimals);
      if (mixed.has(column.id)) record[`${column.id}__judge`] = cell?.judgeProfile ?? null;
      if (disputed.has(column.id)) {
        // the figure another publication printed where it contradicts the one shown (and ranked by)
        record[`${column.id}__paper_value`] = round(cell?.otherReported?.value, column.decimals);
        record[`${column.id}__paper_source`] = cell?.otherReported?.source ?? null;
      }
      // a reported figure standing in a re-scored row where the server computed none: its source
      if (reportedIn.has(column.id)) record[`${column.id}__reported_by`] = cell?.reportedBy ?? null;
    }
    return record;
  });
}

/** A row's values of its board's own fields, in their order: rounded to their decimals, null where the row has none. */
function extraValues(fields: TableView["extraFields"], row: LeaderboardRow): TableRecord {
  return Object.fromEntries(
    fields.map(({ id, decimals }) => {
      const value = row.extras?.[id] ?? null;
      return [id, typeof value === "number" && decimals !== undefined ? Number(value.toFixed(decimals)) : value];
    }),
  );
}

/** The field names of viewRecords, also when there are no rows (a CSV of an empty filter keeps its header). */
export function viewRecordFields(view: TableView): string[] {
  const fields = [...IDENTITY_FIELDS.slice(0, EXTRAS_AFTER), ...view.extraFields.map((f) => f.id), ...IDENTITY_FIELDS.slice(EXTRAS_AFTER)];
  for (const column of view.columns) {
    fields.push(column.id, `${column.id}__n`, `${column.id}__ci_low`, `${column.id}__ci_high`);
    if (perRowJudge(view, column)) fields.push(`${column.id}__judge`);
    if (hasOtherReported(view, column)) fields.push(`${column.id}__paper_value`, `${column.id}__paper_source`);
    if (hasReportedBy(view, column)) fields.push(`${column.id}__reported_by`);
  }
  return fields;
}

/** Decimals of the numeric identity fields in downloads; the others are whole or text (a board's own fields declare theirs). */
// parameters in billions: a small model's size is a fraction of a billion (all-MiniLM-L6-v2: 0.0227)
export const IDENTITY_DECIMALS: Readonly<Record<string, number>> = {
  params_b: 4,
  active_params_b: 4,
};
const roundBillions = (b: number | null | undefined) => (b === null || b === undefined ? null : Number(b.toFixed(IDENTITY_DECIMALS.params_b)));

export const IDENTITY_HEADERS: Record<string, string> = {
  rank: "Rank",
  pinned: "Pinned",
  row_id: "Row id",
  system: "System",
  system_slug: "System id",
  organisation: "Organisation",
  kind: "Kind",
  backbone: "Backbone",
  open_weights: "Open weights",
  params_b: "Parameters (B)",
  active_params_b: "Active parameters (B)",
  license: "Licence",
  release_date: "Release date",
  model_url: "Model card",
  cost_usd: "Run cost (USD, reported)",
  tokens: "Run tokens (reported)",
  tier: "Tier",
  source: "Source",
  source_url: "Source URL",
  note: "Note",
  submission_id: "Submission id",
  pack_url: "Reproducibility pack",
  submitted_by: "Submitted by",
  submitted_at: "Submitted at",
  below_baseline: "Does not beat reference",
  below_contentless: "Does not beat contentless reference",
  reported_source: "Reported figures beside (source)",
  covered_instances: "Instances with a row (partial files)",
  expected_instances: "Instances of the track (partial files)",
  review_state: "Review",
  review_note: "Review note",
  unranked_reason: "Why unranked",
};
/** The identity fields of every record, in download order; a board's own fields (extraFields) follow the uploader's. */
const IDENTITY_FIELDS = Object.keys(IDENTITY_HEADERS);
const EXTRAS_AFTER = IDENTITY_FIELDS.indexOf("submitted_at") + 1;

/**
 * Why an upload is listed without a rank for a cause (its benchmark's check found it no result of its own, e.g. a
 * copy; held for review; rejected), for downloads and the API; else null.
 */
export function unrankedReason(row: Pick<LeaderboardRow, "review" | "unranked">): string | null {
  if (row.unranked) return row.unranked.reason;
  if (row.review?.state === "pending") return row.review.reason;
  if (row.review?.state === "rejected") return `Rejected by a moderator: ${row.review.reason ?? "no reason given"}`;
  return null;
}

/**
 * A metric column's name for people: its label, prefixed by its group unless the label already says it
 * (`PA`, `PF general`, `EI (English)`, `d100 · Recall (judge)`, `Task 4 · PA`).
 */
export function readableHeader(column: LeaderboardColumn): string {
  const { label, group } = column;
  const abbreviation = /\(([A-Z]{2,4})\)$/.exec(label)?.[1];
  if (!group) return label;
  const parts = group.split(" · ");
  const tail = parts[parts.length - 1]!;
  // "Persona awareness (PA)" under group "PA": the group's short name is the header
  if (abbreviation && tail === abbreviation) return group;
  if (label.startsWith(`${tail} `) || label === tail) return [...parts.slice(0, -1), label].join(" · ");
  return `${group} · ${label}`;
}

/** CSV header of every field: readable names, short (the judge profile has its own column, see viewCsv). */
function csvHeaders(view: TableView): Record<string, string> {
  const out: Record<string, string> = { ...IDENTITY_HEADERS, [JUDGE_PROFILE_FIELD]: "Judge profile" };
  for (const field of view.extraFields) out[field.id] = field.header;
  for (const column of view.columns) {
    const name = readableHeader(column);
    out[column.id] = name;
    out[`${column.id}__n`] = `${name} n`;
    out[`${column.id}__ci_low`] = `${name} 95% CI low`;
    out[`${column.id}__ci_high`] = `${name} 95% CI high`;
    out[`${column.id}__judge`] = `${name} judge profile`;
    out[`${column.id}__paper_value`] = `${name} paper value`;
    out[`${column.id}__paper_source`] = `${name} paper source`;
    out[`${column.id}__reported_by`] = `${name} reported by`;
  }
  // two columns may read alike (a label reused across groups): keep every header unique with its id
  const seen = new Map<string, number>();
  for (const name of Object.values(out)) seen.set(name, (seen.get(name) ?? 0) + 1);
  for (const [id, name] of Object.entries(out)) if ((seen.get(name) ?? 0) > 1) out[id] = `${name} (${id})`;
  return out;
}

/** The CSV's field naming the judge profile(s) behind a row's judge figures, once per row. */
const JUDGE_PROFILE_FIELD = "judge_profile";

/** The judge profiles behind one row's shown judge figures. */
function rowJudgeProfiles(view: TableView, row: TableView["rows"][number]): string[] {
  const out = new Set<string>();
  for (const column of view.columns) {
    const cell = row.cells[column.id];
    if (column.kind === "judge" && cell?.value !== null && cell?.value !== undefined && cell.judgeProfile) out.add(cell.judgeProfile);
  }
  return [...out].sort();
}

/**
 * The view as a spreadsheet reads it (the JSON keeps the machine ids and two more digits):
 *  - readable, short headers; the judge profile in one "Judge profile" column instead of in every judge header,
 *    and per judge column only when a row's judge figures come from different profiles;
 *  - every figure rounded to its column's decimals, as the page shows it (the JSON download carries two more
 *    digits: re-rank or re-average from that);
 *  - no column that is empty for every row (an empty download keeps every header) and no "Pinned" column unless
 *    the view pins a row;
 *  - a UTF-8 byte order mark, so that Excel reads the "·" of the headers and non-ASCII names as UTF-8.
 */
export function viewCsv(view: TableView): string {
  const records = buildRecords(view, 0);
  const rowProfiles = view.rows.map((row) => rowJudgeProfiles(view, row));
  const perColumnJudge = rowProfiles.some((p) => p.length > 1);
  for (const [i, record] of records.entries()) {
    record[JUDGE_PROFILE_FIELD] = rowProfiles[i]!.length > 0 ? rowProfiles[i]!.join("; ") : null;
    for (const column of view.columns)
      if (perColumnJudge && column.kind === "judge") record[`${column.id}__judge`] = view.rows[i]!.cells[column.id]?.judgeProfile ?? null;
      else delete record[`${column.id}__judge`];
  }
  const fields: string[] = [];
  for (const field of viewRecordFields(view)) {
    if (field.endsWith("__judge")) continue;
    if (field === "pinned" && view.pinned.size === 0) continue;
    fields.push(field);
    if (field === IDENTITY_FIELDS[IDENTITY_FIELDS.length - 1]) fields.push(JUDGE_PROFILE_FIELD);
    const column = view.columns.find((c) => c.id === field);
    if (perColumnJudge && column?.kind === "judge") fields.push(`${column.id}__judge`);
  }
  // every figure of a column with the same number of decimals (0.4970 beside 0.4173, not 0.497)
  for (const column of view.columns)
    for (const field of [column.id, `${column.id}__ci_low`, `${column.id}__ci_high`, `${column.id}__paper_value`])
      for (const record of records) if (typeof record[field] === "number") record[field] = (record[field] as number).toFixed(column.decimals);
  const shown = fields.filter((f) => records.length === 0 || records.some((r) => r[f] !== null && r[f] !== undefined && r[f] !== ""));
  const headers = csvHeaders(view);
  return stringify(records, {
    bom: true,
    header: true,
    columns: shown.map((key) => ({ key, header: headers[key] ?? key })),
    // Booleans as words: csv-stringify's default writes false as an empty cell, indistinguishable from null.
    // System names and organisations are user input: no cell may start a spreadsheet formula.
    // (a figure written as text above, "-0.0123", is a number, not a formula: it stays as it is)
    cast: { boolean: (value) => (value ? "true" : "false"), string: (value) => (/^-?\d+(\.\d+)?$/.test(value) ? value : csvSafeString(value)) },
  });
}

/** Column definitions as the JSON download describes them: the view's columns with their judge profiles. */
export function viewColumns(view: TableView): (LeaderboardColumn & { header: string; judgeProfiles?: string[] })[] {
  return view.columns.map((c) => ({ ...c, header: readableHeader(c), ...(c.kind === "judge" ? { judgeProfiles: judgeProfiles(view, c) } : {}) }));
}
