import { ciHalfWidth, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { RESULT_TIERS, ROW_KINDS, type ResultTier } from "./enums";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, MetricCell } from "./types";

/*
 * The leaderboard as a page ships it to the browser (the props of components/leaderboard-table.tsx, serialised
 * into the page's flight payload). The read model names every field of every cell ({"value":…,"n":…,"ciLow":…,
 * "judgeProfile":"AlpsBench authors' judge (DeepSeek, as reported)"}); here a cell is a short array in column
 * order and a judge profile or score version is an index into one list per board. A 1,000-system Task 4 page
 * shipped 2.3 KB of cells per row that way, a third of it the same judge name (scripts/bench/README.md).
 * The values stay numbers, exactly as the server has them: the table sorts on them and formats them
 * (format.ts), so nothing is formatted twice. Types only, no schemas: the browser loads this module.
 */

/**
 * One cell: [value, n, low, high, judge, previousValue, previousVersion, ciLow, ciHigh, noised, otherValue,
 * otherSource, reportedBy], trailing nulls left out; judge, previousVersion, otherSource and reportedBy index
 * `judges`, `versions` and `others`. A column the row has no cell for is null.
 * - low, high: the interval as distances below and above the value, in units of the column's last shown decimal
 *   (0.9698 .. 1.0298 around 0.9998 at 4 decimals is 300, 300), with as few decimals as give the same interval
 *   and "±" on screen as the exact bounds (packInterval). The table shows an interval at the column's decimals
 *   only, and its exact bounds (0.969806, 1.029794, or 15 digits in real data) were a third of a cell.
 * - judge: absent (or null) for the board's usual judge profile (`judge`, index 0) in a judge column, -1 for none.
 * - ciLow, ciHigh: the bounds themselves, only where no distance shows the same figures (or the value is missing).
 * - noised: a test figure published with noise (MetricCell.noised): its rounding step, or 0 when it has none.
 */
export type PackedCell = (number | null)[];

/** The usual row id: one row per system and tier (lib/db/queries). Such ids are left out of the packed row. */
const defaultRowId = (row: { systemSlug: string; tier: string }) => `${row.systemSlug}~${row.tier}`;

/**
 * A row's identity under short keys (the payload is JSON inside a script string, where every key and quote is
 * paid twice): s slug, n name, k kind and t tier (indexes into ROW_KINDS and RESULT_TIERS, lib/leaderboard/enums.ts), c cells; o organisation, b backbone, w open weights, sl/su source
 * label/url, nt note, by/at uploader and upload date, fl a check's flag, sp 0 for no system page, id a row id other
 * than `<s>~<t>`.
 * Absent fields are left out.
 */
export interface PackedRow {
  s: string;
  n: string;
  k: number;
  t: number;
  /** one entry per board column, in the board's column order */
  c: (PackedCell | null)[];
  id?: string;
  o?: string;
  b?: string;
  w?: boolean;
  sl?: string;
  su?: string;
  nt?: string;
  by?: string;
  /** the upload's date (YYYY-MM-DD): the table shows no time */
  at?: string;
  /** a check's flag of the run (LeaderboardRow.flag): never ranked, listed on request */
  fl?: NonNullable<LeaderboardRow["flag"]>;
  /** a check found the run no result of its own (LeaderboardRow.unranked): never ranked, listed on request */
  ur?: NonNullable<LeaderboardRow["unranked"]>;
  /** the row's reproducibility pack and per-instance items (LeaderboardRow.packUrl, itemsUrl): the page links them */
  pu?: string;
  iu?: string;
  /** the reward service's profile behind some of the row's scores (LeaderboardRow.rewardsFromService) */
  rs?: string;
  /** 0: no /systems page (LeaderboardRow.systemPage false) */
  sp?: 0;
  /** the reference baseline the row does not beat (lib/leaderboard/baseline-marks.ts) */
  bb?: NonNullable<LeaderboardRow["belowBaseline"]>;
  /** partial coverage of an upload (LeaderboardRow.coverage) */
  cv?: NonNullable<LeaderboardRow["coverage"]>;
  /** the contentless reference row the row does not beat: ranked, marked (LeaderboardRow.belowContentless) */
  bc?: NonNullable<LeaderboardRow["belowContentless"]>;
  /** the reported source of a re-scored row that carries the authors' figures too (LeaderboardRow.reported) */
  rp?: NonNullable<LeaderboardRow["reported"]>;
  /** the review rule's state (LeaderboardRow.review): pending and rejected are unranked */
  rv?: NonNullable<LeaderboardRow["review"]>;
  /** 1: scored on synthetic data (LeaderboardRow.syntheticData) */
  sy?: 1;
  /** the model's facts (LeaderboardRow.facts): filters and the facts columns run in the browser */
  mf?: NonNullable<LeaderboardRow["facts"]>;
  /** the run's reported cost and tokens (LeaderboardRow.runCost), for the quality-versus-cost chart */
  rc?: NonNullable<LeaderboardRow["runCost"]>;
}

export interface PackedLeaderboard {
  id: string;
  title: string;
  split: string;
  defaultSort: string;
  columns: LeaderboardColumn[];
  rows: PackedRow[];
  notes: string[];
  /** judge profile names and previous score versions the cells point at */
  judges: string[];
  /** the judge profile (index into `judges`) of a judge column's cell that names none: the board's usual one */
  judge?: number;
  versions: string[];
  /** the publications cells' otherReported figures name (PackedCell index 10 points here); absent when none */
  others?: string[];
  /**
   * [column id, source label, decimals]: the precision each publication printed each column at, over the whole
   * board (lib/leaderboard/published-precision.ts), computed on the server by tableProps so the page's JavaScript
   * does not carry the computation. Absent when the board has no reported figure.
   */
  precision?: [string, string, number][];
}

/**
 * Fifteen significant digits: drops binary noise (0.026779999999999998 -> 0.02678) and changes no figure the
 * table prints (at most 6 decimals). Used for previous values and bounds shipped as such; the values themselves
 * are sorted and ranked on, and stay exactly as the server has them.
 */
const trim = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? Number(x.toPrecision(15)) : null);

function indexOf(list: string[], item: string | null | undefined): number | null {
  if (item === null || item === undefined) return null;
  const at = list.indexOf(item);
  if (at >= 0) return at;
  list.push(item);
  return list.length - 1;
}

/** The bounds back from their distances to the value (see PackedCell). */
function boundsFrom(value: number, low: number, high: number, decimals: number): [number, number] {
  const unit = 10 ** decimals;
  return [value - low / unit, value + high / unit];
}

/** What the table shows of an interval: the interval itself (CI column, hover note) and its "±" half-width. */
const shownInterval = (low: number | null, high: number | null, decimals: number) =>
  `${formatInterval(low, high, decimals)} ${formatMetric(ciHalfWidth(low, high), decimals)}`;

/**
 * An interval as distances below and above the value (PackedCell), with the fewest decimals that show the same
 * figures as the exact bounds; null when none does (then the bounds are shipped as they are).
 */
export function packInterval(value: number, ciLow: number, ciHigh: number, decimals: number): [number, number] | null {
  const unit = 10 ** decimals;
  const shown = shownInterval(ciLow, ciHigh, decimals);
  for (let digits = 0; digits <= 6; digits++) {
    const low = Number(((value - ciLow) * unit).toFixed(digits));
    const high = Number(((ciHigh - value) * unit).toFixed(digits));
    if (shownInterval(...boundsFrom(value, low, high, decimals), decimals) === shown) return [low, high];
  }
  return null;
}

function packCell(
  cell: MetricCell | undefined,
  column: LeaderboardColumn,
  usualJudge: string | null,
  judges: string[],
  versions: string[],
  others: string[],
): PackedCell | null {
  if (!cell) return null;
  const { value, ciLow, ciHigh } = cell;
  const hasInterval = typeof ciLow === "number" && Number.isFinite(ciLow) && typeof ciHigh === "number" && Number.isFinite(ciHigh);
  const distances = hasInterval && typeof value === "number" && Number.isFinite(value) ? packInterval(value, ciLow, ciHigh, column.decimals) : null;
  const judge =
    column.kind === "judge" && usualJudge !== null
      ? cell.judgeProfile === usualJudge
        ? null
        : cell.judgeProfile === null
          ? -1
          : indexOf(judges, cell.judgeProfile)
      : indexOf(judges, cell.judgeProfile);
  const out: (number | null)[] = [
    value,
    cell.n,
    distances?.[0] ?? null,
    distances?.[1] ?? null,
    judge,
    cell.previous ? trim(cell.previous.value) : null,
    cell.previous ? indexOf(versions, cell.previous.scoreVersion) : null,
    hasInterval && !distances ? trim(ciLow) : null,
    hasInterval && !distances ? trim(ciHigh) : null,
    cell.noised ? (cell.noised.step ?? 0) : null,
    cell.otherReported ? cell.otherReported.value : null,
    cell.otherReported ? indexOf(others, cell.otherReported.source) : null,
    cell.reportedBy ? indexOf(others, cell.reportedBy) : null,
  ];
  while (out.length > 1 && out[out.length - 1] === null) out.pop();
  // with a previous value after it, the usual judge's index (0) is shorter than a null
  if (out.length > 5 && judge === null && usualJudge !== null && column.kind === "judge" && cell.judgeProfile === usualJudge) out[4] = 0;
  return out;
}

/** The judge profile most of the board's judge cells name (each of them then leaves it out), or null. */
function usualJudgeOf(board: Leaderboard): string | null {
  const counts = new Map<string, number>();
  for (const column of board.columns) {
    if (column.kind !== "judge") continue;
    for (const row of board.rows) {
      const profile = row.cells[column.id]?.judgeProfile;
      if (profile) counts.set(profile, (counts.get(profile) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  for (const [profile, count] of counts) if (best === null || count > counts.get(best)!) best = profile;
  return best;
}

/** The read model as the page ships it (see the module comment); `precision` is added by tableProps. */
export function packBoard(board: Leaderboard): PackedLeaderboard {
  const usualJudge = usualJudgeOf(board);
  const judges: string[] = usualJudge === null ? [] : [usualJudge];
  const versions: string[] = [];
  const others: string[] = [];
  const rows = board.rows.map((row): PackedRow => {
    // The submission id is for the downloads (built on the server), not the table. Null fields are left out: most
    // rows have no note, source or uploader; a benchmark's own fields too (the table shows and filters on the flag
    // only; downloads and the API carry them).
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
      fl: row.flag ?? null,
      ur: row.unranked ?? null,
      pu: row.packUrl,
      iu: row.itemsUrl,
      rs: row.rewardsFromService,
      sp: row.systemPage === false ? 0 : null,
      bb: row.belowBaseline ?? null,
      bc: row.belowContentless ?? null,
      rp: row.reported ?? null,
      rv: row.review ?? null,
      sy: row.syntheticData === true ? 1 : null,
      cv: row.coverage ?? null,
      mf: row.facts ?? null,
      rc: row.runCost ?? null,
    };
    const kept = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== null && v !== undefined)) as Partial<PackedRow>;
    return {
      s: row.systemSlug,
      n: row.systemName,
      k: ROW_KINDS.indexOf(row.kind),
      t: RESULT_TIERS.indexOf(row.tier),
      ...kept,
      c: board.columns.map((c) => packCell(row.cells[c.id], c, usualJudge, judges, versions, others)),
    };
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
    ...(usualJudge === null ? {} : { judge: 0 }),
    versions,
    ...(others.length ? { others } : {}),
  };
}

const at = (cell: PackedCell, i: number) => cell[i] ?? null;

/** A packed row's tier (`t` is its index in RESULT_TIERS). */
export const tierOf = (row: PackedRow): ResultTier => RESULT_TIERS[row.t]!;

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
      const value = at(cell, 0);
      const low = at(cell, 2);
      const high = at(cell, 3);
      const [ciLow, ciHigh] = value !== null && low !== null && high !== null ? boundsFrom(value, low, high, column.decimals) : [at(cell, 7), at(cell, 8)];
      const judge = at(cell, 4) ?? (column.kind === "judge" ? (packed.judge ?? null) : null);
      const previousVersion = at(cell, 6);
      cells[column.id] = {
        value,
        n: at(cell, 1),
        ciLow,
        ciHigh,
        judgeProfile: judge === null || judge < 0 ? null : (packed.judges[judge] ?? null),
        previous: previousVersion === null ? null : { value: at(cell, 5), scoreVersion: packed.versions[previousVersion] ?? "" },
      };
      const noised = at(cell, 9);
      if (noised !== null) cells[column.id]!.noised = { step: noised > 0 ? noised : null };
      const otherValue = at(cell, 10);
      const otherSource = at(cell, 11);
      if (otherValue !== null && otherSource !== null) cells[column.id]!.otherReported = { value: otherValue, source: packed.others?.[otherSource] ?? "" };
      const reportedBy = at(cell, 12);
      if (reportedBy !== null) cells[column.id]!.reportedBy = packed.others?.[reportedBy] ?? "";
    });
    return {
      rowId: row.id ?? defaultRowId({ systemSlug: row.s, tier: tierOf(row) }),
      systemSlug: row.s,
      systemName: row.n,
      organisation: row.o ?? null,
      kind: ROW_KINDS[row.k]!,
      backbone: row.b ?? null,
      openWeights: row.w ?? null,
      tier: tierOf(row),
      sourceLabel: row.sl ?? null,
      sourceUrl: row.su ?? null,
      note: row.nt ?? null,
      submissionId: null,
      submittedBy: row.by ?? null,
      submittedAt: row.at ?? null,
      flag: row.fl ?? null,
      ...(row.ur ? { unranked: row.ur } : {}),
      ...(row.pu ? { packUrl: row.pu } : {}),
      ...(row.iu ? { itemsUrl: row.iu } : {}),
      ...(row.rs ? { rewardsFromService: row.rs } : {}),
      ...(row.sp === 0 ? { systemPage: false } : {}),
      ...(row.bb ? { belowBaseline: row.bb } : {}),
      ...(row.bc ? { belowContentless: row.bc } : {}),
      ...(row.rp ? { reported: row.rp } : {}),
      ...(row.rv ? { review: row.rv } : {}),
      ...(row.sy === 1 ? { syntheticData: true } : {}),
      ...(row.cv ? { coverage: row.cv } : {}),
      ...(row.mf ? { facts: row.mf } : {}),
      ...(row.rc ? { runCost: row.rc } : {}),
      cells,
    };
  });
  return { id: packed.id, title: packed.title, split: packed.split, defaultSort: packed.defaultSort, columns: packed.columns, rows, notes: packed.notes };
}
