import type { Leaderboard } from "./types";

/**
 * Flattens a leaderboard into rows of plain fields for CSV and JSON downloads: identity columns, then per
 * metric its value, n and 95% CI bounds. Row order is the default ranking (nulls last).
 */
export function leaderboardRecords(board: Leaderboard): Record<string, string | number | boolean | null>[] {
  const sortColumn = board.columns.find((c) => c.id === board.defaultSort);
  const sign = sortColumn?.direction === "lower" ? 1 : -1;
  const sorted = [...board.rows].sort((a, b) => {
    const av = a.cells[board.defaultSort]?.value ?? null;
    const bv = b.cells[board.defaultSort]?.value ?? null;
    if (av === null && bv === null) return a.systemName.localeCompare(b.systemName);
    if (av === null) return 1;
    if (bv === null) return -1;
    return av === bv ? a.systemName.localeCompare(b.systemName) : sign * (av - bv);
  });
  return sorted.map((row) => {
    const record: Record<string, string | number | boolean | null> = {
      system: row.systemName,
      system_slug: row.systemSlug,
      organisation: row.organisation,
      kind: row.kind,
      backbone: row.backbone,
      open_weights: row.openWeights,
      tier: row.tier,
      source: row.sourceLabel,
      source_url: row.sourceUrl,
      submission_id: row.submissionId,
    };
    for (const column of board.columns) {
      const cell = row.cells[column.id];
      record[column.id] = cell?.value ?? null;
      record[`${column.id}__n`] = cell?.n ?? null;
      record[`${column.id}__ci_low`] = cell?.ciLow ?? null;
      record[`${column.id}__ci_high`] = cell?.ciHigh ?? null;
      if (column.kind === "judge") record[`${column.id}__judge`] = cell?.judgeProfile ?? null;
    }
    return record;
  });
}
