import { z } from "zod";
import { extractJsonObject } from "@/lib/llm-judge/extract-json";
import { parseJudgeValue, type ParsedVerdict } from "@/lib/llm-judge/parse";

/**
 * Verdict schemas, one per kind of judge question, and the pure parser that turns a judge's raw text
 * into a verdict or a recorded failure. Each schema is strict about structure (the right container
 * types, the fields the score needs) and lenient exactly where SCORING.md defines a fallback (a Task 1/2
 * review's error_type and severity may be anything: the score function applies the fallback rules).
 */

// ---------------------------------------------------------------- Task 1/2 review

/** One review row. Fields the score reads are `unknown` on purpose: their fallback rules live in the score. */
const ReviewFields = {
  severity: z.unknown().optional(),
  rationale: z.unknown().optional(),
};
const PairReview = z.looseObject({
  gold_id: z.unknown().optional(),
  pred_id: z.unknown().optional(),
  ok: z.unknown().optional(),
  error_type: z.unknown().optional(),
  ...ReviewFields,
});
const MissingReview = z.looseObject({
  id: z.unknown().optional(),
  should_have_extracted: z.unknown().optional(),
  ...ReviewFields,
});
const ExtraReview = z.looseObject({
  id: z.unknown().optional(),
  hallucinated: z.unknown().optional(),
  ...ReviewFields,
});

const T12_KEYS = ["pair_reviews", "missing_reviews", "extra_reviews"] as const;

/**
 * A missing or null list counts as empty (as in the authors' scorer), but an object carrying none of
 * the three lists is not a review at all (e.g. `{"error": "..."}`) and must not score 100.
 */
export const T12ReviewVerdict = z
  .looseObject({
    pair_reviews: z.array(PairReview).nullish(),
    missing_reviews: z.array(MissingReview).nullish(),
    extra_reviews: z.array(ExtraReview).nullish(),
  })
  .refine((value) => T12_KEYS.some((key) => value[key] !== undefined), {
    message: "none of pair_reviews, missing_reviews, extra_reviews is present",
  })
  .transform((value) => ({
    pair_reviews: value.pair_reviews ?? [],
    missing_reviews: value.missing_reviews ?? [],
    extra_reviews: value.extra_reviews ?? [],
  }));
export type T12ReviewVerdict = z.output<typeof T12ReviewVerdict>;

// ---------------------------------------------------------------- shared scalar readers

const numericString = z
  .string()
  .trim()
  .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, "not a number")
  .transform(Number);
const looseNumber = z.union([z.number(), numericString]);
const looseBoolean = z.union([z.boolean(), z.enum(["true", "false", "True", "False"]).transform((text) => text.toLowerCase() === "true")]);

// ---------------------------------------------------------------- Task 3

export const T3UsedMemoryVerdict = z.looseObject({
  used_memory: looseBoolean.optional(),
  score: looseNumber.pipe(z.number().min(0, "score below 0").max(1, "score above 1")),
  reason: z.unknown().optional(),
});
export type T3UsedMemoryVerdict = z.output<typeof T3UsedMemoryVerdict>;

// ---------------------------------------------------------------- Task 4, PA / PF / VRA / CF

export const T4BinaryVerdict = z.looseObject({
  score: z
    .union([looseNumber, z.boolean().transform((flag) => (flag ? 1 : 0))])
    .refine((value) => value === 0 || value === 1, "score must be 0 or 1")
    .transform((value) => (value === 1 ? 1 : 0) as 0 | 1),
  reason: z.unknown().optional(),
});
export type T4BinaryVerdict = z.output<typeof T4BinaryVerdict>;

// ---------------------------------------------------------------- Task 4, EI

/** A dimension may be null (the judge declined to rate it): it is then left out of that dimension's mean. */
const likert = looseNumber.pipe(z.number().min(1, "rating below 1").max(5, "rating above 5"));
export const EI_DIMENSIONS = ["resonation", "expression", "reception"] as const;
export type EiDimension = (typeof EI_DIMENSIONS)[number];

export const T4EiVerdict = z
  .looseObject({
    resonation: likert.nullish(),
    expression: likert.nullish(),
    reception: likert.nullish(),
    reason: z.unknown().optional(),
  })
  .refine((value) => EI_DIMENSIONS.some((key) => value[key] !== undefined), {
    message: "none of resonation, expression, reception is present",
  })
  .transform((value) => ({
    resonation: value.resonation ?? null,
    expression: value.expression ?? null,
    reception: value.reception ?? null,
  }));
export type T4EiVerdict = z.output<typeof T4EiVerdict>;

// ---------------------------------------------------------------- registry + parser

const VERDICT_SCHEMAS = {
  t12_review: T12ReviewVerdict,
  t3_used_memory: T3UsedMemoryVerdict,
  t4_binary: T4BinaryVerdict,
  t4_ei: T4EiVerdict,
} as const;
export type VerdictKind = keyof typeof VERDICT_SCHEMAS;
export type VerdictOf<K extends VerdictKind> = z.output<(typeof VERDICT_SCHEMAS)[K]>;

/** Which decoded object looks like the intended answer, used to pick among several JSON objects. */
const LOOKS_LIKE: Record<VerdictKind, (value: Record<string, unknown>) => boolean> = {
  t12_review: (value) => T12_KEYS.some((key) => key in value),
  t3_used_memory: (value) => "score" in value,
  t4_binary: (value) => "score" in value,
  t4_ei: (value) => EI_DIMENSIONS.some((key) => key in value),
};

/** Parse a judge's raw completion text. Pure; a failure is a value, never an exception or a zero. */
export function parseVerdict<K extends VerdictKind>(kind: K, rawText: string): ParsedVerdict<VerdictOf<K>> {
  const extracted = extractJsonObject(rawText, LOOKS_LIKE[kind]);
  if (!extracted.ok) return { ok: false, reason: extracted.reason };
  return parseVerdictValue(kind, extracted.value);
}

/** Validate an already-decoded value (e.g. a recorded judge output stored as JSON). */
export function parseVerdictValue<K extends VerdictKind>(kind: K, value: unknown): ParsedVerdict<VerdictOf<K>> {
  const schema: z.ZodType<VerdictOf<K>, unknown> = VERDICT_SCHEMAS[kind] as unknown as z.ZodType<VerdictOf<K>, unknown>;
  return parseJudgeValue(schema, value, kind);
}
