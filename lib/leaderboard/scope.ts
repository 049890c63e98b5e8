import { z } from "zod/mini";
import { readTableQuery, TableQuery } from "./table-state";

/** Which rows a page or API call shows; the data part of the table query (lib/leaderboard/table-state.ts). */
export const ScopeQuery = z.pick(TableQuery, { benchmark: true, split: true });
export type ScopeQuery = z.infer<typeof ScopeQuery>;

export function parseScope(params: Record<string, string | string[] | undefined>): ScopeQuery {
  const { benchmark, split } = readTableQuery(params);
  return { benchmark, split };
}
