import { parse } from "csv-parse/sync";
import { z } from "zod";
import { REWARD_ALIASES, type RewardAlias } from "./reward-models";

/**
 * The reported PersonalLLM runs (shared/data/personalllm, from namkoong-lab/Private_PersonalLLM @0fd9a3c):
 * the 18 runs plotted in the paper's main figure and the 126 logged evaluation runs, as rows whose settings
 * are filterable columns. Pure: parses CSV text; the importer reads the files.
 */

export const PLOTTED_FILE = "PersonalLLM_paper_plotted_runs.csv";
export const LOGGED_FILE = "PersonalLLM_all_scores.csv";

export const ReportedRun = z.object({
  /** stable id: `paper-<setting>-<n>` or `log-<n>` (n = 1-based data row) */
  id: z.string(),
  source: z.enum(["paper", "log"]),
  /** setting1 = the user's own history in context, setting2 = learning from similar users */
  setting: z.enum(["setting1", "setting2"]),
  algorithm: z.string(),
  shots: z.number().int(),
  responsesToInclude: z.string(),
  /** meta-learning runs only */
  userEmbeddingType: z.string().nullable(),
  nSimilarUsers: z.number().int().nullable(),
  generator: z.string(),
  totalScore: z.number(),
  winRateVsBest: z.number(),
  winRateVsGpt4o: z.number(),
  /** mean z per reward model (logged runs, and paper runs through their logged csv) */
  meanZ: z.record(z.string(), z.number()).nullable(),
  csvOutput: z.string(),
  metaLearningDataset: z.string().nullable(),
  loggedAt: z.string().nullable(),
});
export type ReportedRun = z.infer<typeof ReportedRun>;

const num = z.coerce.number().refine(Number.isFinite, "must be a finite number");
const optionalNum = z.preprocess((v) => (v === "" ? null : v), num.nullable());
const optionalText = z.preprocess((v) => (v === "" ? null : v), z.string().nullable());

const PlottedCsvRow = z.object({
  paper_setting: z.enum(["setting1", "setting2"]),
  algorithm: z.string().min(1),
  num_shots: num,
  responses_to_include: z.string(),
  user_embedding_type: optionalText,
  n_similar_users_to_retrieve: optionalNum,
  generator_llm: z.string(),
  total_score_persona_weighted_z: num,
  win_rate_vs_best_of_8_pct: num,
  win_rate_vs_gpt4o_pct: num,
  source_csv_output: z.string(),
});

const LoggedCsvRow = z.looseObject({
  algorithm: z.string().min(1),
  num_shots: num,
  responses_to_include: z.string(),
  total_score: num,
  win_rate_against_bestresponse: num,
  win_rate_against_gpt4o: num,
  csv_output: z.string(),
  vllm_model_name: z.string(),
  user_embedding_type: optionalText,
  n_similar_users_to_retrieve: optionalNum,
  meta_learning_dataset: optionalText,
  datetime: optionalText,
  ...Object.fromEntries(REWARD_ALIASES.map((a) => [`mean_test_${a}`, num])),
});

/** Meta-learning algorithms learn from similar users (setting 2); the others use the user's own history. */
const isMetaLearning = (algorithm: string) => algorithm.includes("MetaLearn");

function rows<T extends z.ZodType>(text: string, schema: T, file: string): z.infer<T>[] {
  const records = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  return records.map((record, i) => {
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      // line i + 2: the header is line 1
      throw new Error(`${file} line ${i + 2} field ${String(issue.path[0] ?? "?")}: ${issue.message}`);
    }
    return parsed.data;
  });
}

export function parseLoggedRuns(text: string): ReportedRun[] {
  return rows(text, LoggedCsvRow, LOGGED_FILE).map((r, i) => {
    const meta = isMetaLearning(r.algorithm);
    const record = r as Record<string, unknown>;
    return {
      id: `log-${i + 1}`,
      source: "log" as const,
      setting: meta ? ("setting2" as const) : ("setting1" as const),
      algorithm: r.algorithm,
      shots: r.num_shots,
      responsesToInclude: r.responses_to_include,
      userEmbeddingType: meta ? r.user_embedding_type : null,
      nSimilarUsers: meta && r.n_similar_users_to_retrieve !== null ? Math.round(r.n_similar_users_to_retrieve) : null,
      generator: r.vllm_model_name,
      totalScore: r.total_score,
      winRateVsBest: r.win_rate_against_bestresponse,
      winRateVsGpt4o: r.win_rate_against_gpt4o,
      meanZ: Object.fromEntries(REWARD_ALIASES.map((a) => [a, record[`mean_test_${a}`] as number])) as Record<RewardAlias, number>,
      csvOutput: r.csv_output,
      metaLearningDataset: meta ? r.meta_learning_dataset : null,
      loggedAt: r.datetime,
    };
  });
}

/** The paper's plotted runs; their per-model means come from the logged run they were plotted from. */
export function parsePlottedRuns(text: string, logged: readonly ReportedRun[]): ReportedRun[] {
  const byCsv = new Map(logged.map((r) => [r.csvOutput, r]));
  const counters = { setting1: 0, setting2: 0 };
  return rows(text, PlottedCsvRow, PLOTTED_FILE).map((r) => {
    counters[r.paper_setting]++;
    const log = byCsv.get(r.source_csv_output);
    return {
      id: `paper-${r.paper_setting}-${counters[r.paper_setting]}`,
      source: "paper" as const,
      setting: r.paper_setting,
      algorithm: r.algorithm,
      shots: r.num_shots,
      responsesToInclude: r.responses_to_include,
      userEmbeddingType: r.user_embedding_type,
      nSimilarUsers: r.n_similar_users_to_retrieve === null ? null : Math.round(r.n_similar_users_to_retrieve),
      generator: r.generator_llm,
      totalScore: r.total_score_persona_weighted_z,
      winRateVsBest: r.win_rate_vs_best_of_8_pct,
      winRateVsGpt4o: r.win_rate_vs_gpt4o_pct,
      meanZ: log?.meanZ ?? null,
      csvOutput: r.source_csv_output,
      metaLearningDataset: log?.metaLearningDataset ?? null,
      loggedAt: log?.loggedAt ?? null,
    };
  });
}
