import { z } from "zod";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { parseTableQuery, TABLE_QUERY_PARAMS, type TableQuery } from "./table-state";

/*
 * The download endpoints' `format` (server only: lib/leaderboard/table-state.ts, which the browser loads, reads the
 * view's own parameters without zod; this one is a zod schema carrying its documentation for /api-docs).
 */

/** `format` of the download endpoints (not part of the view: the same view downloads in either format). */
export const DownloadFormat = z.enum(["json", "csv", "eee"]).default("json").meta({
  description:
    "`json` (default) or `csv`: the rows exactly as the page shows them with the same parameters (all matching rows, not only the first page). `eee`: every public row of the benchmark as Every Eval Ever records and Hugging Face `.eval_results` YAML, in a zip (docs/every-eval-ever.md).",
});

/**
 * Every parameter a view's API (`/api/v1/leaderboards/…`, the snapshot) takes: the table query's and `format`.
 * Anything else is answered 400 there (lib/http/unknown-params.ts).
 */
export const VIEW_API_PARAMS: readonly string[] = [...Object.keys(TABLE_QUERY_PARAMS), "format"];

/** Reads `format`, naming the parameter when it is wrong. */
export function parseFormat<T extends z.ZodType>(schema: T, params: URLSearchParams): { ok: true; format: z.infer<T> } | { ok: false; issue: string } {
  const raw = params.get("format") ?? undefined;
  const parsed = schema.safeParse(raw === "" ? undefined : raw);
  if (parsed.success) return { ok: true, format: parsed.data };
  return { ok: false, issue: `format: ${parsed.error.issues[0]?.message ?? "invalid"} (got ${JSON.stringify(raw)})` };
}

/**
 * A view request's parameters (`format` of `schema`, the table query, nothing else), or every problem with them
 * named by its parameter for the 400.
 */
export function parseViewParams<T extends z.ZodType>(
  schema: T,
  search: URLSearchParams,
): { ok: true; format: z.infer<T>; query: TableQuery } | { ok: false; issues: string[] } {
  const format = parseFormat(schema, search);
  const parsed = parseTableQuery(search);
  const unknown = unknownParamsIssue(search, VIEW_API_PARAMS);
  if (format.ok && parsed.ok && !unknown) return { ok: true, format: format.format, query: parsed.query };
  return { ok: false, issues: [...(format.ok ? [] : [format.issue]), ...(parsed.ok ? [] : parsed.issues), ...(unknown ? [unknown] : [])] };
}
