import { z } from "zod";
import { REWARD_ALIASES, type RewardAlias } from "./reward-models";

/**
 * Boundary shapes of PersonalLLM, one zod schema each: the Hugging Face parquet rows as served (evaluation set,
 * main dataset), the normalised rows the scorer reads, and the upload rows of each track.
 */

export const CANDIDATES = 8;
export const CANDIDATE_INDEXES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const finite = (what: string) => z.number({ error: `${what} must be a finite number` }).refine(Number.isFinite, `${what} must be a finite number`);

/** parquet INT64 columns arrive as bigint; ids are compared as strings everywhere */
const personId = z.union([z.string().min(1).max(200), z.number().int(), z.bigint()]).transform((v) => String(v));

// ---- Hugging Face rows (the importer validates each parquet row with these) ----

/** One row of namkoong-lab/PersonalLLM_Eval. Extra columns (the interaction history) are allowed and ignored. */
export const HfEvalRow = z.looseObject({
  person_id: personId,
  person_weight: z
    .array(finite("person_weight[]"))
    .min(REWARD_ALIASES.length, `person_weight needs at least ${REWARD_ALIASES.length} entries (one per reward model)`),
  test_prompt: z.string(),
  best_response: z.string(),
  best_response_reward: finite("best_response_reward"),
  gpt4o_response: z.string(),
  gpt4o_reward: finite("gpt4o_reward"),
});
export type HfEvalRow = z.infer<typeof HfEvalRow>;

const responseColumns: Record<string, z.ZodType> = {};
for (const i of CANDIDATE_INDEXES) {
  responseColumns[`response_${i}`] = z.string();
  responseColumns[`response_${i}_model`] = z.string();
  for (const alias of REWARD_ALIASES) responseColumns[`response_${i}_${alias}`] = finite(`response_${i}_${alias}`);
}

/** One row of namkoong-lab/PersonalLLM (train or test split): a prompt, 8 responses, 80 reward columns. */
export const HfPromptRow = z.looseObject({
  prompt: z.string(),
  subset: z.string(),
  prompt_id: z.union([z.string(), z.number(), z.bigint()]).transform((v) => String(v)),
  ...responseColumns,
});

// ---- normalised rows (what the scorer reads; stored in the database) ----

export const EvalUser = z.object({
  personId: z.string(),
  /** full person_weight; the first 10 entries weight the reward models in sorted alias order */
  weights: z.array(z.number()),
  testPrompt: z.string(),
  bestResponseReward: z.number(),
  gpt4oReward: z.number(),
  /** shown on pages only; the scorer reads the rewards */
  bestResponse: z.string().optional(),
  gpt4oResponse: z.string().optional(),
});
export type EvalUser = z.infer<typeof EvalUser>;

const Candidate = z.object({
  text: z.string(),
  model: z.string(),
  /** raw reward by alias */
  rewards: z.record(z.string(), z.number()),
});
type Candidate = z.infer<typeof Candidate>;

export const PromptCandidates = z.object({
  promptId: z.string(),
  prompt: z.string(),
  subset: z.string(),
  candidates: z.array(Candidate).length(CANDIDATES),
});
export type PromptCandidates = z.infer<typeof PromptCandidates>;

// ---- uploads ----

const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;
const ID_MESSAGE = "person_id must be a plain integer as in PersonalLLM_Eval (digits only, e.g. 16)";

/**
 * An upload's person_id. The evaluation set's ids are integers, matched as their decimal text: "0x10", "1e1",
 * " 1" or "01" would each be read as some user by one tool and as no user by another, so they are refused
 * rather than guessed (a JSON number must be a whole, safe integer; parquet INT64 arrives as bigint).
 */
const uploadPersonId = z.union([z.string(), z.number(), z.bigint()], { error: ID_MESSAGE }).transform((v, ctx) => {
  const text = typeof v === "number" ? (Number.isSafeInteger(v) && v >= 0 ? String(v) : null) : String(v);
  if (text === null || !PLAIN_INTEGER.test(text) || text.length > 30) {
    ctx.addIssue({ code: "custom", message: `${ID_MESSAGE}; got ${JSON.stringify(typeof v === "bigint" ? String(v) : v)}` });
    return z.NEVER;
  }
  return text;
});

export const scoreField = (alias: RewardAlias) => `score_${alias}` as const;

/** An optional score column: absent, null or "" is missing; anything else must be a finite number. */
const optionalScore = (what: string) =>
  z.preprocess((v) => {
    if (v === null) return undefined;
    if (typeof v === "string") return v.trim() === "" ? undefined : Number(v.trim());
    return v;
  }, finite(what).optional());

// built from the alias list so the 10 field names cannot drift from REWARD_ALIASES
const scoreColumns = Object.fromEntries(REWARD_ALIASES.map((a) => [scoreField(a), optionalScore(scoreField(a))])) as unknown as Record<
  `score_${RewardAlias}`,
  z.ZodType<number | undefined>
>;

/**
 * Rewards track: the raw reward of the method's response by each of the 10 reward models, per user. A row with
 * a response text may leave scores out: a server with a reward-model service scores the text itself
 * (lib/rewards); a row without a response must carry all 10.
 */
export const RewardsPrediction = z
  .object({
    person_id: uploadPersonId,
    ...scoreColumns,
    response: z.string().max(200_000).nullish(),
  })
  .superRefine((row, ctx) => {
    if (typeof row.response === "string" && row.response.trim() !== "") return;
    for (const alias of REWARD_ALIASES) {
      const field = scoreField(alias);
      if (row[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `${field} is required when the row has no response text` });
    }
  });
export type RewardsPrediction = z.infer<typeof RewardsPrediction>;

/** Selection track: which of the test prompt's 8 candidate responses the method picks for the user. */
export const SelectionPrediction = z.object({
  person_id: uploadPersonId,
  choice: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : typeof v === "bigint" ? Number(v) : v),
    z
      .number({ error: "choice must be an integer 1-8" })
      .int("choice must be an integer 1-8")
      .min(1, "choice must be an integer 1-8")
      .max(CANDIDATES, "choice must be an integer 1-8"),
  ),
});
export type SelectionPrediction = z.infer<typeof SelectionPrediction>;
