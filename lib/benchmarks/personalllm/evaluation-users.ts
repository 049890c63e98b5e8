import type { ItemsDeclaration } from "../types";
import type { EvalUser } from "./schemas";

/**
 * An upload must cover each evaluation user exactly once: PersonalLLM's aggregates are over all 1,000 users,
 * so a missing user would silently change the population (the platform checks it: lib/benchmarks/check-items.ts).
 */
export const evaluationUsers: ItemsDeclaration<{ users: readonly EvalUser[] }, { person_id: string }> = {
  field: "person_id",
  noun: "evaluation user",
  ids: ({ users }) => users.map((u) => u.personId),
  idOf: (row) => row.person_id,
};
