import type { EeeBenchmarkHook } from "./hook";
import { boundsOfScale } from "./relationship";
import type { EeeAggregate } from "./types";

export type ImportProblem = { file: string; record?: string; field: string; message: string };

/** One figure of a record, checked: the track and metric it is a score of, its value, n and interval. */
export type CheckedScore = {
  track: string;
  metric: string;
  kind: "deterministic" | "judge";
  value: number;
  n: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  judge: string | null;
};

/**
 * At most this many results in one record: a benchmark has a bounded set of (track, metric) pairs and a record
 * gives each at most once, so a longer list is refused before anything is looked up (docs/every-eval-ever.md).
 */
const MAX_RESULTS_PER_RECORD = 1000;

/**
 * The figures of a record as scores, or the problems (field named): each result names a metric of the benchmark,
 * at most once; its value lies on the column's scale (0-1, 0-100, 1-5; a raw column states no range but a value
 * must be finite); n is a positive integer; an interval has low <= value <= high, on the scale too. Pure.
 */
export function checkedScores(
  hook: EeeBenchmarkHook,
  record: EeeAggregate,
  where: { file: string; record: string },
): { ok: true; scores: CheckedScore[] } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ ...where, field, message });
  if (record.evaluation_results.length > MAX_RESULTS_PER_RECORD) {
    problem("evaluation_results", `${record.evaluation_results.length} results; a record holds at most ${MAX_RESULTS_PER_RECORD}`);
    return { ok: false, problems };
  }
  const seen = new Map<string, number>();
  const scores: CheckedScore[] = [];
  record.evaluation_results.forEach((result, i) => {
    const field = `evaluation_results.${i}`;
    const extra = result.metric_config.additional_details ?? {};
    const target = extra.track && extra.metric ? { track: extra.track, metric: extra.metric } : (hook.metricOf?.(result.evaluation_name) ?? null);
    const kind = target ? hook.metricKind(target.track, target.metric) : null;
    const scale = target ? hook.metricScale(target.track, target.metric) : null;
    if (!target || !kind || !scale) return problem(field, `"${result.evaluation_name}" is no metric of ${hook.datasetName}`);
    const key = `${target.track}:${target.metric}`;
    if (seen.has(key)) return problem(field, `${key} again (first in evaluation_results.${seen.get(key)}); a record gives each metric once`);
    seen.set(key, i);

    const bounds = boundsOfScale(scale) ?? { min: -Infinity, max: Infinity };
    const onScale = (v: number) => Number.isFinite(v) && v >= bounds.min && v <= bounds.max;
    const range = Number.isFinite(bounds.min) ? ` (${bounds.min} to ${bounds.max}, the ${key} column's scale)` : "";
    const value = result.score_details.score;
    if (!onScale(value)) return problem(`${field}.score_details.score`, `${value} is off the scale${range}`);
    const uncertainty = result.score_details.uncertainty;
    const n = uncertainty?.num_samples ?? null;
    if (n !== null && !(Number.isSafeInteger(n) && n >= 1)) return problem(`${field}.score_details.uncertainty.num_samples`, `${n} is not a positive integer`);
    const ci = uncertainty?.confidence_interval;
    if (ci) {
      const ciField = `${field}.score_details.uncertainty.confidence_interval`;
      if (!onScale(ci.lower) || !onScale(ci.upper)) return problem(ciField, `[${ci.lower}, ${ci.upper}] is off the scale${range}`);
      if (!(ci.lower <= value && value <= ci.upper))
        return problem(ciField, `[${ci.lower}, ${ci.upper}] does not hold the score ${value} (lower <= score <= upper)`);
    }
    const judge = result.metric_config.llm_scoring?.judges[0]?.model_info.name ?? null;
    scores.push({ ...target, kind, value, n, ciLow: ci?.lower ?? null, ciHigh: ci?.upper ?? null, judge });
  });
  if (problems.length > 0) return { ok: false, problems };
  if (scores.length === 0) return { ok: false, problems: [{ ...where, field: "evaluation_results", message: "no result to import" }] };
  return { ok: true, scores };
}
