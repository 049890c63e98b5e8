import { z } from "zod";
import { License, MAX_PARAMS_B, NumberText, ParamsB, ReleaseDate, type ModelFacts } from "./facts";

/**
 * The upload form's model-fact and run-cost fields (strings, as forms send them), merged into the upload's field
 * schema (app/api/v1/submissions/_lib/upload-fields.ts) so a bad value is refused 400 with its field named.
 */
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(500, "at most 500 characters");
const paramsText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, `must be a number of billions, e.g. 8 or 0.5 (at most ${MAX_PARAMS_B})`)
  .transform(Number)
  .pipe(ParamsB);

export const MODEL_FACT_FIELDS = {
  params_b: paramsText.optional().describe("Total parameters, in billions."),
  active_params_b: paramsText.optional().describe("Active parameters per token (mixture-of-experts), in billions."),
  license: License.optional().describe("Its licence: an SPDX-like id or `proprietary`."),
  release_date: ReleaseDate.optional().describe("Its release date, YYYY-MM-DD."),
  model_url: httpUrl.optional().describe("Its model card."),
  cost_usd: NumberText.pipe(z.number().max(10_000_000, "at most 10000000 (US dollars)")).optional().describe("What the run cost, in US dollars."),
  tokens: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, "must be a whole number of tokens")
    .transform(Number)
    .optional()
    .describe("Tokens the run used (prompt and completion)."),
};

/**
 * Active parameters cannot exceed the total (the same rule as ModelFacts, lib/model-facts/facts.ts), checked on the
 * parsed upload fields so the 400 names the form's field.
 */
export function checkActiveWithinTotal(fields: { params_b?: number; active_params_b?: number }, ctx: z.RefinementCtx): void {
  if (fields.params_b !== undefined && fields.active_params_b !== undefined && fields.active_params_b > fields.params_b) {
    ctx.addIssue({ code: "custom", path: ["active_params_b"], message: `cannot exceed the total parameters (params_b = ${fields.params_b})` });
  }
}

type FactFields = { [K in keyof typeof MODEL_FACT_FIELDS]?: z.infer<(typeof MODEL_FACT_FIELDS)[K]> };

/** The facts and run cost of parsed fields; keys only for what was given (so a system's earlier facts stay). */
export function factsOfUpload(fields: FactFields): {
  facts?: Omit<ModelFacts, "openWeights" | "paperUrl" | "codeUrl">;
  runCost?: { usd: number | null; tokens: number | null };
} {
  const facts: Omit<ModelFacts, "openWeights" | "paperUrl" | "codeUrl"> = {};
  if (fields.params_b !== undefined) facts.paramsB = fields.params_b;
  if (fields.active_params_b !== undefined) facts.activeParamsB = fields.active_params_b;
  if (fields.license !== undefined) facts.license = fields.license;
  if (fields.release_date !== undefined) facts.releaseDate = fields.release_date;
  if (fields.model_url !== undefined) facts.modelUrl = fields.model_url;
  const out: ReturnType<typeof factsOfUpload> = {};
  if (Object.keys(facts).length > 0) out.facts = facts;
  if (fields.cost_usd !== undefined || fields.tokens !== undefined) out.runCost = { usd: fields.cost_usd ?? null, tokens: fields.tokens ?? null };
  return out;
}

const FactFieldsSchema = z.object(MODEL_FACT_FIELDS).superRefine(checkActiveWithinTotal);
export const MODEL_FACT_FIELD_NAMES = Object.keys(MODEL_FACT_FIELDS) as (keyof typeof MODEL_FACT_FIELDS)[];

/**
 * The upload form's hints before sending: the same schema the API applies, so a field the form flags is exactly one
 * the server would refuse (field name → message; empty values count as absent, as on the server).
 */
export function modelFactProblems(raw: Partial<Record<string, string>>): Record<string, string> {
  const present = Object.fromEntries(MODEL_FACT_FIELD_NAMES.flatMap((k) => (raw[k]?.trim() ? [[k, raw[k]]] : [])));
  const parsed = FactFieldsSchema.safeParse(present);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "(form)");
    out[field] ??= issue.message;
  }
  return out;
}
