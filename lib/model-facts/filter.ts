/**
 * Model-fact filters of a table view: `open=1`, `params_max=<billions>` and `license=<id>` in the URL, and the same
 * as operators typed in the board's search box (`open:yes params:<20 license:mit`). No zod here: the browser's
 * table runs this on every keystroke (see lib/leaderboard/table-state.ts for why zod stays out of it).
 */

/** What a row shows of its model's facts (lib/leaderboard/types.ts carries it as `facts`). */
interface RowFacts {
  paramsB: number | null;
  activeParamsB: number | null;
  license: string | null;
  releaseDate: string | null;
  modelUrl: string | null;
}

export interface FactFilter {
  /** only rows whose model has open weights */
  open?: boolean;
  /** closed weights only (`open:no` in the search box) */
  closed?: boolean;
  /** total parameters at most this many billions (a row without a parameter count does not match) */
  paramsMax?: number;
  /** total parameters under this many billions (strictly: `params:<20`) */
  paramsBelow?: number;
  /** total parameters at least this many billions */
  paramsMin?: number;
  /** total parameters over this many billions (strictly: `params:>20`) */
  paramsAbove?: number;
  /** licence ids, compared case-insensitively */
  licenses?: string[];
}

interface FactRow {
  openWeights: boolean | null;
  facts?: RowFacts | null;
}

/** A licence id as the filter compares it: SPDX ids are case-insensitive ("MIT" = "mit"). */
const licenseKey = (id: string) => id.trim().toLowerCase();

export function matchesFactFilter(row: FactRow, filter: FactFilter): boolean {
  if (filter.open && row.openWeights !== true) return false;
  if (filter.closed && row.openWeights !== false) return false;
  const params = row.facts?.paramsB ?? null;
  if (filter.paramsMax !== undefined && (params === null || params > filter.paramsMax)) return false;
  if (filter.paramsBelow !== undefined && (params === null || params >= filter.paramsBelow)) return false;
  if (filter.paramsMin !== undefined && (params === null || params < filter.paramsMin)) return false;
  if (filter.paramsAbove !== undefined && (params === null || params <= filter.paramsAbove)) return false;
  if (filter.licenses && filter.licenses.length > 0) {
    const license = row.facts?.license;
    if (!license || !filter.licenses.map(licenseKey).includes(licenseKey(license))) return false;
  }
  return true;
}

const YES = new Set(["yes", "true", "1", "y"]);
const NO = new Set(["no", "false", "0", "n"]);
const OPERATOR = /^(open|params|license|licence):(.+)$/i;
const COMPARISON = /^(<=|>=|<|>|=)?(\d+(?:\.\d+)?)b?$/i;

/**
 * Splits a search box's text into free text and fact operators: `open:yes`, `open:no`, `params:<20` (also `<=`,
 * `>`, `>=`, `=`; a trailing `b` is allowed: `params:<20b`), `license:apache-2.0`. A token that looks like an
 * operator but has a value it cannot read stays in the free text, so it simply matches nothing by name.
 */
export function parseSearchOperators(q: string | undefined): { text: string; filter: FactFilter } {
  const filter: FactFilter = {};
  const rest: string[] = [];
  for (const token of (q ?? "").split(/\s+/).filter(Boolean)) {
    const op = OPERATOR.exec(token);
    if (!op) {
      rest.push(token);
      continue;
    }
    const key = op[1]!.toLowerCase();
    const value = op[2]!.toLowerCase();
    if (key === "open" && YES.has(value)) filter.open = true;
    else if (key === "open" && NO.has(value)) filter.closed = true;
    else if (key === "license" || key === "licence") filter.licenses = [...(filter.licenses ?? []), value];
    else if (key === "params" && COMPARISON.test(value)) {
      const [, cmp, num] = COMPARISON.exec(value)!;
      const n = Number(num);
      if (cmp === "<") filter.paramsBelow = n;
      else if (cmp === "<=") filter.paramsMax = n;
      else if (cmp === ">") filter.paramsAbove = n;
      else if (cmp === ">=") filter.paramsMin = n;
      else {
        filter.paramsMin = n;
        filter.paramsMax = n;
      }
    } else rest.push(token);
  }
  return { text: rest.join(" "), filter };
}
