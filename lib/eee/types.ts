import { z } from "zod";

/**
 * Every Eval Ever (EvalEval coalition) aggregate records, written from the fields of its eval.schema.json (see
 * schema/eval.schema.json for the vendored subset and where it came from). What this site writes and what its
 * importer reads: unknown fields are kept by the importer's parse (passthrough) and ignored.
 */
export const EEE_SCHEMA_VERSION = "0.2.1";

const StringMap = z.record(z.string(), z.string());

const SourceType = z.enum(["documentation", "evaluation_run"]);
const EvaluatorRelationship = z.enum(["first_party", "third_party", "collaborative", "other"]);

const EeeModelInfo = z.looseObject({
  name: z.string().min(1),
  id: z.string().min(1),
  developer: z.string().optional(),
  inference_platform: z.string().optional(),
  additional_details: StringMap.optional(),
});

const EeeSourceData = z.discriminatedUnion("source_type", [
  z.looseObject({ dataset_name: z.string(), source_type: z.literal("url"), url: z.array(z.string()).min(1), additional_details: StringMap.optional() }),
  z.looseObject({
    dataset_name: z.string(),
    source_type: z.literal("hf_dataset"),
    hf_repo: z.string().optional(),
    hf_split: z.string().optional(),
    additional_details: StringMap.optional(),
  }),
  z.looseObject({ dataset_name: z.string(), source_type: z.literal("other"), additional_details: StringMap.optional() }),
]);

const EeeMetricConfig = z.looseObject({
  evaluation_description: z.string().optional(),
  lower_is_better: z.boolean(),
  score_type: z.enum(["binary", "continuous", "levels"]).optional(),
  min_score: z.number().optional(),
  max_score: z.number().optional(),
  llm_scoring: z
    .looseObject({
      judges: z.array(z.looseObject({ model_info: EeeModelInfo, temperature: z.number().optional(), additional_details: StringMap.optional() })).min(1),
      input_prompt: z.string(),
      aggregation_method: z.enum(["majority_vote", "average", "weighted_average", "median"]).optional(),
      additional_details: StringMap.optional(),
    })
    .optional(),
  additional_details: StringMap.optional(),
});

const EeeUncertainty = z.looseObject({
  confidence_interval: z
    .looseObject({ lower: z.number(), upper: z.number(), confidence_level: z.number().min(0).max(1).optional(), method: z.string().optional() })
    .optional(),
  standard_error: z.looseObject({ value: z.number(), method: z.string().optional() }).optional(),
  num_samples: z.number().int().optional(),
  num_bootstrap_samples: z.number().int().optional(),
});

export const EeeEvaluationResult = z.looseObject({
  evaluation_name: z.string().min(1),
  source_data: EeeSourceData,
  evaluation_timestamp: z.string().optional(),
  metric_config: EeeMetricConfig,
  score_details: z.looseObject({ score: z.number(), details: StringMap.optional(), uncertainty: EeeUncertainty.optional() }),
});
export type EeeEvaluationResult = z.infer<typeof EeeEvaluationResult>;

export const EeeAggregate = z.looseObject({
  schema_version: z.string(),
  evaluation_id: z.string().min(1),
  evaluation_timestamp: z.string().optional(),
  retrieved_timestamp: z.string(),
  source_metadata: z.looseObject({
    source_name: z.string().optional(),
    source_type: SourceType,
    source_organization_name: z.string(),
    source_organization_url: z.string().optional(),
    evaluator_relationship: EvaluatorRelationship,
    additional_details: StringMap.optional(),
  }),
  eval_library: z.looseObject({ name: z.string(), version: z.string(), additional_details: StringMap.optional() }),
  model_info: EeeModelInfo,
  evaluation_results: z.array(EeeEvaluationResult),
  detailed_evaluation_results: z
    .looseObject({
      format: z.enum(["jsonl", "json"]).optional(),
      file_path: z.string().optional(),
      hash_algorithm: z.enum(["sha256", "md5"]).optional(),
      checksum: z.string().optional(),
      total_rows: z.number().int().optional(),
    })
    .optional(),
});
export type EeeAggregate = z.infer<typeof EeeAggregate>;

/** The per-item record (instance_level_eval.schema.json): one JSONL line per scored instance. */
export const EeeInstance = z.looseObject({
  schema_version: z.string(),
  evaluation_id: z.string(),
  model_id: z.string(),
  evaluation_name: z.string(),
  sample_id: z.string(),
  sample_hash: z.string().nullable().optional(),
  interaction_type: z.enum(["single_turn", "multi_turn", "agentic"]),
  input: z.looseObject({ raw: z.string(), reference: z.array(z.string()) }),
  output: z
    .looseObject({ raw: z.array(z.string()) })
    .nullable()
    .optional(),
  messages: z.array(z.unknown()).nullable().optional(),
  answer_attribution: z.array(
    z.looseObject({ turn_idx: z.number().int().min(0), source: z.string(), extracted_value: z.string(), extraction_method: z.string(), is_terminal: z.boolean() }),
  ),
  evaluation: z.looseObject({ score: z.number(), is_correct: z.boolean() }),
  metadata: StringMap.nullable().optional(),
});
export type EeeInstance = z.infer<typeof EeeInstance>;
