import { z } from "zod";
import { ContaminationFigures, LeaderboardColumn, ResultTier, SystemKind, type Leaderboard, type LeaderboardRow, type MetricCell } from "./types";

/*
 * The leaderboard as a page ships it to the browser (the props of components/leaderboard-table.tsx, serialised
 * into the page's flight payload). The read model names every field of every cell ({"value":…,"n":…,"ciLow":…,
 * "judgeProfile":"AlpsBench authors' judge (DeepSeek, as reported)"}); here a cell is a short array in column
 * order and a judge profile or score version is an index into one list per board. A 1,000-system Task 4 page
 * shipped 2.3 KB of cells per row that way, a third of it the same judge name (scripts/bench/README.md).
 * The numbers stay numbers: the table formats them (components/format.ts), so nothing is formatted twice.
 */

/**
 * One cell: [value, n, ciLow, ciHigh, judge, previousValue, previousVersion], trailing nulls left out; judge and
 * previousVersion index `judges` and `versions`. A column the row has no cell for is null.
 */
export const PackedCell = z.array(z.number().nullable());
export type PackedCell = z.infer<typeof PackedCell>;

/** The usual row id: one row per system and tier (lib/db/queries). Such ids are left out of the packed row. */
const defaultRowId = (row: { systemSlug: string; tier: string }) => `${row.systemSlug}~${row.tier}`;

/**
 * A row's identity under short keys (the payload is JSON inside a script string, where every key and quote is
 * paid twice): s slug, n name, k kind, t tier, c cells; o organisation, b backbone, w open weights, sl/su source
 * label/url, nt note, by/at uploader and upload date, f contamination figures, id a row id other than `<s>~<t>`.
 * Absent fields are left out.
 */
export const PackedRow = z.object({
  s: z.string(),
  n: z.string(),
  k: SystemKind,
  t: ResultTier,
  /** one entry per board column, in the board's column order */
  c: z.array(PackedCell.nullable()),
  id: z.string().optional(),
  o: z.string().optional(),
  b: z.string().optional(),
  w: z.boolean().optional(),
  sl: z.string().optional(),
  su: z.string().optional(),
  nt: z.string().optional(),
  by: z.string().optional(),
  /** the upload's date (YYYY-MM-DD): the table shows no time */
  at: z.string().optional(),
  f: ContaminationFigures.optional(),
});
export type PackedRow = z.infer<typeof PackedRow>;

export const PackedLeaderboard = z.object({
  id: z.string(),
  title: z.string(),
  split: z.string(),
  defaultSort: z.string(),
  columns: z.array(LeaderboardColumn),
  rows: z.array(PackedRow),
  notes: z.array(z.string()),
  /** judge profile names and previous score versions the cells point at */
  judges: z.array(z.string()),
  versions: z.array(z.string()),
  /**
   * [column id, source label, decimals]: the precision each publication printed each column at, over the whole
   * board (lib/leaderboard/published-precision.ts), computed on the server by tableProps so the page's JavaScript
   * does not carry the computation. Absent when the board has no reported figure.
   */
  precision: z.array(z.tuple([z.string(), z.string(), z.number().int()])).optional(),
});
export type PackedLeaderboard = z.infer<typeof PackedLeaderboard>;

/**
 * Fifteen significant digits: drops binary noise (0.026779999999999998 -> 0.02678) and changes no figure the
 * table prints (at most 6 decimals). Used for intervals and previous values only; the values themselves are
 * sorted and ranked on, and stay exactly as the server has them.
 */
const trim = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? Number(x.toPrecision(15)) : null);

function indexOf(list: string[], item: string | null | undefined): number | null {
  if (item === null || item === undefined) return null;
  const at = list.indexOf(item);
  if (at >= 0) return at;
  list.push(item);
  return list.length - 1;
}

function packCell(cell: MetricCell | undefined, judges: string[], versions: string[]): PackedCell | null {
  if (!cell) return null;
  const out: (number | null)[] = [
    cell.value,
    cell.n,
    trim(cell.ciLow),
    trim(cell.ciHigh),
    indexOf(judges, cell.judgeProfile),
    cell.previous ? trim(cell.previous.value) : null,
    cell.previous ? indexOf(versions, cell.previous.scoreVersion) : null,
  ];
  while (out.length > 1 && out[out.length - 1] === null) out.pop();
  return out;
}

/** The read model as the page ships it (see the module comment); `precision` is added by tableProps. */
export function packBoard(board: Leaderboard): PackedLeaderboard {
  const judges: string[] = [];
  const versions: string[] = [];
  const rows = board.rows.map((row): PackedRow => {
    // The submission id is for the downloads (built on the server), not the table. Null fields are left out: most
    // rows have no note, source or uploader; a clean run's contamination figures too (the table shows and filters
    // on the flag only; downloads and the API carry them).
    const optional = {
      id: row.rowId === defaultRowId(row) ? null : row.rowId,
      o: row.organisation,
      b: row.backbone,
      w: row.openWeights,
      sl: row.sourceLabel,
      su: row.sourceUrl,
      nt: row.note,
      by: row.submittedBy,
      at: row.submittedAt?.slice(0, 10),
      f: row.contamination?.flagged ? row.contamination : null,
    };
    const kept = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== null && v !== undefined)) as Partial<PackedRow>;
    return { s: row.systemSlug, n: row.systemName, k: row.kind, t: row.tier, ...kept, c: board.columns.map((c) => packCell(row.cells[c.id], judges, versions)) };
  });
  return {
    id: board.id,
    title: board.title,
    split: board.split,
    defaultSort: board.defaultSort,
    columns: board.columns,
    rows,
    notes: board.notes,
    judges,
    versions,
  };
}

const at = (cell: PackedCell, i: number) => cell[i] ?? null;

/**
 * Back to the read model, for the table's own code (apply-table-query.ts, formatting): the inverse of packBoard
 * but for what the table does not use (submission ids, the time of an upload).
 */
export function unpackBoard(packed: PackedLeaderboard): Leaderboard {
  const rows = packed.rows.map((row): LeaderboardRow => {
    const cells: LeaderboardRow["cells"] = {};
    packed.columns.forEach((column, i) => {
      const cell = row.c[i];
      if (!cell) return;
      const judge = at(cell, 4);
      const previousVersion = at(cell, 6);
      cells[column.id] = {
        value: at(cell, 0),
        n: at(cell, 1),
        ciLow: at(cell, 2),
        ciHigh: at(cell, 3),
        judgeProfile: judge === null ? null : (packed.judges[judge] ?? null),
        previous: previousVersion === null ? null : { value: at(cell, 5), scoreVersion: packed.versions[previousVersion] ?? "" },
      };
    });
    return {
      rowId: row.id ?? defaultRowId({ systemSlug: row.s, tier: row.t }),
      systemSlug: row.s,
      systemName: row.n,
      organisation: row.o ?? null,
      kind: row.k,
      backbone: row.b ?? null,
      openWeights: row.w ?? null,
      tier: row.t,
      sourceLabel: row.sl ?? null,
      sourceUrl: row.su ?? null,
      note: row.nt ?? null,
      submissionId: null,
      submittedBy: row.by ?? null,
      submittedAt: row.at ?? null,
      contamination: row.f ?? null,
      cells,
    };
  });
  return { id: packed.id, title: packed.title, split: packed.split, defaultSort: packed.defaultSort, columns: packed.columns, rows, notes: packed.notes };
}
