import { parseTableQuery, type TableQuery } from "./table-state";

/** Which rows a page or API call shows; the data part of the table query (lib/leaderboard/table-state.ts). */
type ScopeQuery = Pick<TableQuery, "benchmark" | "split">;

/** The scope a URL asks for, or null when its benchmark or split is not a valid one (a missing one is the default). */
export function requestedScope(params: { benchmark?: string; split?: string }): ScopeQuery | null {
  const parsed = parseTableQuery({ benchmark: params.benchmark, split: params.split });
  return parsed.ok ? { benchmark: parsed.query.benchmark, split: parsed.query.split } : null;
}
