import { z } from "zod";
import type { ItemRowsDeclaration } from "../types";
import { REWARD_ALIASES } from "./reward-models";
import type { SelectionResult, UserResult } from "./score-users";

/**
 * The per-user rows of a PersonalLLM upload (ScoreResult.items), for the submission page and its downloads:
 * the user's persona-weighted score, the two wins and each reward model's z-score (selection adds the chosen
 * candidate). Public: PersonalLLM has no hidden gold; the evaluation set's weights and baselines are published,
 * so a user's figures tell nobody anything they could not compute from the upload itself.
 */
const zColumn = (alias: string) => `z_${alias}`;

const UserFigures = z
  .object({
    score: z.number(),
    win_vs_best: z.boolean(),
    win_vs_gpt4o: z.boolean(),
    ...Object.fromEntries(REWARD_ALIASES.map((alias) => [zColumn(alias), z.number()])),
  })
  .catchall(z.number());

function userFigures(item: UserResult): Record<string, number | boolean> {
  return {
    score: item.score,
    win_vs_best: item.winVsBest,
    win_vs_gpt4o: item.winVsGpt4o,
    ...Object.fromEntries(REWARD_ALIASES.map((alias, k) => [zColumn(alias), item.z[k]!])),
  };
}

const columns: ItemRowsDeclaration["columns"] = [
  { id: "score", label: "Score", decimals: 4, sortable: true },
  { id: "win_vs_best", label: "Beats best-of-8" },
  { id: "win_vs_gpt4o", label: "Beats GPT-4o" },
  ...REWARD_ALIASES.map((alias) => ({ id: zColumn(alias), label: `z ${alias}`, decimals: 3, table: false })),
];

export const rewardsItemRows: ItemRowsDeclaration<UserResult> = {
  key: (item) => item.personId,
  figures: userFigures,
  schema: UserFigures,
  columns,
  public: true,
};

export const selectionItemRows: ItemRowsDeclaration<SelectionResult> = {
  key: (item) => item.personId,
  figures: (item) => ({ ...userFigures(item), choice: item.choice }),
  schema: UserFigures.extend({ choice: z.number().int().min(0) }),
  columns: [{ id: "choice", label: "Chosen candidate" }, ...columns],
  public: true,
};
