import { DEFAULT_DATA_VERSION, dataVersionAlias } from "@/lib/benchmarks/data-version-names";
import { RESULT_TIERS, SYSTEM_KINDS, type ResultTier, type SystemKind } from "./enums";

/**
 * Everything that defines one table view, as URL query parameters: which data (benchmark, split, score
 * version) and how it is shown (sort, search, filters, columns, pins). ONE declaration (TABLE_QUERY_PARAMS), read
 * by the pages, the client table and the read API, so a copied URL and a download link show the same rows in the
 * same order; /api-docs documents it through a zod schema built from it (lib/leaderboard/table-query-docs.ts).
 * Lists are comma-separated (`kind=general_llm,memory_system`) or repeated (`org=OpenAI&org=Google`).
 * No zod here: the browser reads its own URL with this module, and zod (classic 31 KB gzip, zod/mini and its core
 * 24 KB) was the largest part of a leaderboard page's JavaScript after React and Next.
 */

// row ids of a system per tier read "<slug>~<tier>" (lib/benchmarks/alpsbench/read/queries/leaderboard.ts): "~" must survive a permalink
const ID = /^[A-Za-z0-9_./:~-]{1,80}$/;
/** most items a list parameter takes */
export const LIST_MAX = 200;

const SPLITS = ["all", "full", "dev", "validation", "test"] as const;
const WEIGHTS = ["open", "closed"] as const;
const SORT_DIRECTIONS = ["asc", "desc"] as const;
const FLAG = ["0", "1"] as const;
/** pseudo column id: sort by system name */
export const SYSTEM_SORT = "system";

/**
 * One parameter: `text` (a pattern or a length, with the message naming what is expected), `enum` (one of
 * `values`), or `list` (items each one of `values`, matching `pattern`, or text up to `maxLength`; at most
 * LIST_MAX). A parameter with a `default` always has a value; a list defaults to empty; any other may be absent.
 */
export type QueryParam =
  | { type: "text"; pattern?: RegExp; maxLength?: number; message: string; default?: string }
  | { type: "enum"; values: readonly string[]; default?: string }
  | { type: "list"; values?: readonly string[]; pattern?: RegExp; maxLength?: number; message?: string };

export interface TableQuery {
  benchmark: string;
  split: (typeof SPLITS)[number];
  version?: string;
  sort?: string;
  dir?: (typeof SORT_DIRECTIONS)[number];
  q?: string;
  kind: SystemKind[];
  tier: ResultTier[];
  runs: "best" | "all";
  flagged: "0" | "1";
  weights?: (typeof WEIGHTS)[number];
  org: string[];
  cols: string[];
  ci: "0" | "1";
  pin: string[];
  density: "compact" | "comfortable";
  /** "1": the table shows the board's detail columns (LeaderboardColumn.detail); display only */
  detail: "0" | "1";
  all: "0" | "1";
  /** "1": open-weights models only (lib/model-facts/filter.ts) */
  open: "0" | "1";
  /** total parameters at most this many billions */
  params_max?: string;
  /** licence ids (SPDX-like, case-insensitive) */
  license: string[];
}

/** The table query's parameters, in URL order (serializeTableQuery). */
export const TABLE_QUERY_PARAMS = {
  benchmark: { type: "text", pattern: /^[a-z0-9-]{1,64}$/, message: "a benchmark slug (lowercase letters, digits, dashes)", default: DEFAULT_DATA_VERSION },
  split: { type: "enum", values: SPLITS, default: "full" },
  version: { type: "text", pattern: /^[A-Za-z0-9._-]{1,64}$/, message: "a score version such as det-1.0.0" },
  sort: { type: "text", pattern: ID, message: "a column id, or `system`" },
  dir: { type: "enum", values: SORT_DIRECTIONS },
  q: { type: "text", maxLength: 100, message: "at most 100 characters" },
  kind: { type: "list", values: SYSTEM_KINDS },
  tier: { type: "list", values: RESULT_TIERS },
  runs: { type: "enum", values: ["best", "all"], default: "best" },
  flagged: { type: "enum", values: FLAG, default: "0" },
  weights: { type: "enum", values: WEIGHTS },
  org: { type: "list", maxLength: 100 },
  cols: { type: "list", pattern: ID, message: "a column id" },
  ci: { type: "enum", values: FLAG, default: "0" },
  pin: { type: "list", pattern: ID, message: "a row id" },
  density: { type: "enum", values: ["compact", "comfortable"], default: "compact" },
  detail: { type: "enum", values: FLAG, default: "0" },
  all: { type: "enum", values: FLAG, default: "0" },
  open: { type: "enum", values: FLAG, default: "0" },
  params_max: { type: "text", pattern: /^\d{1,6}(\.\d{1,3})?$/, message: "a number of billions of parameters, e.g. 20 or 7.5" },
  license: { type: "list", pattern: /^[A-Za-z0-9][A-Za-z0-9.+-]{0,63}$/, message: "a licence id such as MIT, Apache-2.0 or proprietary" },
} as const satisfies { [K in keyof TableQuery]-?: QueryParam };

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

const KEYS = Object.keys(TABLE_QUERY_PARAMS) as (keyof TableQuery)[];
const PARAMS: Record<keyof TableQuery, QueryParam> = TABLE_QUERY_PARAMS;

function values(params: RawParams, key: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(key);
  const value = params[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Query parameters as the schema's input: lists split on commas, scalars take the first value, empty = absent. */
function toInput(params: RawParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const raw = values(params, key);
    if (PARAMS[key].type === "list") {
      const items = raw
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== "");
      if (items.length > 0) out[key] = [...new Set(items)];
    } else {
      const first = raw[0]?.trim();
      if (first) out[key] = key === "benchmark" ? dataVersionAlias(first) : first;
    }
  }
  return out;
}

type ParsedTableQuery = { ok: true; query: TableQuery } | { ok: false; query: TableQuery; issues: string[] };

const oneOf = (values: readonly string[]) => `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join("|")}`;

/** What is wrong with one value of a parameter (a scalar, or one item of a list), or null. */
function problem(param: QueryParam, value: string): string | null {
  if (param.type === "enum" || (param.type === "list" && param.values)) return param.values!.includes(value) ? null : oneOf(param.values!);
  if (param.pattern && !param.pattern.test(value)) return param.message ?? "Invalid input";
  if (param.maxLength !== undefined && value.length > param.maxLength) return param.message ?? `Too big: expected string to have <=${param.maxLength} characters`;
  return null;
}

/**
 * Strict reading for the API: every problem named by its parameter. `query` is still usable (the invalid
 * parameters fall back to their defaults), which is how pages read a hand-edited URL without failing.
 */
export function parseTableQuery(params: RawParams): ParsedTableQuery {
  const input = toInput(params);
  const query: Record<string, unknown> = {};
  const issues: string[] = [];
  for (const key of KEYS) {
    const param = PARAMS[key];
    const raw = input[key];
    const fallback = param.type === "list" ? [] : param.default;
    let bad = false;
    if (Array.isArray(raw)) {
      if (raw.length > LIST_MAX) {
        issues.push(`${key}: Too big: expected array to have <=${LIST_MAX} items (got ${JSON.stringify(raw)})`);
        bad = true;
      }
      for (const item of raw) {
        const message = problem(param, item);
        if (message) issues.push(`${key}: ${message} (got ${JSON.stringify(item)})`);
        bad ||= message !== null;
      }
    } else if (typeof raw === "string") {
      const message = problem(param, raw);
      if (message) issues.push(`${key}: ${message} (got ${JSON.stringify(raw)})`);
      bad = message !== null;
    }
    const value = raw === undefined || bad ? fallback : raw;
    if (value !== undefined) query[key] = value;
  }
  const parsed = query as unknown as TableQuery;
  return issues.length === 0 ? { ok: true, query: parsed } : { ok: false, query: parsed, issues };
}

/** Pages: a bad parameter is dropped (the view falls back to its default), never an error page. */
export function readTableQuery(params: RawParams): TableQuery {
  return parseTableQuery(params).query;
}

export const DEFAULT_TABLE_QUERY: TableQuery = readTableQuery({});

/**
 * The shortest query string for a view: defaults are left out, so the canonical URL of the default view is
 * the bare path. Keys come in schema order so equal views give equal URLs.
 */
export function serializeTableQuery(query: TableQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const key of KEYS) {
    const value = query[key];
    const fallback = DEFAULT_TABLE_QUERY[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else if (value !== fallback) {
      params.set(key, value);
    }
  }
  return params.toString();
}

/** The data scope (what the database query needs) of a table query. */
export function scopeOf(query: TableQuery): { benchmark: string; split: TableQuery["split"]; scoreVersion?: string } {
  return { benchmark: query.benchmark, split: query.split, ...(query.version ? { scoreVersion: query.version } : {}) };
}
