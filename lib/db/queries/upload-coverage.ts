import type { Db } from "@/lib/db/create-client";
import type { Coverage } from "@/lib/submissions/coverage-text";

/**
 * The uploads among `ids` whose files had rows for only some of their track's instances, with how many of how many
 * (their stored validation report's coverage): a board marks those rows "covered n of N". Reads the two numbers in
 * SQL, not the reports (each holds up to MAX_REPORTED_PROBLEMS problems). One query for a whole board.
 */
export async function partialCoverageOf(db: Db, ids: readonly string[]): Promise<Map<string, Coverage>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; covered: number | null; expected: number | null }[]>`
    SELECT id,
           ("validationReport"->'coverage'->>'valid')::int AS covered,
           ("validationReport"->'coverage'->>'expected')::int AS expected
    FROM "Submission"
    WHERE id = ANY(${[...ids]}::text[]) AND source = 'upload'`;
  const partial = new Map<string, Coverage>();
  for (const row of rows) {
    if (row.covered === null || row.expected === null || row.covered >= row.expected) continue;
    partial.set(row.id, { covered: row.covered, expected: row.expected });
  }
  return partial;
}
