import type { Leaderboard, LeaderboardRow, MetricCell } from "./types";

/**
 * One row per system: a system with the authors' reported figures and a run this server scored from the authors'
 * released outputs (tier `rescored`) stands once, not twice. The row is the re-scored one: where the server computed
 * a figure, that figure (exact, with its CI) is the cell and ranks, and the reported figure stands beside it in the
 * cell (`otherReported`, its source named); where the server has none (a judge track without a judge, the paper's
 * Task 3 column on the authors' pools), the reported figure is the cell, marked `reportedBy` its source. The row's
 * `reported` names the reported source, so its tier badge says which figures are which. A system's flagged run (its
 * benchmark's check) is never merged (it is listed apart, on request), and claimed rows (a third party's import) and uploads
 * keep rows of their own. Every rank then counts each system once. Pure: no I/O.
 */

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** The reported row's cell placed into the re-scored row's cell (or standing in for it). */
function mergedCell(scored: MetricCell | undefined, reported: MetricCell | undefined, source: string): MetricCell | undefined {
  if (!reported || !finite(reported.value)) return scored;
  if (scored && finite(scored.value)) return { ...scored, otherReported: { value: reported.value, source } };
  return { ...reported, reportedBy: source };
}

function merge(scored: LeaderboardRow, reported: LeaderboardRow): LeaderboardRow {
  const source = reported.sourceLabel?.trim() || "the authors' paper";
  const cells: LeaderboardRow["cells"] = {};
  for (const id of new Set([...Object.keys(scored.cells), ...Object.keys(reported.cells)])) {
    const cell = mergedCell(scored.cells[id], reported.cells[id], source);
    if (cell) cells[id] = cell;
  }
  const ids = [...(scored.submissionIds ?? (scored.submissionId ? [scored.submissionId] : [])), ...(reported.submissionIds ?? [])];
  return {
    ...scored,
    reported: { sourceLabel: reported.sourceLabel, sourceUrl: reported.sourceUrl },
    note: [scored.note, reported.note].filter(Boolean).join(" ") || null,
    facts: scored.facts ?? reported.facts ?? null,
    ...(ids.length > 0 ? { submissionIds: ids } : {}),
    cells,
  };
}

/** The board with each system's reported row folded into its re-scored row(s), where it has both. */
export function oneRowPerSystem(board: Leaderboard): Leaderboard {
  const scoredSlugs = new Set(board.rows.filter((r) => r.tier === "rescored" && !r.flag && r.kind !== "baseline").map((r) => r.systemSlug));
  // a system's reported rows (two publications on a track's board) as one: the first row's figure where both have one
  const reportedOf = new Map<string, LeaderboardRow>();
  for (const row of board.rows) {
    if (row.tier !== "reported" || !scoredSlugs.has(row.systemSlug)) continue;
    const first = reportedOf.get(row.systemSlug);
    reportedOf.set(
      row.systemSlug,
      first ? { ...first, cells: { ...row.cells, ...first.cells }, submissionIds: [...(first.submissionIds ?? []), ...(row.submissionIds ?? [])] } : row,
    );
  }
  if (reportedOf.size === 0) return board;
  const rows = board.rows.flatMap((row): LeaderboardRow[] => {
    const reported = reportedOf.get(row.systemSlug);
    if (!reported) return [row];
    if (row.tier === "reported") return [];
    return row.tier === "rescored" && !row.flag ? [merge(row, reported)] : [row];
  });
  return { ...board, rows };
}
