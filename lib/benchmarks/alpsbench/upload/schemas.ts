import { z } from "zod";

/**
 * Prediction rows, one JSON object per line of a submission file: the official prediction contract of the
 * authors' harness (../shared/docs/SCORING.md, "The official prediction contract"), plus the older Task 4 form of the
 * annotation packets.
 *
 * | track                       | row                                                                   |
 * |-----------------------------|-----------------------------------------------------------------------|
 * | task1, task2                | `{benchmark_id, memory_items: [...]}`                                  |
 * | task3_d100 … task3_d1000    | `{benchmark_id, answer, reason, selected_memory_id}`                   |
 * | task4_ability1 … ability5   | `{benchmark_id, answer, used_memory_fact}` (official: one answer, to   |
 * |                             | the instance's first query), or `{benchmark_id, responses: [{query_id, |
 * |                             | response}]}` (older: one response per query; EI has five queries)      |
 *
 * The row envelope is strict (a row without `benchmark_id` or with `memory_items` that is not a list
 * is rejected with its field). The items are lenient: scoring must not throw on a model's odd output,
 * so each item is checked on its own and problems are reported by index and field (validate-row.ts).
 * Unknown top-level keys are ignored.
 */

const BenchmarkIdField = z.string().trim().min(1);

/** Raw envelopes: items stay `unknown` here and are checked one by one. */
export const MemoryPredictionRowSchema = z.looseObject({
  benchmark_id: BenchmarkIdField,
  memory_items: z.array(z.unknown()),
});
export const Task3PredictionRowSchema = z.looseObject({
  benchmark_id: BenchmarkIdField,
  /** a string id; a number or a fenced/quoted JSON string is accepted and normalized */
  selected_memory_id: z.unknown().optional(),
  answer: z.unknown().optional(),
  reason: z.unknown().optional(),
});
/** Either form of a Task 4 row; which one it is (and that it is exactly one) is checked in validate-row.ts. */
export const Task4PredictionRowSchema = z.looseObject({
  benchmark_id: BenchmarkIdField,
  /** official contract: the answer to the instance's (first) query */
  answer: z.string().optional(),
  /** official contract: the memory the model says it used; carried, not scored */
  used_memory_fact: z.unknown().optional(),
  /** older multi-query form */
  responses: z.array(z.unknown()).optional(),
});

/**
 * A predicted memory item after item-level checks. Only `type`, `label`, `value`, `confidence` (and
 * `memory_id`) are scored; anything else is carried. `value` may be any JSON (scoring turns a
 * non-string into its JSON text); `confidence` may be a number or a numeric string (unparsable or
 * missing counts as 1.0 in scoring).
 */
export const PredictedMemoryItem = z.looseObject({
  memory_id: z.string().optional(),
  type: z.string().optional(),
  label: z.string().optional(),
  value: z.unknown().optional(),
  confidence: z.union([z.number(), z.string()]).optional(),
});
export type PredictedMemoryItem = z.infer<typeof PredictedMemoryItem>;

export const Task4Response = z.object({ query_id: z.string().min(1), response: z.string() });
export type Task4Response = z.infer<typeof Task4Response>;

/** Rows after validation (what scoring consumes). */
export const MemoryPredictionRow = z.object({
  benchmark_id: z.string().min(1),
  memory_items: z.array(PredictedMemoryItem),
});
export const Task3PredictionRow = z.object({
  benchmark_id: z.string().min(1),
  /** null when the row has no usable id (scores as a miss, never throws) */
  selected_memory_id: z.string().nullable(),
  answer: z.string().optional(),
  reason: z.string().optional(),
});
export const Task4PredictionRow = z.object({
  benchmark_id: z.string().min(1),
  /**
   * One entry per answered query. `query_id` null: the official row's single `answer`, which answers the
   * instance's first query (the harness shows the model only that one; an EI instance's other four stay
   * unanswered).
   */
  responses: z.array(z.object({ query_id: z.string().min(1).nullable(), response: z.string() })),
  /** official contract: carried, not scored */
  used_memory_fact: z.string().optional(),
});
export type MemoryPredictionRow = z.infer<typeof MemoryPredictionRow>;
export type Task3PredictionRow = z.infer<typeof Task3PredictionRow>;
export type Task4PredictionRow = z.infer<typeof Task4PredictionRow>;
