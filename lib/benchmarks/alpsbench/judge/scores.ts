import { pythonRound } from "@/lib/benchmarks/alpsbench/scoring/python-round";
import { pyInt } from "./python-compat";
import type { ParsedVerdict } from "@/lib/llm-judge/parse";
import { mean } from "@/lib/metrics/aggregate";
import type { T12ReviewVerdict, T3UsedMemoryVerdict, T4BinaryVerdict, T4EiVerdict } from "./verdicts";
import { EI_DIMENSIONS, type EiDimension } from "./verdicts";

/**
 * Judge metrics from verdicts (SCORING.md, "Judge score for Task 1/2", "Task 3", "Task 4"). Pure.
 * A judge that was not asked, or whose answer could not be read, yields `null` scores with a reason,
 * never a silent zero; the single exception is the rule SCORING.md states for Task 3 (unparsable -> 0).
 */

// ================================================================ Task 1 / Task 2

const PAIR_PENALTY_BASE = {
  EQUIVALENT: 0,
  VALUE_DRIFT: 12,
  HALLUCINATION: 15,
  LABEL_WRONG: 6,
  TYPE_WRONG: 6,
  OVERGENERAL: 3,
  UNDERGENERAL: 3,
  OTHER: 4,
} as const;
type PairErrorType = keyof typeof PAIR_PENALTY_BASE;
const MISSING_PENALTY_BASE = 10;
const EXTRA_PENALTY_BASE = 15;
/** Weight of the judge score in the Task 1/2 final score (the algo score gets the rest). */
const T12_JUDGE_WEIGHT = 0.5;

/**
 * m(s) = 0.5 + 0.5*s, s clamped to 0..3. Missing severity counts as s = 1; a severity that does not read
 * as an integer the way Python's int() reads it (null, "2.5", "high", NaN) gives multiplier 1.0.
 * Floats are truncated toward zero as int() does (2.9 -> 2), booleans are 0/1.
 */
export function severityMultiplier(severity: unknown): number {
  const s = severity === undefined ? 1 : pyInt(severity);
  if (s === null) return 1.0;
  const clamped = Math.min(3, Math.max(0, s));
  return 0.5 + 0.5 * clamped;
}

/**
 * The error type a pair review is charged for: a string is upper-cased (not trimmed) and looked up;
 * missing means OTHER; anything unknown is charged as OTHER.
 */
export function pairErrorType(errorType: unknown): { type: PairErrorType; asGiven: string | null; known: boolean } {
  if (errorType === undefined) return { type: "OTHER", asGiven: null, known: true };
  if (typeof errorType !== "string") return { type: "OTHER", asGiven: JSON.stringify(errorType) ?? null, known: false };
  const upper = errorType.toUpperCase();
  if (Object.hasOwn(PAIR_PENALTY_BASE, upper)) return { type: upper as PairErrorType, asGiven: errorType, known: true };
  return { type: "OTHER", asGiven: errorType, known: false };
}

type T12JudgeBreakdown = {
  pairPenalty: number;
  missingPenalty: number;
  extraPenalty: number;
  /** 100 minus all penalties, before clipping to [0, 100] */
  unclipped: number;
  /** error types the judge wrote that are not in the list (charged as OTHER) */
  unknownErrorTypes: string[];
};

/**
 * Judge score = clip(100 - penalties, 0, 100), rounded to 4 decimals as the authors store it.
 * Every pair review is charged by its error type (the `ok` flag is not read); a missing review only when
 * should_have_extracted is exactly `true`, an extra review only when hallucinated is exactly `true`.
 */
export function t12JudgeScore(verdict: T12ReviewVerdict): { score: number; breakdown: T12JudgeBreakdown } {
  const unknownErrorTypes: string[] = [];
  const pair = verdict.pair_reviews.map((review) => {
    const errorType = pairErrorType(review.error_type);
    if (!errorType.known && errorType.asGiven !== null) unknownErrorTypes.push(errorType.asGiven);
    return PAIR_PENALTY_BASE[errorType.type] * severityMultiplier(review.severity);
  });
  const missing = verdict.missing_reviews.filter((r) => r.should_have_extracted === true).map((r) => MISSING_PENALTY_BASE * severityMultiplier(r.severity));
  const extra = verdict.extra_reviews.filter((r) => r.hallucinated === true).map((r) => EXTRA_PENALTY_BASE * severityMultiplier(r.severity));
  // subtracted one by one in review order: a sum taken first could differ in the last bit
  let score = 100;
  for (const penalty of [...pair, ...missing, ...extra]) score -= penalty;
  const total = (penalties: number[]) => penalties.reduce((sum, penalty) => sum + penalty, 0);
  return {
    score: pythonRound(Math.min(100, Math.max(0, score)), 4),
    breakdown: { pairPenalty: total(pair), missingPenalty: total(missing), extraPenalty: total(extra), unclipped: score, unknownErrorTypes },
  };
}

/**
 * final = 0.5*algo + 0.5*judge, rounded to 4 decimals; `algoScore100` must be the unrounded algo score
 * (the authors blend before rounding). Not judged -> the algo score alone, rounded the same way.
 */
export function t12FinalScore(algoScore100: number, judgeScore: number | null): number {
  if (judgeScore === null) return pythonRound(algoScore100, 4);
  return pythonRound((1 - T12_JUDGE_WEIGHT) * algoScore100 + T12_JUDGE_WEIGHT * judgeScore, 4);
}

type T12Judgement =
  | {
      status: "judged";
      judgeScore: number;
      finalScore: number;
      breakdown: T12JudgeBreakdown;
    }
  | {
      /** no judge output (not asked, call failed) or an unreadable one: shown as "not judged" */
      status: "not_judged" | "unparsable";
      judgeScore: null;
      finalScore: number;
      reason: string;
    };

/** One Task 1/2 instance: combine the algo score with the judge's parse result (or its absence). */
export function judgeT12Instance(algoScore100: number, parsed: ParsedVerdict<T12ReviewVerdict> | { ok: false; notJudged: true; reason: string }): T12Judgement {
  if (!parsed.ok) {
    const status = "notJudged" in parsed ? "not_judged" : "unparsable";
    return { status, judgeScore: null, finalScore: t12FinalScore(algoScore100, null), reason: parsed.reason };
  }
  const { score, breakdown } = t12JudgeScore(parsed.verdict);
  return { status: "judged", judgeScore: score, finalScore: t12FinalScore(algoScore100, score), breakdown };
}

// ================================================================ Task 3

export type T3Judgement =
  | { status: "judged"; score: number; usedMemory: boolean | null }
  /** SCORING.md: an unparsable Task 3 verdict scores 0; the failure is still recorded */
  | { status: "unparsable"; score: 0; usedMemory: null; reason: string }
  | { status: "not_judged"; score: null; usedMemory: null; reason: string };

export function judgeT3Instance(parsed: ParsedVerdict<T3UsedMemoryVerdict> | { ok: false; notJudged: true; reason: string }): T3Judgement {
  if (!parsed.ok) {
    return "notJudged" in parsed
      ? { status: "not_judged", score: null, usedMemory: null, reason: parsed.reason }
      : { status: "unparsable", score: 0, usedMemory: null, reason: parsed.reason };
  }
  return { status: "judged", score: parsed.verdict.score, usedMemory: parsed.verdict.used_memory ?? null };
}

export function aggregateT3(judgements: readonly T3Judgement[]) {
  const scores = judgements.flatMap((j) => (j.score === null ? [] : [j.score]));
  return {
    /** instances with a score (judged or unparsable-as-0) */
    n: scores.length,
    notJudged: judgements.filter((j) => j.status === "not_judged").length,
    unparsable: judgements.filter((j) => j.status === "unparsable").length,
    meanScore: mean(scores),
    /** share of scored instances with score > 0.5 */
    shareAboveHalf: scores.length ? scores.filter((s) => s > 0.5).length / scores.length : null,
  };
}

// ================================================================ Task 4: PA / PF / VRA / CF

export type ResponseOutcome<V> = { ok: true; verdict: V } | { ok: false; reason: string; notJudged?: boolean };

/** A response the judge did not answer or whose answer did not read as a verdict. */
type Failure = { index: number; reason: string };

export type T4BinaryJudgement = {
  /** mean of the 0/1 scores of the responses that were judged; null when none was */
  score: number | null;
  responseCount: number;
  judgedCount: number;
  failures: Failure[];
};

export function judgeT4BinaryInstance(responses: readonly ResponseOutcome<T4BinaryVerdict>[]): T4BinaryJudgement {
  const scores: number[] = [];
  const failures: Failure[] = [];
  responses.forEach((outcome, index) => {
    if (outcome.ok) scores.push(outcome.verdict.score);
    else failures.push({ index, reason: outcome.reason });
  });
  return { score: mean(scores), responseCount: responses.length, judgedCount: scores.length, failures };
}

export function aggregateT4Binary(instances: readonly T4BinaryJudgement[]): { n: number; notJudged: number; mean: number | null } {
  const scores = instances.flatMap((i) => (i.score === null ? [] : [i.score]));
  return { n: scores.length, notJudged: instances.length - scores.length, mean: mean(scores) };
}

// ================================================================ Task 4: EI

export type EiScores = {
  response_count: number;
  avg_resonation: number | null;
  avg_expression: number | null;
  avg_reception: number | null;
  /** mean of the dimension means that exist */
  ei_score: number | null;
};

/**
 * Per instance: each dimension's mean over the responses that rated it (a null rating is left out, not
 * counted as 0, as in the authors' aggregation), and the mean of those means.
 */
export function judgeT4EiInstance(responses: readonly ResponseOutcome<T4EiVerdict>[]): EiScores & { judgedCount: number; failures: Failure[] } {
  const byDim: Record<EiDimension, number[]> = { resonation: [], expression: [], reception: [] };
  const failures: Failure[] = [];
  let judgedCount = 0;
  responses.forEach((outcome, index) => {
    if (!outcome.ok) {
      failures.push({ index, reason: outcome.reason });
      return;
    }
    judgedCount += 1;
    for (const dim of EI_DIMENSIONS) {
      const rating = outcome.verdict[dim];
      if (rating !== null) byDim[dim].push(rating);
    }
  });
  return { response_count: responses.length, ...eiMeans(byDim), judgedCount, failures };
}

/** Macro means over instances (every leaderboard number is a mean over instances). */
export function aggregateT4Ei(instances: readonly EiScores[]): EiScores & { n: number } {
  const values = (key: "avg_resonation" | "avg_expression" | "avg_reception") => instances.flatMap((i) => (i[key] === null ? [] : [i[key]]));
  return {
    n: instances.filter((i) => i.ei_score !== null).length,
    response_count: instances.reduce((sum, i) => sum + i.response_count, 0),
    ...eiMeans({ resonation: values("avg_resonation"), expression: values("avg_expression"), reception: values("avg_reception") }),
  };
}

/** Each dimension's mean, and EI: the mean of the dimension means that exist. */
function eiMeans(byDim: Record<EiDimension, number[]>): Omit<EiScores, "response_count"> {
  const avg = { avg_resonation: mean(byDim.resonation), avg_expression: mean(byDim.expression), avg_reception: mean(byDim.reception) };
  return { ...avg, ei_score: mean(Object.values(avg).filter((v): v is number => v !== null)) };
}
