import path from "node:path";
import type { z } from "zod";
import { REWARD_ALIASES } from "../reward-models";
import { CANDIDATE_INDEXES, HfEvalRow, HfPromptRow, type EvalUser, type PromptCandidates } from "../schemas";
import { findParquetFiles } from "./find-parquet";
import { parquetColumns, readParquetRows } from "./read-parquet";

/**
 * Reads PersonalLLM's Hugging Face parquet files from a folder (or one file): the evaluation set
 * (PersonalLLM_Eval: files with a `person_weight` column) and the main dataset (files with `response_1_model`),
 * of which only the test split is kept (a file whose path names `train` is skipped: the selection track
 * needs the test prompts only). Files are told apart by their columns, not their names, so any layout of the
 * download (data/test-00000-of-00001.parquet, a flat folder, the converted-parquet branch) works.
 * Every row is validated; the first bad one fails the load with file, row and field.
 */

interface HfFolder {
  users: EvalUser[];
  prompts: PromptCandidates[];
  files: { eval: string[]; prompts: string[]; skipped: string[] };
}

class ParquetRowError extends Error {
  constructor(
    readonly file: string,
    readonly row: number,
    readonly field: string,
    message: string,
  ) {
    super(`${file} row ${row} field ${field}: ${message}`);
  }
}

function validate<T extends z.ZodType>(schema: T, row: unknown, file: string, index: number): z.infer<T> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ParquetRowError(file, index + 1, issue.path.map(String).join(".") || "(row)", issue.message);
}

type ParquetKind = "eval" | "prompts" | "other";

export async function classifyParquet(file: string): Promise<ParquetKind> {
  const columns = new Set(await parquetColumns(file));
  if (columns.has("person_weight") && columns.has("person_id")) return "eval";
  if (columns.has("response_1_model") && columns.has("prompt")) return "prompts";
  return "other";
}

export async function loadHfFolder(target: string): Promise<HfFolder> {
  const files = { eval: [] as string[], prompts: [] as string[], skipped: [] as string[] };
  for (const file of await findParquetFiles(target)) {
    const kind = await classifyParquet(file);
    const isTrain = /(^|[\\/_.-])train([\\/_.-]|$)/.test(path.relative(target, file) || path.basename(file));
    if (kind === "eval") files.eval.push(file);
    else if (kind === "prompts" && !isTrain) files.prompts.push(file);
    else files.skipped.push(file);
  }
  const users: EvalUser[] = [];
  const seen = new Set<string>();
  for (const file of files.eval) {
    (await readParquetRows(file)).forEach((raw, i) => {
      const row = validate(HfEvalRow, raw, file, i);
      if (seen.has(row.person_id)) throw new ParquetRowError(file, i + 1, "person_id", `person_id ${row.person_id} repeated`);
      seen.add(row.person_id);
      users.push({
        personId: row.person_id,
        weights: row.person_weight,
        testPrompt: row.test_prompt,
        bestResponse: row.best_response,
        bestResponseReward: row.best_response_reward,
        gpt4oResponse: row.gpt4o_response,
        gpt4oReward: row.gpt4o_reward,
      });
    });
  }
  const prompts: PromptCandidates[] = [];
  for (const file of files.prompts) {
    (await readParquetRows(file)).forEach((raw, i) => {
      const row = validate(HfPromptRow, raw, file, i) as Record<string, unknown> & z.infer<typeof HfPromptRow>;
      prompts.push({
        promptId: row.prompt_id,
        prompt: row.prompt,
        subset: row.subset,
        candidates: CANDIDATE_INDEXES.map((k) => ({
          text: row[`response_${k}`] as string,
          model: row[`response_${k}_model`] as string,
          rewards: Object.fromEntries(REWARD_ALIASES.map((a) => [a, row[`response_${k}_${a}`] as number])),
        })),
      });
    });
  }
  return { users, prompts, files };
}
