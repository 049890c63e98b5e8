import { textOf, textOrNull } from "@/lib/benchmarks/alpsbench/judge/display-text";
import { judge, type JudgeRequest } from "@/lib/benchmarks/alpsbench/judge/judge";
import { judgeProfileHash } from "@/lib/benchmarks/alpsbench/judge/profile";
import { renderT12Review, T12_REVIEW_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t12-review";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t3-used-memory";
import { renderT4Binary, T4_BINARY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t4-binary";
import { renderT4Ei, T4_EI_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t4-ei";
import { judgeT12Instance, judgeT3Instance, judgeT4BinaryInstance, judgeT4EiInstance } from "@/lib/benchmarks/alpsbench/judge/scores";
import { buildT12ReviewInput } from "@/lib/benchmarks/alpsbench/judge/t12-input";
import type { VerdictKind } from "@/lib/benchmarks/alpsbench/judge/verdicts";
import type { JudgeCache } from "@/lib/llm-judge/cache";
import type { JudgeOutcome } from "@/lib/llm-judge/judge";
import type { JudgeMeter } from "@/lib/llm-judge/meter";
import type { JudgeProfile } from "@/lib/llm-judge/profile";
import type { JudgeProvider } from "@/lib/llm-judge/provider";
import { parsedOf, responseOutcomeOf } from "@/lib/benchmarks/alpsbench/judge/outcome-adapters";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { bootstrapCI } from "@/lib/stats/bootstrap-ci";
import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { record } from "@/lib/benchmarks/alpsbench/json-record";
import { unroundedAlgoScore } from "@/lib/benchmarks/alpsbench/judge/unrounded-algo-score";
import { type AggregateMetric, BOOTSTRAP_RESAMPLES } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import type { PredictionEntry } from "@/lib/benchmarks/alpsbench/pipeline/submission-predictions";
import type { ScopeInstance } from "@/lib/benchmarks/alpsbench/pipeline/submission-instances";

/**
 * The judge phase of a submission: one judge verdict (or several, one per Task 4 response) per instance, through
 * the PostgreSQL judge cache, so a chunk that is run again never pays for a call twice. Per-instance results are
 * stored under the score version "judge:<profile hash>"; aggregates are means over instances with 95 % bootstrap
 * intervals, like the deterministic ones. An instance the judge could not answer is "not judged" (null), never 0,
 * except where SCORING.md says so (an unreadable Task 3 verdict scores 0).
 */

export function judgeTemplateFor(track: TrackId): string {
  const task = taskOf(track);
  if (task === "task1" || task === "task2") return T12_REVIEW_TEMPLATE;
  if (task === "task3") return T3_USED_MEMORY_TEMPLATE;
  return track === "task4/ability5" ? T4_EI_TEMPLATE : T4_BINARY_TEMPLATE;
}

export function judgeScoreVersion(profile: JudgeProfile): string {
  return `judge:${judgeProfileHash(profile)}`;
}

export type JudgedInstance = {
  instanceId: string;
  benchmarkId: string;
  /** false when a call failed or was aborted: the instance is judged again by a later chunk (or stored as not judged on the last attempt) */
  complete: boolean;
  /** the first call failure, for logs and for the stored "not judged" reason */
  failure: string | null;
  aborted: boolean;
  metrics: Record<string, number | null>;
  detail: Record<string, unknown>;
};

type JudgeDeps = { provider: JudgeProvider; profile: JudgeProfile; cache: JudgeCache; meter: JudgeMeter; signal: AbortSignal };

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function callFacts(outcomes: readonly JudgeOutcome<unknown>[]): Pick<JudgedInstance, "complete" | "failure" | "aborted"> & { calls: Record<string, unknown>[] } {
  const failed = outcomes.filter((o) => o.status === "call_failed");
  const first = failed[0];
  return {
    complete: failed.length === 0,
    failure: first && first.status === "call_failed" ? `${first.code}: ${first.reason}` : null,
    aborted: failed.some((o) => o.status === "call_failed" && o.code === "aborted"),
    calls: outcomes.map((o) => ({ key: o.key, status: o.status, ...(o.status === "call_failed" ? {} : { fromCache: o.fromCache }) })),
  };
}

/** "English" -> en, "Chinese"/"zh" -> zh; other languages have no EI column. */
function eiLanguage(meta: unknown): "en" | "zh" | null {
  const language = String(record(meta).language ?? "").toLowerCase();
  if (language.startsWith("en")) return "en";
  if (language.startsWith("zh") || language.startsWith("chinese")) return "zh";
  return null;
}

/** Judges one instance. `entry` is the submission's first valid row for it (none: an empty prediction). */
export async function judgeInstance(track: TrackId, instance: ScopeInstance, entry: PredictionEntry | undefined, deps: JudgeDeps): Promise<JudgedInstance> {
  const task = taskOf(track);
  const ask = <K extends VerdictKind>(request: JudgeRequest<K>) =>
    judge<K>({ ...request, signal: deps.signal }, { provider: deps.provider, cache: deps.cache, meter: deps.meter });
  const base = { instanceId: instance.id, benchmarkId: instance.benchmarkId };

  if (task === "task1" || task === "task2") {
    const gold = list(record(instance.gold).memory_items);
    // the same raw items scoreTrack scored, so the algo score blended here is the one already stored
    const pred = entry ? list(entry.value.memory_items) : [];
    const match = scoreMemorySet(gold, pred);
    const review = buildT12ReviewInput(task, gold, pred, match);
    const outcome = await ask({ profile: deps.profile, prompt: renderT12Review(review.input) });
    const judgement = judgeT12Instance(unroundedAlgoScore(match), parsedOf(outcome));
    const { calls, ...facts } = callFacts([outcome]);
    return {
      ...base,
      ...facts,
      metrics: { judge_score: judgement.judgeScore, final_score: judgement.finalScore },
      detail: {
        status: judgement.status,
        calls,
        ...(judgement.status === "judged"
          ? {
              penalties: { pairs: judgement.breakdown.pairPenalty, missing: judgement.breakdown.missingPenalty, extra: judgement.breakdown.extraPenalty },
              unknownErrorTypes: judgement.breakdown.unknownErrorTypes,
            }
          : { reason: judgement.reason }),
      },
    };
  }

  if (task === "task3") {
    const target = record(record(instance.gold).selected_memory);
    const row = entry?.validated as { answer?: string; reason?: string } | undefined;
    const outcome = await ask({
      profile: deps.profile,
      prompt: renderT3UsedMemory({
        query: textOf(record(instance.input).query),
        target_memory: { value: textOf(target.value), label: textOrNull(target.label) },
        answer: row?.answer ?? null,
        reason: row?.reason ?? null,
      }),
    });
    const judgement = judgeT3Instance(parsedOf(outcome));
    const { calls, ...facts } = callFacts([outcome]);
    return {
      ...base,
      ...facts,
      metrics: { judge_recall: judgement.score },
      detail: { status: judgement.status, calls, usedMemory: judgement.usedMemory, ...(judgement.status === "judged" ? {} : { reason: judgement.reason }) },
    };
  }

  // Task 4: one call per response
  const input = record(instance.input);
  const queries = list(input.queries).map(record);
  // An official row's single answer (query_id null) answers the instance's first query, the one the
  // authors' harness puts in front of the model.
  const queryText = (queryId: unknown) => textOf((queryId === null ? queries[0] : queries.find((q) => q.query_id === queryId))?.query);
  const responses = list(record(entry?.validated).responses).map(record);
  if (track === "task4/ability5") {
    const gold = record(instance.gold);
    const memories = list(gold.memories)
      .map((m) => textOf(record(m).value))
      .filter((value) => value !== "");
    const outcomes = await Promise.all(
      responses.map((r) => ask({ profile: deps.profile, prompt: renderT4Ei({ query: queryText(r.query_id), memories, response: textOf(r.response) }) })),
    );
    const judgement = judgeT4EiInstance(outcomes.map(responseOutcomeOf));
    const { calls, ...facts } = callFacts(outcomes);
    return {
      ...base,
      ...facts,
      metrics: { resonation: judgement.avg_resonation, expression: judgement.avg_expression, reception: judgement.avg_reception, ei_score: judgement.ei_score },
      detail: {
        status: judgement.judgedCount > 0 ? "judged" : "not_judged",
        language: eiLanguage(instance.meta),
        responses: judgement.response_count,
        calls,
        failures: judgement.failures,
      },
    };
  }
  const ability = track.slice("task4/".length) as "ability1" | "ability2" | "ability3" | "ability4";
  const memory = textOf(record(record(instance.gold).selected_memory).value ?? record(input.selected_memory).value);
  const outcomes = await Promise.all(
    responses.map((r) => ask({ profile: deps.profile, prompt: renderT4Binary({ ability, query: queryText(r.query_id), memory, response: textOf(r.response) }) })),
  );
  const judgement = judgeT4BinaryInstance(outcomes.map(responseOutcomeOf));
  const { calls, ...facts } = callFacts(outcomes);
  return {
    ...base,
    ...facts,
    metrics: { score: judgement.score },
    detail: {
      status: judgement.score === null ? "not_judged" : "judged",
      responses: judgement.responseCount,
      judged: judgement.judgedCount,
      calls,
      failures: judgement.failures,
    },
  };
}

/** The row stored for an instance whose judge never answered (the last attempt writes these). */
export function notJudged(judged: JudgedInstance): JudgedInstance {
  const metrics = Object.fromEntries(Object.keys(judged.metrics).map((k) => [k, k === "final_score" ? (judged.metrics[k] ?? null) : null]));
  return { ...judged, complete: true, metrics, detail: { ...judged.detail, status: "not_judged", reason: judged.failure ?? "the judge did not answer" } };
}

/**
 * Judge aggregates of a track from the stored per-instance rows: means over the instances that have a value (n
 * says how many), with the deterministic scorer's bootstrap. Metrics with no value at all are left out.
 */
export function judgeAggregates(track: TrackId, rows: readonly { metrics: unknown; meta: unknown }[], seed: string): Record<string, AggregateMetric> {
  const values = (metric: string, filter: (row: { metrics: unknown; meta: unknown }) => boolean = () => true) =>
    rows.filter(filter).flatMap((row) => {
      const value = record(row.metrics)[metric];
      return typeof value === "number" && Number.isFinite(value) ? [value] : [];
    });
  const out: Record<string, AggregateMetric> = {};
  const put = (metric: string, xs: number[]) => {
    if (xs.length === 0) return;
    const ci = bootstrapCI(xs, { seed: `${seed}:${track}:judge:${metric}`, resamples: BOOTSTRAP_RESAMPLES });
    out[metric] = { value: ci.mean, n: ci.n, ciLow: ci.low, ciHigh: ci.high, share: 1 / ci.n };
  };
  const task = taskOf(track);
  if (task === "task1" || task === "task2") {
    put("judge_score", values("judge_score"));
    put("final_score", values("final_score"));
  } else if (task === "task3") {
    put("judge_recall", values("judge_recall"));
  } else if (track === "task4/ability5") {
    for (const language of ["en", "zh"] as const) {
      const inLanguage = (row: { meta: unknown }) => eiLanguage(row.meta) === language;
      put(`ei_${language}`, values("ei_score", inLanguage));
      for (const dim of ["resonation", "expression", "reception"]) put(`${dim}_${language}`, values(dim, inLanguage));
    }
  } else {
    put("score", values("score"));
  }
  return out;
}
