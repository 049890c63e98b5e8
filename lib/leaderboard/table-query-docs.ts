import { z } from "zod";
import { LIST_MAX, TABLE_QUERY_PARAMS, type QueryParam, type TableQuery } from "./table-state";

/*
 * What each table query parameter means, for /api-docs. Server only: these texts (2,021 characters) were in every leaderboard
 * page's JavaScript when they sat in the schema itself (the browser loads lib/leaderboard/table-state.ts to read
 * its own URL). The documented schema is the very schema with its fields described, so the API page still shows
 * what the endpoints accept (types, enum members, defaults) straight from it.
 */
export const TABLE_QUERY_DESCRIPTIONS: Record<keyof TableQuery, string> = {
  benchmark: "A hosted benchmark's id or one of its data versions; default: the default data version of the benchmark at `/` (the API page lists them).",
  split: "`full` (reported figures and re-scored released outputs) or one split of uploaded runs; `all` shows every split.",
  version: "Score version of re-scored rows (e.g. `det-1.0.0`); default the latest of each run. Reported rows always show.",
  sort: "Column to sort by: a metric column id (see `columns` in the JSON answer) or `system`. Default: the view's headline metric.",
  dir: "`asc` or `desc`. Default: best first for metrics, A to Z for `system`. Missing values always sort last.",
  q: "Search: keeps rows whose system name, organisation or backbone contains this text (case-insensitive). Operators on model facts: `open:yes`, `open:no`, `params:<20` (also `<=`, `>`, `>=`, `=`), `license:apache-2.0`.",
  kind: "Filter by kind: `general_llm`, `memory_system`, `retrieval_baseline`, `baseline` (the server's reference rows) (comma-separated, any of).",
  tier: "Filter by result tier (comma-separated, any of): `reported` (the authors' figures), `rescored` (scored here from the authors' released outputs or the server's baselines), `submitted` (uploaded, scored here, unreviewed), `verified` (an upload a maintainer checked). Every row carries its `tier`.",
  runs: "`best` (default): one row per system and tier, its best public run on the view's headline metric; `all`: every public run of a single-track view.",
  flagged: "`1` also lists the runs a check flagged (a benchmark's own check, whose name the row's flag gives, or a copy of another run); they are never ranked.",
  weights: "`open` keeps open-weights systems, `closed` closed ones (systems with unknown weights are dropped by either).",
  org: "Filter by organisation (repeat the parameter or comma-separate; any of).",
  cols: "Metric columns to show, in the view's order (comma-separated ids). Default: every column with a value in at least one matching row.",
  ci: "`1` adds a 95% CI column after each metric (downloads always carry `__ci_low`/`__ci_high`).",
  pin: "Row ids to pin on top whatever the sort (shown even when a filter would hide them).",
  density: "`compact` (default: one line per row) or `comfortable` (organisation, kind and source under each name). Display only.",
  detail:
    "`1` shows a board's detail columns on the page (PersonalLLM: the mean z of each reward model), folded away by default so the headline columns fit the window. Display only: the API and the downloads carry them (unless `cols` leaves them out).",
  all: "Pages show the first 50 rows unless `all=1`. Downloads always hold every matching row.",
  open: "`1` keeps models with open weights only (systems whose weights are unknown are dropped).",
  params_max: "Keeps models with at most this many billion total parameters (e.g. `20`); models with no known count are dropped.",
  license: "Keeps models under these licences (SPDX-like ids such as `MIT`, `Apache-2.0`, `proprietary`; comma-separated, any of; case-insensitive).",
};

/** One parameter as a zod schema (what it accepts, its default), for the JSON-schema export of the API documentation. */
function schemaOf(param: QueryParam): z.ZodType {
  if (param.type === "enum") {
    const values = z.enum(param.values as [string, ...string[]]);
    return param.default === undefined ? values.optional() : values.default(param.default);
  }
  let text = z.string();
  if (param.pattern) text = text.regex(param.pattern, param.message);
  if (param.maxLength !== undefined) text = text.max(param.maxLength, param.message);
  if (param.type === "text") return param.default === undefined ? text.optional() : text.default(param.default);
  const item = param.values ? z.enum(param.values as [string, ...string[]]) : text;
  return z.array(item).max(LIST_MAX).default([]);
}

/**
 * The table query (lib/leaderboard/table-state.ts TABLE_QUERY_PARAMS, which the pages, the table and the API read)
 * as a zod schema with each parameter described, for the API documentation (lib/api-spec/schema-fields.ts).
 */
export const DocumentedTableQuery = z.object(
  Object.fromEntries(
    Object.entries(TABLE_QUERY_PARAMS).map(([key, param]) => [key, schemaOf(param).meta({ description: TABLE_QUERY_DESCRIPTIONS[key as keyof TableQuery] })]),
  ),
);
