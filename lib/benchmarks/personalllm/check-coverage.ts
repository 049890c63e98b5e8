import type { RowProblem } from "../types";
import type { EvalUser } from "./schemas";

/**
 * An upload must cover each evaluation user exactly once: PersonalLLM's aggregates are over all 1,000 users,
 * so a missing user would silently change the population. Unknown and repeated ids name their line; missing
 * users are named (the first 20) on one file-level problem.
 */
export function checkCoverage({ users }: { users: readonly EvalUser[] }, rows: readonly { line: number; person_id: string }[]): RowProblem[] {
  const known = new Set(users.map((u) => u.personId));
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const { line, person_id: personId } of rows) {
    if (!known.has(personId)) {
      problems.push({ line, field: "person_id", message: `unknown person_id ${JSON.stringify(personId)}: not in the evaluation set` });
      continue;
    }
    const first = seen.get(personId);
    if (first !== undefined) {
      problems.push({ line, field: "person_id", message: `person_id ${JSON.stringify(personId)} repeated (first on line ${first})` });
      continue;
    }
    seen.set(personId, line);
  }
  const missing = users.filter((u) => !seen.has(u.personId)).map((u) => u.personId);
  if (missing.length > 0) {
    const shown = missing.slice(0, 20).join(", ");
    problems.push({
      line: null,
      field: "person_id",
      message: `${missing.length} evaluation user(s) missing: ${shown}${missing.length > 20 ? ", ..." : ""}`,
    });
  }
  return problems;
}
