import type { UploadCoverage } from "@/lib/submissions/contracts";
import type { AnyTrack, RowProblem } from "./types";

/** ids shown in a message and kept in the coverage report, first of each kind */
const SHOWN_IDS = 20;

/**
 * A track's coverage rule, the platform's for every module: an upload covers each item the track's input expects
 * exactly once (an aggregate over fewer items would rank a different population). Unknown and repeated ids name
 * their line; missing ones are named (the first 20) on one file-level problem. The coverage is counted from the
 * same rows, so a refusal reports what was found.
 */
export function checkItems(
  track: Pick<AnyTrack, "items">,
  input: unknown,
  rows: readonly (Record<string, unknown> & { line: number })[],
): { problems: RowProblem[]; coverage: UploadCoverage } {
  const { field, noun } = track.items;
  const expected = track.items.ids(input);
  const known = new Set(expected);
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  const unknownIds: string[] = [];
  const duplicateIds: string[] = [];
  for (const row of rows) {
    const id = track.items.idOf(row);
    if (!known.has(id)) {
      unknownIds.push(id);
      problems.push({ line: row.line, field, message: `unknown ${field} ${JSON.stringify(id)}: not in the evaluation set` });
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      duplicateIds.push(id);
      problems.push({ line: row.line, field, message: `${field} ${JSON.stringify(id)} repeated (first on line ${first})` });
      continue;
    }
    seen.set(id, row.line);
  }
  const missingIds = expected.filter((id) => !seen.has(id));
  if (missingIds.length > 0) {
    const shown = missingIds.slice(0, SHOWN_IDS).join(", ");
    problems.push({ line: null, field, message: `${missingIds.length} ${noun}(s) missing: ${shown}${missingIds.length > SHOWN_IDS ? ", ..." : ""}` });
  }
  const coverage: UploadCoverage = {
    expected: expected.length,
    valid: seen.size,
    missing: missingIds.length,
    duplicate: duplicateIds.length,
    unknown: unknownIds.length,
    rejected: 0,
    missingIds: missingIds.slice(0, SHOWN_IDS),
    unknownIds: unknownIds.slice(0, SHOWN_IDS),
    duplicateIds: duplicateIds.slice(0, SHOWN_IDS),
  };
  return { problems, coverage };
}
