import { z } from "zod";

/**
 * A model's facts as the server stores them on its system (prisma System: paramsB, activeParamsB, license,
 * openWeights, releaseDate, modelUrl, paperUrl, codeUrl). One schema for the upload form, the admin CLI and the
 * Every Eval Ever import, so every way in refuses the same bad values with the same field names.
 */

/** An SPDX-like licence id ("MIT", "Apache-2.0", "llama3.1", "CC-BY-NC-4.0") or "proprietary". */
const LICENSE_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]{0,63}$/;
/** The largest parameter count accepted, in billions: a typo in units (8000000000 for 8) is refused. */
export const MAX_PARAMS_B = 100_000;

export const ParamsB = z
  .number({ error: "must be a number of billions, e.g. 8 or 0.5" })
  .positive("must be above 0 (billions of parameters)")
  .max(MAX_PARAMS_B, `at most ${MAX_PARAMS_B} (the count is in billions: 8 for an 8B model)`);
export const License = z.string().trim().regex(LICENSE_ID, 'must be an SPDX-like id such as "MIT", "Apache-2.0" or "proprietary"');
export const ReleaseDate = z.iso.date({ error: "must be a date as YYYY-MM-DD" });
const Url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(500, "at most 500 characters");

export const ModelFacts = z
  .object({
    paramsB: ParamsB.nullable(),
    activeParamsB: ParamsB.nullable(),
    license: License.nullable(),
    openWeights: z.boolean().nullable(),
    releaseDate: ReleaseDate.nullable(),
    modelUrl: Url.nullable(),
    paperUrl: Url.nullable(),
    codeUrl: Url.nullable(),
  })
  .partial()
  .refine((f) => f.paramsB == null || f.activeParamsB == null || f.activeParamsB <= f.paramsB, {
    path: ["activeParamsB"],
    message: "cannot exceed the total parameters",
  });
export type ModelFacts = z.infer<typeof ModelFacts>;

/** Number text as forms and query strings send it ("8", "0.5", "1.5e1"). */
export const NumberText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?([eE][+-]?\d+)?$/, "must be a number")
  .transform(Number);

/** The stored columns of a facts object: only the facts given, so a later upload without them keeps the earlier ones. */
export function factColumns({ releaseDate, ...facts }: ModelFacts): Omit<ModelFacts, "releaseDate"> & { releaseDate?: Date | null } {
  const out: ReturnType<typeof factColumns> = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
  if (releaseDate !== undefined) out.releaseDate = releaseDate === null ? null : new Date(`${releaseDate}T00:00:00Z`);
  return out;
}

/** The row's view of stored facts (dates as YYYY-MM-DD). */
export function rowFacts(system: {
  paramsB: number | null;
  activeParamsB: number | null;
  license: string | null;
  releaseDate: Date | null;
  modelUrl: string | null;
}) {
  const facts = {
    paramsB: system.paramsB,
    activeParamsB: system.activeParamsB,
    license: system.license,
    releaseDate: system.releaseDate ? system.releaseDate.toISOString().slice(0, 10) : null,
    modelUrl: system.modelUrl,
  };
  return Object.values(facts).every((v) => v === null) ? null : facts;
}

/** Select of the fact columns for a row (lib/benchmarks/alpsbench/read/queries/leaderboard.ts). */
export const FACTS_SELECT = { paramsB: true, activeParamsB: true, license: true, releaseDate: true, modelUrl: true } as const;
