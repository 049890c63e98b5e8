import { testRow } from "@/tests/fixtures/leaderboard-rows";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, ResultTier } from "@/lib/leaderboard/types";

export type TestRow = {
  slug: string;
  name?: string;
  tier?: ResultTier;
  values: Record<string, number | null | undefined>;
  intervals?: Record<string, [number, number]>;
};

/** Test helper: a board with the given columns and rows of plain numbers (null = no figure). */
export function testBoard(columnIds: string[], rows: TestRow[]): Leaderboard {
  const columns: LeaderboardColumn[] = columnIds.map((id) => ({
    id,
    label: id,
    description: "",
    direction: "higher",
    decimals: 4,
    scale: "unit",
    kind: "deterministic",
  }));
  const boardRows: LeaderboardRow[] = rows.map((r, i) =>
    testRow(`row-${i}`, {
      systemSlug: r.slug,
      systemName: r.name ?? r.slug,
      tier: r.tier ?? "reported",
      cells: Object.fromEntries(
        Object.entries(r.values).map(([k, value]) => [
          k,
          { value: value ?? null, n: null, ciLow: r.intervals?.[k]?.[0] ?? null, ciHigh: r.intervals?.[k]?.[1] ?? null, judgeProfile: null },
        ]),
      ),
    }),
  );
  return { id: "test", title: "test", split: "full", defaultSort: columnIds[0] ?? "", columns, rows: boardRows, notes: [] };
}
