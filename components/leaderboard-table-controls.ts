"use client";

import { createContext, useContext } from "react";
import type { TableQuery } from "@/lib/leaderboard/table-state";

/**
 * What a LeaderboardTable shares with the controls a page puts above it (its `controls` slot, e.g. a pipeline
 * benchmark's data-scope links): the table's live query, and the classes that fold a control into the "Table
 * options" on a phone while they are closed.
 */
type TableControls = { query: TableQuery; folded: string };

export const TableControlsContext = createContext<TableControls | null>(null);

export function useTableControls(): TableControls {
  const controls = useContext(TableControlsContext);
  if (!controls) throw new Error("useTableControls: only a LeaderboardTable's `controls` read the table's state");
  return controls;
}
