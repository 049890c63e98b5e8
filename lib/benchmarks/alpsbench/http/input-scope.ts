import { z } from "zod";
import { dataVersionAlias } from "@/lib/benchmarks/data-version-names";
import type { Db } from "@/lib/db/create-client";
import { findBenchmarkVersion, type InputScope } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { parseTrackName, TRACK_IDS, trackSlug, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { ReadAnswer } from "@/lib/benchmarks/types";
import { ApiError, type ApiErrorCode } from "@/lib/http/api-error";

const fail = (code: ApiErrorCode, message: string) => ({ ok: false as const, answer: { kind: "error", error: new ApiError(code, message) } satisfies ReadAnswer });

/** The query of AlpsBench's inputs download (`GET /api/v1/inputs/{track}`), read here and documented on /api-docs. */
export const InputsQuery = z.object({
  /** absent or "full": every split (what a `full` submission is scored on) */
  split: z
    .enum(["full", "dev", "validation", "test"], { error: "must be dev, validation, test or full" })
    .optional()
    .transform((s) => (s === undefined || s === "full" ? null : s))
    .describe("One split's instances; absent or `full`: every instance (what a `full` submission is scored on)."),
  // `alpsbench`, the benchmark's id, is its default data version (as in the table query)
  benchmark: z
    .string()
    .trim()
    .min(1)
    .default("alpsbench-v1")
    .transform(dataVersionAlias)
    .describe("The data version (`alpsbench-v1`, `demo`, or `alpsbench` for the default); given once."),
});

/** the most instances an example file holds */
export const MAX_EXAMPLE_ROWS = 50;
/** How many instances the example file (`GET /api/v1/inputs/{track}/example?rows=`) holds. */
export const EXAMPLE_ROWS = z.number().int().min(1).max(MAX_EXAMPLE_ROWS).default(5).describe(`How many instances the example holds, 1 to ${MAX_EXAMPLE_ROWS}.`);

/** The example file's query: the inputs' and how many rows (documented on /api-docs). */
export const ExampleQuery = InputsQuery.extend({ rows: EXAMPLE_ROWS });

/** The scope an inputs URL names, or the refusal (400 bad parameter, 404 unknown track or benchmark). */
export async function inputScopeOf(
  db: Db,
  slug: string,
  searchParams: URLSearchParams,
  extra: readonly string[] = [],
): Promise<{ ok: true; scope: InputScope; benchmark: string; slug: string } | { ok: false; answer: ReadAnswer }> {
  // any name of the track: the slug task3-d300, or the official harness's task3_d300 / task4_ability2
  const track: TrackId | null = parseTrackName(slug);
  if (!track) return fail("not_found", `Unknown track "${slug}". Known: ${TRACK_IDS.map(trackSlug).join(", ")}.`);
  const entries = [...searchParams.entries()].filter(([key]) => !extra.includes(key));
  const params = Object.fromEntries(entries);
  const unknown = Object.keys(params).filter((key) => key !== "split" && key !== "benchmark");
  if (unknown.length > 0) return fail("bad_request", `unknown parameter(s): ${unknown.join(", ")}`);
  // one value each: the download's dispatch and this scope must not read different ones
  const repeated = Object.keys(params).filter((key) => entries.filter(([k]) => k === key).length > 1);
  if (repeated.length > 0) return fail("bad_request", `parameter(s) given more than once: ${repeated.join(", ")}`);
  const query = InputsQuery.safeParse(params);
  if (!query.success) return fail("bad_request", query.error.issues.map((i) => `parameter "${i.path.join(".")}": ${i.message}`).join("; "));
  const benchmark = await findBenchmarkVersion(db, query.data.benchmark);
  if (!benchmark) return fail("not_found", `Unknown benchmark "${query.data.benchmark}".`);
  return { ok: true, scope: { benchmarkVersionId: benchmark.id, track, split: query.data.split }, benchmark: benchmark.slug, slug: trackSlug(track) };
}
