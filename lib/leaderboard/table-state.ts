import { z } from "zod/mini";
import { ResultTier, SystemKind } from "./types";

/**
 * Everything that defines one table view, as URL query parameters: which data (benchmark, split, score
 * version) and how it is shown (sort, search, filters, columns, pins). ONE schema, read by the pages, the
 * client table and the read API, so a copied URL and a download link show the same rows in the same order.
 * Lists are comma-separated (`kind=general_llm,memory_system`) or repeated (`org=OpenAI&org=Google`).
 * zod/mini, like lib/leaderboard/types.ts: the browser reads its own URL with it.
 */

// row ids of a system per tier read "<slug>~<tier>" (lib/db/queries/leaderboard.ts): "~" must survive a permalink
const ID = /^[A-Za-z0-9_./:~-]{1,80}$/;
const list = <T extends z.ZodMiniType>(item: T) => z._default(z.array(item).check(z.maxLength(200)), []);

export const WEIGHTS = ["open", "closed"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
/** pseudo column id: sort by system name */
export const SYSTEM_SORT = "system";

export const TableQuery = z.object({
  benchmark: z._default(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, "a benchmark slug (lowercase letters, digits, dashes)")), "alpsbench-v1"),
  split: z._default(z.enum(["all", "full", "dev", "validation", "test"]), "full"),
  version: z.optional(z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, "a score version such as det-1.0.0"))),
  sort: z.optional(z.string().check(z.regex(ID, "a column id, or `system`"))),
  dir: z.optional(z.enum(SORT_DIRECTIONS)),
  q: z.optional(z.string().check(z.maxLength(100, "at most 100 characters"))),
  kind: list(SystemKind),
  tier: list(ResultTier),
  runs: z._default(z.enum(["best", "all"]), "best"),
  flagged: z._default(z.enum(["0", "1"]), "0"),
  weights: z.optional(z.enum(WEIGHTS)),
  org: list(z.string().check(z.minLength(1), z.maxLength(100))),
  cols: list(z.string().check(z.regex(ID, "a column id"))),
  ci: z._default(z.enum(["0", "1"]), "0"),
  pin: list(z.string().check(z.regex(ID, "a row id"))),
  density: z._default(z.enum(["compact", "comfortable"]), "compact"),
  all: z._default(z.enum(["0", "1"]), "0"),
});
export type TableQuery = z.infer<typeof TableQuery>;
export type TableQueryInput = z.input<typeof TableQuery>;

export const DEFAULT_TABLE_QUERY: TableQuery = TableQuery.parse({});

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

const LIST_KEYS = ["kind", "tier", "org", "cols", "pin"] as const satisfies readonly (keyof TableQuery)[];
const KEYS = Object.keys(TableQuery.shape) as (keyof TableQuery)[];

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
    if ((LIST_KEYS as readonly string[]).includes(key)) {
      const items = raw
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== "");
      if (items.length > 0) out[key] = [...new Set(items)];
    } else {
      const first = raw[0]?.trim();
      if (first) out[key] = first;
    }
  }
  return out;
}

export type ParsedTableQuery = { ok: true; query: TableQuery } | { ok: false; query: TableQuery; issues: string[] };

/**
 * Strict reading for the API: every problem named by its parameter. `query` is still usable (the invalid
 * parameters fall back to their defaults), which is how pages read a hand-edited URL without failing.
 */
export function parseTableQuery(params: RawParams): ParsedTableQuery {
  const input = toInput(params);
  const parsed = TableQuery.safeParse(input);
  if (parsed.success) return { ok: true, query: parsed.data };
  const bad = new Set<string>();
  const issues = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "query");
    bad.add(key);
    const raw = input[key];
    const shown = Array.isArray(raw) && typeof issue.path[1] === "number" ? raw[issue.path[1]] : raw;
    return `${key}: ${issue.message}${shown === undefined ? "" : ` (got ${JSON.stringify(shown)})`}`;
  });
  for (const key of bad) delete input[key];
  return { ok: false, query: TableQuery.parse(input), issues };
}

/** Pages: a bad parameter is dropped (the view falls back to its default), never an error page. */
export function readTableQuery(params: RawParams): TableQuery {
  return parseTableQuery(params).query;
}

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
