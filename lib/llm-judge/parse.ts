import type { z } from "zod";
import { extractJsonObject, isJsonObject } from "./extract-json";

/** A judge's answer read as a verdict, or why it could not be (a recorded failure, never an exception or a zero). */
export type ParsedVerdict<V> = { ok: true; verdict: V } | { ok: false; reason: string };

/**
 * How the caller reads a judge's raw completion text into its verdict type `V`:
 *  - a zod schema: the JSON object in the text (see extract-json.ts) is validated by it;
 *  - a function: the caller's own reader (e.g. one that picks among several JSON objects, or words its
 *    failures in its own terms). It must be pure: cached raw text is read again with it on every hit.
 */
export type JudgeParser<V> = z.ZodType<V, unknown> | ((rawText: string) => ParsedVerdict<V>);

export function parseJudgeText<V>(parser: JudgeParser<V>, rawText: string): ParsedVerdict<V> {
  if (typeof parser === "function") return parser(rawText);
  const extracted = extractJsonObject(rawText);
  if (!extracted.ok) return { ok: false, reason: extracted.reason };
  return parseJudgeValue(parser, extracted.value);
}

/** Validate an already-decoded value against a verdict schema; `label` prefixes the failure ("invalid <label> verdict: ..."). */
export function parseJudgeValue<V>(schema: z.ZodType<V, unknown>, value: unknown, label?: string): ParsedVerdict<V> {
  if (!isJsonObject(value)) return { ok: false, reason: "judge output is not a JSON object" };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, verdict: parsed.data };
  return { ok: false, reason: `invalid ${label ? `${label} ` : ""}verdict: ${describeIssues(parsed.error)}` };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}
